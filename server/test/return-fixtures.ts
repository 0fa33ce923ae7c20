import type { ApiOrder, ReturnRequestInput, ReturnView } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { orderItems, productVariants, returns } from '../src/db/schema.ts';
import { placedOrder } from './shipment-fixtures.ts';
import type { callerOf, FastAccount } from './shop-fixtures.ts';

type Call = ReturnType<typeof callerOf>;

export interface Line {
  productId: string;
  variantId?: string;
  quantity?: number;
}

/**
 * Orders through the real API and moves every item to delivered, as the shop would: the buyer pays
 * cash on delivery (`cod`) or by card on the test payment page (`card`), the seller ships and
 * marks each item delivered. Returns the order as the buyer reads it.
 */
export async function deliveredOrder(
  call: Call,
  app: App,
  buyer: FastAccount,
  seller: FastAccount,
  lines: Line[],
  pay: 'cod' | 'card' = 'cod',
): Promise<ApiOrder> {
  const order = await placedOrder(call, app, buyer, lines, pay);
  for (const item of order.items) {
    expect((await call('POST', `/api/seller/orders/${item._id}/ship`, seller, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/seller/orders/${item._id}/deliver`, seller)).statusCode).toBe(200);
  }
  return (await call('GET', `/api/user/orders/${order._id}`, buyer)).json().order;
}

/** The buyer asks for a return; the answer's status is checked by the caller. */
export const askReturn = (
  call: Call,
  buyer: FastAccount,
  itemId: string,
  body: ReturnRequestInput,
  on?: App,
) => call('POST', `/api/user/order-items/${itemId}/return`, buyer, body, on);

/** Asks for a return that must be accepted, and gives it back. */
export async function requested(call: Call, buyer: FastAccount, itemId: string, body: ReturnRequestInput) {
  const res = await askReturn(call, buyer, itemId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().return as ReturnView;
}

/** A seller's or admin's move on a return: `approve`, `reject`, `receive`, `refund`. */
export const act = (
  call: Call,
  who: { headers: FastAccount['headers'] },
  role: 'seller' | 'admin',
  returnId: string,
  move: string,
  body?: object,
  on?: App,
) => call('POST', `/api/${role}/returns/${returnId}/${move}`, who, body ?? {}, on);

export async function variantStock(db: DbOrTx, variantId: string) {
  const [row] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row!.stock;
}

export async function itemRow(db: DbOrTx, itemId: string) {
  const [row] = await db.select().from(orderItems).where(eq(orderItems.id, itemId));
  return row!;
}

/** Moves time back for a row: an item delivered `days` ago, a return asked for `days` ago. */
export async function deliveredDaysAgo(db: DbOrTx, itemId: string, days: number) {
  await db
    .update(orderItems)
    .set({ deliveredAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(orderItems.id, itemId));
}

export async function requestedDaysAgo(db: DbOrTx, returnId: string, days: number) {
  await db
    .update(returns)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(returns.id, returnId));
}

/** A valid UPI destination for a COD refund. */
export const UPI = { upi: 'meera.iyer@okhdfcbank' };
