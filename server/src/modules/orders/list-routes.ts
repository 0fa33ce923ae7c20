import {
  legacyListQuerySchema,
  orderLineListSchema,
  orderListQuerySchema,
  orderSummaryListSchema,
  responses,
  sellerOrderLineListSchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readOldestFirst } from '../../lib/legacy-list.ts';
import { principalOf, requireRole } from '../accounts/index.ts';
import { listCustomerOrders } from './customer-orders.ts';
import { listCustomerOrderLines, listSellerOrderLines } from './order-lines.ts';

/**
 * Order lists. The SPEC §7 calls answer as the original server did, because its client is written
 * against them: oldest first (it reverses them to show the newest first) and without cancelled
 * items (it ignores `status`). The new app reads its own lists: newest first, every status, and the
 * shopper's grouped by order (ADR 007).
 */
export default async function orderListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const asSeller = { onRequest: requireRole('seller') };
  const customerLines = responses(orderLineListSchema);
  const sellerLines = responses(sellerOrderLineListSchema);
  const cap = config.legacyListLimit;

  app.get(
    '/api/user/my-orders',
    { ...asUser, schema: { querystring: legacyListQuerySchema, response: customerLines } },
    async (req, reply) => {
      const userId = principalOf(req).id;
      const { items, total } = await readOldestFirst(req.query, cap, (page) =>
        listCustomerOrderLines(db, userId, { ...page, includeCancelled: false }),
      );
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  // The web app's My Orders: whole orders (one per checkout), newest first, every status.
  app.get(
    '/api/user/orders',
    { ...asUser, schema: { querystring: orderListQuerySchema, response: responses(orderSummaryListSchema) } },
    async (req, reply) => {
      const { items, total } = await listCustomerOrders(db, principalOf(req).id, req.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/seller/seller-orders',
    { ...asSeller, schema: { querystring: legacyListQuerySchema, response: sellerLines } },
    async (req, reply) => {
      const sellerId = principalOf(req).id;
      const { items, total } = await readOldestFirst(req.query, cap, (page) =>
        listSellerOrderLines(db, sellerId, { ...page, includeCancelled: false }),
      );
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/seller/orders',
    { ...asSeller, schema: { querystring: orderListQuerySchema, response: sellerLines } },
    async (req, reply) => {
      const query = { ...req.query, order: 'newest', includeCancelled: true } as const;
      const { items, total } = await listSellerOrderLines(db, principalOf(req).id, query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
}
