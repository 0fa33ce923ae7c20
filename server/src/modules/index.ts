import type { FastifyInstance } from 'fastify';
import addressBookRoutes from './accounts/address-routes.ts';
import passwordRoutes from './accounts/password-routes.ts';
import accountRoutes from './accounts/routes.ts';
import adminRoutes from './admin/routes.ts';
import cartRoutes from './cart/routes.ts';
import catalogRoutes from './catalog/routes.ts';
import contactRoutes from './contact/routes.ts';
import { invoiceRoutes } from './invoices/index.ts';
import { ledgerRoutes } from './ledger/index.ts';
import mediaRoutes from './media/routes.ts';
import { messageRoutes } from './messages/index.ts';
import offersRoutes from './offers/routes.ts';
import orderRoutes from './orders/routes.ts';
import { returnListRoutes } from './returns/index.ts';
import reviewRoutes from './reviews/routes.ts';
import searchRoutes from './search/routes.ts';
import { sellerCentreRoutes } from './seller-centre/index.ts';
import siteRoutes from './site/routes.ts';
import wishlistRoutes from './wishlist/routes.ts';

export { default as webRoutes } from './web/routes.ts';

/**
 * Every domain module's own routes; each module is a Fastify plugin with its own routes.ts.
 * app.ts registers the workflows' routes after these, and the web app (webRoutes) last: its
 * not-found handler is the SPA fallback.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(accountRoutes);
  await app.register(addressBookRoutes);
  await app.register(passwordRoutes);
  await app.register(catalogRoutes);
  await app.register(mediaRoutes);
  await app.register(reviewRoutes);
  await app.register(searchRoutes);
  await app.register(adminRoutes);
  await app.register(contactRoutes);
  await app.register(siteRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(wishlistRoutes);
  await app.register(invoiceRoutes);
  await app.register(ledgerRoutes);
  await app.register(returnListRoutes);
  await app.register(sellerCentreRoutes);
  await app.register(offersRoutes);
  await app.register(messageRoutes);
}
