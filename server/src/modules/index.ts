import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts/index.ts';
import { adminRoutes } from './admin/index.ts';
import { cartRoutes } from './cart/index.ts';
import { catalogRoutes } from './catalog/index.ts';
import { contactRoutes } from './contact/index.ts';
import { mediaRoutes } from './media/index.ts';
import { orderRoutes } from './orders/index.ts';
import { reviewRoutes } from './reviews/index.ts';
import { searchRoutes } from './search/index.ts';
import { siteRoutes } from './site/index.ts';

export { webRoutes } from './web/index.ts';

/**
 * Every domain module's own routes; each module is a Fastify plugin with its own routes.ts.
 * app.ts registers the workflows' routes after these, and the web app (webRoutes) last: its
 * not-found handler is the SPA fallback.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(accountRoutes);
  await app.register(catalogRoutes);
  await app.register(mediaRoutes);
  await app.register(reviewRoutes);
  await app.register(searchRoutes);
  await app.register(adminRoutes);
  await app.register(contactRoutes);
  await app.register(siteRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
}
