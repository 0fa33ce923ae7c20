import { orderNumber, type RefundTo, type ReturnView, returnDecisionDue } from '@vastra/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders, productVariants, refunds, returns, sellers } from '../../db/schema.ts';
import { paiseToRupees } from '../../lib/money.ts';

/** Who is looking: the buyer, the item's seller, or an admin (who sees every return). */
export type ReturnViewer = { userId: string } | { sellerId: string } | { admin: true };

export type ReturnRow = typeof returns.$inferSelect;

const replacement = alias(orderItems, 'replacement');

/** The returns a viewer may see: the buyer's own, the seller's items', or all for an admin. */
export const visibleTo = (viewer: ReturnViewer): SQL | undefined =>
  'userId' in viewer
    ? eq(returns.userId, viewer.userId)
    : 'sellerId' in viewer
      ? eq(returns.sellerId, viewer.sellerId)
      : undefined;

/** A return with what its answer shows: the item, the order, the seller, the exchange and the refund. */
export function selectReturns(db: DbOrTx) {
  return db
    .select({
      ret: returns,
      item: orderItems,
      order: {
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        customerName: orders.customerName,
      },
      companyName: sellers.companyName,
      exchangeVariant: { size: productVariants.size, color: productVariants.color },
      replacement: { size: replacement.size, color: replacement.color },
      refund: { status: refunds.status, reference: refunds.providerRefundId },
    })
    .from(returns)
    .innerJoin(orderItems, eq(orderItems.id, returns.orderItemId))
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(sellers, eq(sellers.id, returns.sellerId))
    .leftJoin(productVariants, eq(productVariants.id, returns.exchangeVariantId))
    .leftJoin(replacement, eq(replacement.id, returns.exchangeItemId))
    .leftJoin(refunds, eq(refunds.id, returns.refundId));
}

export type SelectedReturn = Awaited<ReturnType<ReturnType<typeof selectReturns>['execute']>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The answer's shape of one return; a seller never sees where a COD refund is paid. */
export function toReturnView(row: SelectedReturn, viewer: ReturnViewer, decisionDays: number): ReturnView {
  const { ret, item, order } = row;
  const exchangeOf = row.replacement?.size != null ? row.replacement : row.exchangeVariant;
  return {
    _id: ret.id,
    orderId: ret.orderId,
    orderNumber: orderNumber(ret.orderId),
    itemId: item.id,
    productId: item.productId,
    productName: item.productName,
    image: item.productImage,
    size: item.size,
    color: item.color,
    itemQuantity: item.quantity,
    unitPrice: paiseToRupees(item.unitPricePaise),
    kind: ret.kind,
    quantity: ret.quantity,
    reason: ret.reason,
    note: ret.note,
    status: ret.status,
    exchange:
      ret.kind === 'exchange'
        ? {
            variantId: ret.exchangeVariantId,
            size: exchangeOf?.size ?? '',
            color: exchangeOf?.color ?? '',
          }
        : null,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    refundTo: 'sellerId' in viewer ? null : ((ret.refundTo as RefundTo | null) ?? null),
    pickup: ret.pickupCourier && ret.pickupAwb ? { courier: ret.pickupCourier, awb: ret.pickupAwb } : null,
    rejectReason: ret.rejectReason,
    conditionOk: ret.conditionOk,
    refund:
      ret.refundPaise && ret.refundPaise > 0
        ? {
            amount: paiseToRupees(ret.refundPaise),
            method: order.paymentMethod === 'cod' ? 'cod' : 'online',
            status: row.refund?.status ?? 'pending',
            reference: row.refund?.reference ?? null,
          }
        : null,
    creditNoteId: ret.creditNoteId,
    exchangeItemId: ret.exchangeItemId,
    decidedBy: ret.decidedBy,
    decidedAt: iso(ret.decidedAt),
    receivedAt: iso(ret.receivedAt),
    closedAt: iso(ret.closedAt),
    createdAt: ret.createdAt.toISOString(),
    decisionDue: returnDecisionDue(ret.createdAt, decisionDays).toISOString(),
    customerName: order.customerName ?? '',
    companyName: row.companyName,
  };
}

export const RETURN_NOT_FOUND = 'Return not found';

/** One return as this viewer sees it, or undefined when it is not theirs to see. */
export async function findReturnView(
  db: DbOrTx,
  viewer: ReturnViewer,
  returnId: string,
  decisionDays: number,
): Promise<ReturnView | undefined> {
  const [row] = await selectReturns(db).where(and(eq(returns.id, returnId), visibleTo(viewer)));
  return row ? toReturnView(row, viewer, decisionDays) : undefined;
}
