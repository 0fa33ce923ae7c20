import {
  type AdminPage,
  adminListQuerySchema,
  adminMessageSchema,
  adminOrderSchema,
  adminPageSchema,
  adminProductSchema,
  adminSellerSchema,
  adminStatsSchema,
  adminUserSchema,
  responses,
  sellerModerationAnswerSchema,
  sellerProfileListAllSchema,
  userProfileListAllSchema,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../lib/ids.ts';
import {
  principalOf,
  reinstateSeller,
  requireRole,
  suspendSeller,
  toSellerProfile,
} from '../accounts/index.ts';
import { recordAudit } from './audit.ts';
import { listMessages } from './messages.ts';
import adminMoneyRoutes from './money-routes.ts';
import { listAdminOrders } from './orders.ts';
import { allSellers, allUsers, listSellers, listUsers } from './people.ts';
import { listAdminProducts } from './products.ts';
import { dashboardStats } from './stats.ts';

function withTotal<T>(reply: FastifyReply, page: AdminPage<T>): AdminPage<T> {
  reply.header('x-total-count', String(page.total));
  return page;
}

/**
 * The admin back office: the old dashboard's counts (bare arrays), searchable paginated lists,
 * seller moderation, product removal and the dashboard figures. Every route needs an admin token.
 */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  app.addHook('onRequest', requireRole('admin'));
  await app.register(adminMoneyRoutes);

  const { gstMode } = app.deps.config;
  const answer = <T extends z.ZodType>(schema: T) => ({ schema: { response: responses(schema) } });
  const list = <T extends z.ZodType>(item: T) => ({
    schema: { querystring: adminListQuerySchema, response: responses(adminPageSchema(item)) },
  });
  const sellerParams = {
    schema: {
      params: z.object({ id: idSchema('Seller id') }),
      response: responses(sellerModerationAnswerSchema),
    },
  };

  app.get('/api/admin/getAllSellers', answer(sellerProfileListAllSchema), async () =>
    allSellers(db, gstMode),
  );
  app.get('/api/admin/getAllUsers', answer(userProfileListAllSchema), async () => allUsers(db));

  app.get('/api/admin/sellers', list(adminSellerSchema), async (req, reply) =>
    withTotal(reply, await listSellers(db, req.query, gstMode)),
  );
  app.get('/api/admin/users', list(adminUserSchema), async (req, reply) =>
    withTotal(reply, await listUsers(db, req.query)),
  );
  app.get('/api/admin/products', list(adminProductSchema), async (req, reply) =>
    withTotal(reply, await listAdminProducts(db, req.query)),
  );
  app.get('/api/admin/orders', list(adminOrderSchema), async (req, reply) =>
    withTotal(reply, await listAdminOrders(db, req.query)),
  );
  app.get('/api/admin/messages', list(adminMessageSchema), async (req, reply) =>
    withTotal(reply, await listMessages(db, req.query)),
  );

  app.post('/api/admin/sellers/:id/suspend', sellerParams, async (req) => {
    const seller = await suspendSeller(db, req.params.id);
    await recordAudit(db, principalOf(req), 'seller.suspend', { kind: 'seller', id: seller.id });
    return { success: true as const, seller: toSellerProfile(seller, gstMode) };
  });
  app.post('/api/admin/sellers/:id/reinstate', sellerParams, async (req) => {
    const seller = await reinstateSeller(db, req.params.id);
    await recordAudit(db, principalOf(req), 'seller.reinstate', { kind: 'seller', id: seller.id });
    return { success: true as const, seller: toSellerProfile(seller, gstMode) };
  });

  const statsQuery = z.object({
    days: z.enum(['7', '30', '90'], { error: 'days must be 7, 30 or 90' }).optional(),
  });
  app.get(
    '/api/admin/stats',
    { schema: { querystring: statsQuery, response: responses(adminStatsSchema) } },
    async (req) => dashboardStats(db, new Date(), Number(req.query.days ?? 30)),
  );
}
