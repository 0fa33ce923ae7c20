import {
  EXCHANGE_PRICE_RULE,
  exchangeAtSamePrice,
  type RefundTo,
  type ReturnRequest,
  returnWindowEnd,
} from '@vastra/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orderItems, orders, productVariants, returns } from '../db/schema.ts';
import { formatDay } from '../lib/day.ts';
import { AppError, badRequest, conflict, notFound } from '../lib/errors.ts';
import { lineName, takeStock } from '../modules/catalog/index.ts';
import { ITEM_NOT_FOUND, ownedBy } from '../modules/orders/index.ts';
import { createReturn } from '../modules/returns/index.ts';
import type { WorkflowDeps } from './deps.ts';
import { notifyReturn } from './return-mail.ts';

type ItemRow = typeof orderItems.$inferSelect;

/** Units of an item in returns that are open or done (a rejected one gives its units back). */
export async function unitsInReturns(tx: DbOrTx, itemId: string, except?: string) {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${returns.quantity}), 0)::int` })
    .from(returns)
    .where(
      and(
        eq(returns.orderItemId, itemId),
        ne(returns.status, 'rejected'),
        except ? ne(returns.id, except) : undefined,
      ),
    );
  return Number(row?.units ?? 0);
}

/** 409 unless `quantity` more units of the item may go into a return. */
export async function checkUnitsLeft(tx: DbOrTx, item: ItemRow, quantity: number, except?: string) {
  const left = item.quantity - (await unitsInReturns(tx, item.id, except));
  if (quantity > left) {
    throw conflict(
      left <= 0
        ? 'Every unit of this item is already in a return'
        : `Only ${left} more of this item can be returned`,
    );
  }
}

/**
 * What the returned size sells for now: its variant's price, or what was paid for a unit when the
 * size is no longer sold.
 */
async function returnedSizePrice(tx: DbOrTx, item: ItemRow) {
  const [own] = item.variantId
    ? await tx
        .select({ pricePaise: productVariants.pricePaise })
        .from(productVariants)
        .where(eq(productVariants.id, item.variantId))
    : [];
  return own?.pricePaise ?? item.unitPricePaise;
}

/**
 * Holds the exchange size's stock for a request (taken from the shelf now, so it cannot sell out
 * before the parcel is back). 400 for a variant that is not another size or colour of the item's
 * product, 409 for one at another price than the returned size (ADR 020) or with too few in stock.
 */
export async function holdExchangeStock(tx: DbOrTx, item: ItemRow, variantId: string, quantity: number) {
  const [variant] = await tx.select().from(productVariants).where(eq(productVariants.id, variantId));
  if (!variant || variant.productId !== item.productId || variant.id === item.variantId) {
    throw badRequest('Choose another size or colour of the same product', 'variantId');
  }
  if (!exchangeAtSamePrice(await returnedSizePrice(tx, item), variant.pricePaise)) {
    throw new AppError('CONFLICT', EXCHANGE_PRICE_RULE, [{ msg: EXCHANGE_PRICE_RULE, path: 'variantId' }]);
  }
  if (!(await takeStock(tx, { productId: variant.productId, variantId: variant.id }, quantity))) {
    throw conflict(`${lineName(item.productName, variant)} does not have ${quantity} in stock`);
  }
}

/**
 * The shopper asks to return `quantity` units of a delivered item for a refund or another size.
 * One transaction, under the item's row lock (two requests for the same item queue, so they never
 * return more units than were bought): the item must be delivered and within RETURN_WINDOW_DAYS of
 * delivery; an exchange's size is held at once; a COD refund needs somewhere to pay it. The shopper
 * and the seller get an e-mail once it committed. Returns the new return's id.
 */
export async function requestReturn(
  deps: WorkflowDeps,
  userId: string,
  itemId: string,
  input: ReturnRequest,
): Promise<string> {
  const { windowDays } = deps.config.returns;
  const id = await deps.db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.id, itemId), ownedBy({ userId })))
      .for('update');
    if (!item) throw notFound(ITEM_NOT_FOUND);
    if (item.status !== 'delivered' || !item.deliveredAt) {
      throw conflict(`Only a delivered item can be returned; this item is ${item.status.replace('_', ' ')}`);
    }
    const closes = returnWindowEnd(item.deliveredAt, windowDays);
    if (Date.now() > closes.getTime()) {
      throw conflict(
        `Returns for this item closed on ${formatDay(closes)}, ${windowDays} days after its delivery`,
      );
    }
    if (input.kind === 'refund' && item.exchangeOfReturnId) {
      throw conflict(
        'This item replaced one you exchanged: it can be exchanged for another size, not refunded',
      );
    }
    await checkUnitsLeft(tx, item, input.quantity);
    const [order] = await tx
      .select({ paymentMethod: orders.paymentMethod })
      .from(orders)
      .where(eq(orders.id, item.orderId));
    let refundTo: RefundTo | null = null;
    if (input.kind === 'refund' && order?.paymentMethod === 'cod') {
      if (!input.refundTo) {
        throw badRequest('Give a UPI id or bank account to refund a Cash On Delivery order to', 'refundTo');
      }
      refundTo = input.refundTo;
    }
    if (input.kind === 'exchange') await holdExchangeStock(tx, item, input.variantId!, input.quantity);
    return createReturn(tx, {
      orderItemId: item.id,
      orderId: item.orderId,
      userId,
      sellerId: item.sellerId,
      kind: input.kind,
      quantity: input.quantity,
      reason: input.reason,
      note: input.note ?? '',
      exchangeVariantId: input.kind === 'exchange' ? input.variantId! : null,
      exchangeHeld: input.kind === 'exchange',
      refundTo,
    });
  });
  await notifyReturn(deps, id, 'requested', 'seller');
  return id;
}
