import {
  type BulkShipAnswer,
  bulkShipAnswerSchema,
  bulkShipSchema,
  type ItemStatusAnswer,
  itemStatusAnswerSchema,
  type OrderAnswer,
  orderAnswerSchema,
  orderItemParamsSchema,
  orderParamsSchema,
  responses,
  shipItemSchema,
  shippingAddressSchema,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../accounts/index.ts';
import { changeOrderAddress, deliverItem, type OrderDeps, shipItem, shipItems } from './fulfilment.ts';
import orderListRoutes from './list-routes.ts';
import { getCustomerOrder } from './order-lines.ts';

/**
 * Orders: one order, its address, seller fulfilment, the order lists (list-routes.ts). Placing,
 * paying and cancelling span modules: they are workflows (server/src/workflows/routes.ts).
 */
export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const asSeller = { onRequest: requireRole('seller') };
  const deps = (req: FastifyRequest): OrderDeps => ({ ...app.deps, log: req.log });

  const oneOrder = { params: orderParamsSchema, response: responses(orderAnswerSchema) };
  const itemStatus = { params: orderItemParamsSchema, response: responses(itemStatusAnswerSchema) };

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

  app.post(
    '/api/seller/orders/:itemId/ship',
    { ...asSeller, schema: { ...itemStatus, body: shipItemSchema } },
    async (req): Promise<ItemStatusAnswer> => {
      const item = await shipItem(deps(req), principalOf(req).id, req.params.itemId, req.body ?? {});
      return { success: true, _id: item.id, status: item.status };
    },
  );

  app.post(
    '/api/seller/orders/ship',
    { ...asSeller, schema: { body: bulkShipSchema, response: responses(bulkShipAnswerSchema) } },
    async (req): Promise<BulkShipAnswer> => {
      const { itemIds, courier, awb } = req.body;
      const items = await shipItems(deps(req), principalOf(req).id, itemIds, { courier, awb });
      return { success: true, items: items.map((i) => ({ _id: i.id, status: i.status })) };
    },
  );

  app.post(
    '/api/seller/orders/:itemId/deliver',
    { ...asSeller, schema: itemStatus },
    async (req): Promise<ItemStatusAnswer> => {
      const item = await deliverItem(db, principalOf(req).id, req.params.itemId, {
        returnWindowDays: app.deps.config.returns.windowDays,
        defaultCommissionBp: app.deps.config.commissionBp,
      });
      return { success: true, _id: item.id, status: item.status };
    },
  );

  await app.register(orderListRoutes);
}
