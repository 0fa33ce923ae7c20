import {
  buyNowSchema,
  orderItemParamsSchema,
  orderParamsSchema,
  sessionParamsSchema,
  shippingAddressSchema,
  shoppingId,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerIdOf, principalOf, requireCustomerToken, requireRole } from '../accounts/guard.ts';
import { cancelOrderItem } from './cancel-item.ts';
import type { ShopDeps } from './confirm-payment.ts';
import { changeOrderAddress, deliverItem, shipItem } from './fulfilment.ts';
import { confirmBuyNowByProduct, confirmByItem, confirmBySession } from './legacy-confirm.ts';
import orderListRoutes from './list-routes.ts';
import { getCustomerOrder } from './order-lines.ts';
import { sweepOwedRefunds } from './owed-refunds.ts';
import { completeCheckout, startCardCheckout } from './place-order.ts';
import { expireReservations } from './reservations.ts';

/** How often each process sweeps expired card reservations and owed refunds (both safe to run everywhere). */
const SWEEP_MS = 60_000;

/** Orders: COD and card checkout, legacy success calls, order lists (list-routes.ts), cancel, seller fulfilment. */
export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const asSeller = { onRequest: requireRole('seller') };
  const deps = (req: FastifyRequest): ShopDeps & { publicUrl: string } => ({
    ...app.deps,
    log: req.log,
    publicUrl: config.publicUrl,
  });

  // Its one statement locks the customer's row, so the guard need not read it first.
  app.put('/api/user/order-success', { onRequest: requireCustomerToken }, async (req) => {
    return { success: true, order: await completeCheckout(deps(req), customerIdOf(req)) };
  });

  app.post('/api/user/checkout-session', asUser, async (req) => {
    const session = await startCardCheckout(deps(req), principalOf(req).id, {
      source: 'cart',
    });
    return { success: true, ...session };
  });

  app.post(
    '/api/user/checkout-session-buyNow',
    { ...asUser, schema: { body: buyNowSchema } },
    async (req) => {
      const session = await startCardCheckout(deps(req), principalOf(req).id, {
        source: 'buy_now',
        productId: req.body.productId,
        quantity: req.body.quantity,
      });
      return { success: true, ...session };
    },
  );

  app.put(
    '/api/user/order-successfull/:productId',
    { ...asUser, schema: { params: z.object({ productId: shoppingId('productId') }) } },
    async (req) => {
      const result = await confirmBuyNowByProduct(deps(req), principalOf(req).id, req.params.productId);
      return { success: true, cartProductObjectId: result.itemId, paymentStatus: result.paymentStatus };
    },
  );

  app.put(
    '/api/user/order-buy-success/:cartProductObjectId',
    { ...asUser, schema: { params: z.object({ cartProductObjectId: shoppingId('cartProductObjectId') }) } },
    async (req) => {
      const result = await confirmByItem(deps(req), principalOf(req).id, req.params.cartProductObjectId);
      return { success: true, paymentStatus: result.paymentStatus };
    },
  );

  app.post(
    '/api/payments/session/:sessionId/confirm',
    { ...asUser, schema: { params: sessionParamsSchema } },
    async (req) => {
      const userId = principalOf(req).id;
      const orderId = await confirmBySession(deps(req), userId, req.params.sessionId);
      const order = await getCustomerOrder(db, userId, orderId);
      return { success: true, paid: order.paymentStatus === 'paid', order };
    },
  );

  app.get('/api/user/orders/:orderId', { ...asUser, schema: { params: orderParamsSchema } }, async (req) => {
    return { success: true, order: await getCustomerOrder(db, principalOf(req).id, req.params.orderId) };
  });

  app.post(
    '/api/user/orders/:itemId/cancel',
    { ...asUser, schema: { params: orderItemParamsSchema } },
    async (req) => {
      await cancelOrderItem(deps(req), { userId: principalOf(req).id }, req.params.itemId);
      return { success: true, message: 'One Order Cancelled' };
    },
  );

  app.put(
    '/api/user/orders/:orderId/address',
    { ...asUser, schema: { params: orderParamsSchema, body: shippingAddressSchema } },
    async (req) => {
      const userId = principalOf(req).id;
      await changeOrderAddress(db, userId, req.params.orderId, req.body);
      return { success: true, order: await getCustomerOrder(db, userId, req.params.orderId) };
    },
  );

  app.post(
    '/api/seller/orders/:itemId/ship',
    { ...asSeller, schema: { params: orderItemParamsSchema } },
    async (req) => {
      const item = await shipItem(deps(req), principalOf(req).id, req.params.itemId);
      return { success: true, _id: item.id, status: item.status };
    },
  );

  app.post(
    '/api/seller/orders/:itemId/deliver',
    { ...asSeller, schema: { params: orderItemParamsSchema } },
    async (req) => {
      const item = await deliverItem(db, principalOf(req).id, req.params.itemId);
      return { success: true, _id: item.id, status: item.status };
    },
  );

  app.post(
    '/api/seller/orders/:itemId/cancel',
    { ...asSeller, schema: { params: orderItemParamsSchema } },
    async (req) => {
      await cancelOrderItem(deps(req), { sellerId: principalOf(req).id }, req.params.itemId);
      return { success: true };
    },
  );

  await app.register(orderListRoutes);

  // Unpaid card reservations return their stock after 30 minutes, and refunds the shop owes are
  // retried until the provider confirms them; unref'd so it never keeps a process alive.
  const sweep = setInterval(() => {
    expireReservations(db).catch((err) => app.log.error({ err }, 'reservation sweep failed'));
    sweepOwedRefunds({ ...app.deps, log: app.log }).catch((err) =>
      app.log.error({ err }, 'refund sweep failed'),
    );
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
