import {
  type BuyNowSuccessAnswer,
  buyNowSchema,
  buyNowSuccessAnswerSchema,
  type CheckoutSessionAnswer,
  checkoutSessionAnswerSchema,
  localeOfCookie,
  type OkAnswer,
  type OkMessageAnswer,
  type OrderAnswer,
  type OrderPaidAnswer,
  okAnswerSchema,
  okMessageAnswerSchema,
  orderAnswerSchema,
  orderItemParamsSchema,
  orderPaidAnswerSchema,
  type PaymentConfirmAnswer,
  type PaymentMethodAnswer,
  paymentConfirmAnswerSchema,
  paymentMethodAnswerSchema,
  paymentMethodName,
  paymentMethodSchema,
  placeOrderSchema,
  productRemovalAnswerSchema,
  type RemoveCartAnswer,
  removeCartAnswerSchema,
  removeCartSchema,
  responses,
  type SellerGstAnswer,
  sellerGstAnswerSchema,
  sellerGstSchema,
  sessionParamsSchema,
  shoppingId,
} from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/errors.ts';
import { idSchema } from '../lib/ids.ts';
import { rupeesToPaise } from '../lib/money.ts';
import { customerOf, principalOf, requireCustomerToken, requireRole } from '../modules/accounts/index.ts';
import { recordAudit } from '../modules/admin/index.ts';
import { CART_LINE_NOT_FOUND, removeCartLine } from '../modules/cart/index.ts';
import { productIdToDelete } from '../modules/catalog/index.ts';
import { getCustomerOrder } from '../modules/orders/index.ts';
import { cancelOrderItem } from './cancel-item.ts';
import { completeCheckout, startCardCheckout } from './checkout.ts';
import codConfirmRoutes from './cod-confirm-routes.ts';
import codRiskRoutes from './cod-risk-routes.ts';
import { deleteCustomerAccount } from './delete-account.ts';
import type { WorkflowDeps } from './deps.ts';
import { confirmBuyNowByProduct, confirmByItem, confirmBySession } from './legacy-confirm.ts';
import { choosePaymentMethod } from './payment-method.ts';
import { removeProductByAdmin, removeSellerProduct } from './remove-product.ts';
import returnRoutes from './return-routes.ts';
import { saveSellerGst } from './seller-gst.ts';
import shipmentRoutes from './shipment-routes.ts';
import paymentPageRoutes from './test-pay-page.ts';

/**
 * The routes whose work spans modules: placing and paying for orders, cancelling an item,
 * removing a product, deleting an account, the payment provider's webhook and test page. Each
 * handler parses, authorises and calls one workflow; the modules' own routes never call workflows.
 */
/** The total a shopper saw, in paise, when their client sent it (`placeOrderSchema`). */
const expectedPaise = (body: { expectedTotal?: number } | undefined) =>
  body?.expectedTotal === undefined ? undefined : rupeesToPaise(body.expectedTotal);

