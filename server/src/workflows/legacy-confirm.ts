import { and, desc, eq, inArray } from 'drizzle-orm';
import { orderItems, orders } from '../db/schema.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { NOT_PAID } from './checkout.ts';
import { confirmSession } from './confirm-payment.ts';
import type { WorkflowDeps } from './deps.ts';

/**
 * `order-successfull/{productId}` (old Buy Now): the customer's latest card order for that product.
 * The old client calls it before paying too, so an unpaid order is answered, not refused; it is
 * marked paid only if the provider says so.
 */
export async function confirmBuyNowByProduct(deps: WorkflowDeps, userId: string, productId: string) {
  const [row] = await deps.db
    .select({ itemId: orderItems.id, sessionId: orders.providerSessionId, status: orders.paymentStatus })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.productId, productId),
        eq(orders.paymentMethod, 'stripe'),
        inArray(orders.paymentStatus, ['awaiting_payment', 'paid']),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!row) throw notFound('No card order for this product');
  let paymentStatus = row.status;
  if (row.status === 'awaiting_payment' && row.sessionId) {
    const outcome = await confirmSession(deps, row.sessionId);
    if (outcome.kind === 'paid' || outcome.kind === 'already') paymentStatus = 'paid';
  }
  return { itemId: row.itemId, paymentStatus };
}

/** `order-buy-success/{cartProductObjectId}`: confirms the order of that item through the provider. */
export async function confirmByItem(deps: WorkflowDeps, userId: string, itemId: string) {
  const [row] = await deps.db
    .select({
      sessionId: orders.providerSessionId,
      status: orders.paymentStatus,
      method: orders.paymentMethod,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orders.userId, userId)));
  if (!row) throw notFound('Order item not found');
  if (row.method === 'cod' || row.status === 'paid') return { paymentStatus: row.status };
  if (row.status === 'awaiting_payment' && row.sessionId) {
    const outcome = await confirmSession(deps, row.sessionId);
    if (outcome.kind === 'paid' || outcome.kind === 'already') return { paymentStatus: 'paid' as const };
  }
  throw new AppError('CONFLICT', NOT_PAID);
}

/** The return page's call: `session_id` from the success URL → the order, confirmed with the provider. */
export async function confirmBySession(deps: WorkflowDeps, userId: string, sessionId: string) {
  const [order] = await deps.db
    .select({ id: orders.id, status: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.providerSessionId, sessionId), eq(orders.userId, userId)));
  if (!order) throw notFound('Payment session not found');
  if (order.status === 'awaiting_payment') await confirmSession(deps, sessionId);
  return order.id;
}
