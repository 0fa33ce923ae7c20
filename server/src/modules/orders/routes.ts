import {
  type OrderAnswer,
  orderAnswerSchema,
  orderParamsSchema,
  responses,
  shippingAddressSchema,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../accounts/index.ts';
import { changeOrderAddress } from './fulfilment.ts';
import orderListRoutes from './list-routes.ts';
import { getCustomerOrder } from './order-lines.ts';

/**
 * Orders: one order, its address, the order lists (list-routes.ts). Placing, paying, cancelling
 * and shipping span modules: they are workflows (server/src/workflows/routes.ts, shipment-routes.ts).
 */
export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const asUser = { onRequest: requireRole('user') };

  const oneOrder = { params: orderParamsSchema, response: responses(orderAnswerSchema) };

  app.get('/api/user/orders/:orderId', { ...asUser, schema: oneOrder }, async (req): Promise<OrderAnswer> => {
    return { success: true, order: await getCustomerOrder(db, principalOf(req).id, req.params.orderId) };
  });

  app.put(
    '/api/user/orders/:orderId/address',
    { ...asUser, schema: { ...oneOrder, body: shippingAddressSchema } },
    async (req): Promise<OrderAnswer> => {
      const userId = principalOf(req).id;
      await changeOrderAddress(db, userId, req.params.orderId, req.body, app.deps.config.delivery);
      return { success: true, order: await getCustomerOrder(db, userId, req.params.orderId) };
    },
  );

  await app.register(orderListRoutes);
}