export default async function workflowRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, storage } = app.deps;
  const asUser = { onRequest: requireRole('user') };
  const asSeller = { onRequest: requireRole('seller') };
  const asAdmin = { onRequest: requireRole('admin') };
  const session = { response: responses(checkoutSessionAnswerSchema) };
  const ok = { response: responses(okAnswerSchema) };
  const okMessage = { response: responses(okMessageAnswerSchema) };
  const deps = (req: FastifyRequest): WorkflowDeps & { publicUrl: string } => ({
    ...app.deps,
    log: req.log,
    publicUrl: config.publicUrl,
  });

  // Its one statement locks the customer's row, so the guard need not read it first.
  const placed = {
    onRequest: requireCustomerToken,
    schema: { body: placeOrderSchema, response: responses(orderAnswerSchema) },
  };
  app.put('/api/user/order-success', placed, async (req): Promise<OrderAnswer> => {
    const locale = localeOfCookie(req.headers.cookie);
    const expected = expectedPaise(req.body);
    return { success: true, order: await completeCheckout(deps(req), customerOf(req), locale, expected) };
  });

  app.put(
    '/api/seller/gst-details',
    { ...asSeller, schema: { body: sellerGstSchema, response: responses(sellerGstAnswerSchema) } },
    async (req): Promise<SellerGstAnswer> => saveSellerGst(deps(req), principalOf(req).id, req.body),
  );

  app.post(
    '/api/user/checkout-session',
    { ...asUser, schema: { ...session, body: placeOrderSchema } },
    async (req): Promise<CheckoutSessionAnswer> => {
      const session = await startCardCheckout(deps(req), principalOf(req).id, {
        source: 'cart',
        expectedTotalPaise: expectedPaise(req.body),
      });
      return { success: true, ...session };
    },
  );

  app.post(
    '/api/user/checkout-session-buyNow',
    { ...asUser, schema: { ...session, body: buyNowSchema } },
    async (req): Promise<CheckoutSessionAnswer> => {
      const session = await startCardCheckout(deps(req), principalOf(req).id, {
        source: 'buy_now',
        productId: req.body.productId,
        variantId: req.body.variantId,
        quantity: req.body.quantity,
      });
      return { success: true, ...session };
    },
  );

  app.put(
    '/api/user/order-successfull/:productId',
    {
      ...asUser,
      schema: {
        params: z.object({ productId: shoppingId('productId') }),
        response: responses(buyNowSuccessAnswerSchema),
      },
    },
    async (req): Promise<BuyNowSuccessAnswer> => {
      const result = await confirmBuyNowByProduct(deps(req), principalOf(req).id, req.params.productId);
      return { success: true, cartProductObjectId: result.itemId, paymentStatus: result.paymentStatus };
    },
  );

  app.put(
    '/api/user/order-buy-success/:cartProductObjectId',
    {
      ...asUser,
      schema: {
        params: z.object({ cartProductObjectId: shoppingId('cartProductObjectId') }),
        response: responses(orderPaidAnswerSchema),
      },
    },
    async (req): Promise<OrderPaidAnswer> => {
      const result = await confirmByItem(deps(req), principalOf(req).id, req.params.cartProductObjectId);
      return { success: true, paymentStatus: result.paymentStatus };
    },
  );

  app.post(
    '/api/payments/session/:sessionId/confirm',
    { ...asUser, schema: { params: sessionParamsSchema, response: responses(paymentConfirmAnswerSchema) } },
    async (req): Promise<PaymentConfirmAnswer> => {
      const userId = principalOf(req).id;
      const orderId = await confirmBySession(deps(req), userId, req.params.sessionId);
      const order = await getCustomerOrder(db, userId, orderId);
      return { success: true, paid: order.paymentStatus === 'paid', order };
    },
  );

  app.post(
    '/api/user/orders/:itemId/cancel',
    { ...asUser, schema: { ...okMessage, params: orderItemParamsSchema } },
    async (req): Promise<OkMessageAnswer> => {
      await cancelOrderItem(deps(req), { userId: principalOf(req).id }, req.params.itemId);
      return { success: true, message: 'One Order Cancelled' };
    },
  );

  app.post(
    '/api/seller/orders/:itemId/cancel',
    { ...asSeller, schema: { ...ok, params: orderItemParamsSchema } },
    async (req): Promise<OkAnswer> => {
      await cancelOrderItem(deps(req), { sellerId: principalOf(req).id }, req.params.itemId);
      return { success: true };
    },
  );

  app.put(
    '/api/user/set-payment-method',
    { ...asUser, schema: { body: paymentMethodSchema, response: responses(paymentMethodAnswerSchema) } },
    async (req): Promise<PaymentMethodAnswer> => {
      const { method, provider } = req.body.selectedMethod;
      await choosePaymentMethod(deps(req), principalOf(req).id, method, provider);
      return { success: true, paymentMethod: paymentMethodName(method, provider) };
    },
  );

  // SPEC §7: the same call removes a cart line or, given an order item id, cancels that order item.
  const removeLine = { body: removeCartSchema, response: responses(removeCartAnswerSchema) };
  app.delete(
    '/api/user/add-to-cart',
    { ...asUser, schema: removeLine },
    async (req): Promise<RemoveCartAnswer> => {
      const userId = principalOf(req).id;
      if (await removeCartLine(db, userId, req.body.cartProductId)) return { success: true };
      try {
        await cancelOrderItem(deps(req), { userId }, req.body.cartProductId);
      } catch (err) {
        if ((err as { code?: string }).code === 'NOT_FOUND') throw notFound(CART_LINE_NOT_FOUND);
        throw err;
      }
      return { success: true, message: 'One Order Cancelled' };
    },
  );

  app.delete('/api/seller/delete-product', { ...asSeller, schema: ok }, async (req): Promise<OkAnswer> => {
    await removeSellerProduct(db, storage, principalOf(req).id, productIdToDelete(req.body, req.query));
    return { success: true };
  });

  app.delete(
    '/api/admin/products/:id',
    {
      ...asAdmin,
      schema: {
        params: z.object({ id: idSchema('Product id') }),
        response: responses(productRemovalAnswerSchema),
      },
    },
    async (req) => {
      await removeProductByAdmin(db, req.params.id);
      await recordAudit(db, principalOf(req), 'product.remove', { kind: 'product', id: req.params.id });
      return { success: true as const, productId: req.params.id, status: 'removed' as const };
    },
  );

  app.delete(
    '/api/user/delete-account',
    { ...asUser, schema: okMessage },
    async (req): Promise<OkMessageAnswer> => {
      await deleteCustomerAccount(db, principalOf(req).id);
      return { success: true, message: 'Account Deleted' };
    },
  );

  await app.register(returnRoutes);
  await app.register(shipmentRoutes);
  await app.register(codRiskRoutes);
  await app.register(codConfirmRoutes);
  await app.register(paymentPageRoutes);
}
