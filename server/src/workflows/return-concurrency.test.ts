import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, insertProduct, insertSizedProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  act,
  askReturn,
  deliveredOrder,
  itemRow,
  requested,
  UPI,
  variantStock,
} from '../../test/return-fixtures.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import type { App } from '../app.ts';
import { refunds, returns, taxDocuments } from '../db/schema.ts';

/**
 * Every move of a return happens once (issue 18): double clicks and the same click on two app
 * processes with their own connection pools (PostgreSQL; PGlite runs them in turn). One restock,
 * one refund through the provider, one credit note; never more units returned than bought; never
 * more of a size held than it has.
 */

let ctx: TestContext;
let other: App;
let seller: FastAccount;
let admin: { headers: FastAccount['headers'] };
const call = callerOf(() => ctx.app);
const either = (i: number) => (i % 2 === 0 ? ctx.app : other);

beforeAll(async () => {
  ctx = await createTestContext();
  other = await ctx.spawnSeparateApp();
  seller = await quickSeller(ctx.app);
  admin = await createAdmin(ctx.app, ctx.db).then((a) => ({ headers: auth(a.token) }));
});
afterAll(() => ctx?.close());

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

describe('concurrent moves of one return', () => {
  it('12 "received" clicks on two processes: one restock, one refund through the provider, one credit note', async () => {
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 120_000, stock: 10 });
    const buyer = await quickUser(ctx.app);
    const order = await deliveredOrder(
      call,
      ctx.app,
      buyer,
      seller,
      [{ productId: product.id, quantity: 2 }],
      'card',
    );
    const item = order.items[0]!;
    const ret = await requested(call, buyer, item._id, { kind: 'refund', quantity: 2, reason: 'defective' });
    await act(call, seller, 'seller', ret._id, 'approve');

    let providerCalls = 0;
    const restore: Array<() => void> = [];
    for (const app of [ctx.app, other]) {
      const payments = app.deps.payments;
      const refund = payments.refund.bind(payments);
      payments.refund = async (input) => {
        providerCalls++;
        return refund(input);
      };
      restore.push(() => {
        payments.refund = refund;
      });
    }
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true }, either(i)),
        ),
      );
      expect(statuses(answers)).toEqual([200, ...Array(11).fill(409)]);
      for (const a of answers.filter((r) => r.statusCode === 409)) {
        expect(a.json().error).toBe('This return is refunded and cannot be marked received');
      }
    } finally {
      for (const r of restore) r();
    }
    expect(providerCalls).toBe(1);
    expect(await variantStock(ctx.db, product.variantId)).toBe(10);
    expect((await itemRow(ctx.db, item._id)).returnedQuantity).toBe(2);
    const owed = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(owed.map((r) => [r.amountPaise, r.status])).toEqual([[283_200, 'succeeded']]);
    const notes = await ctx.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order._id));
    expect(notes.filter((d) => d.kind === 'credit_note')).toHaveLength(1);
  });

  it('approve and reject clicked together: one wins, and a held size is released at most once', async () => {
    const { product, variant } = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'M', stock: 5 },
      { size: 'L', stock: 5 },
    ]);
    for (let round = 0; round < 4; round++) {
      const buyer = await quickUser(ctx.app);
      const order = await deliveredOrder(call, ctx.app, buyer, seller, [
        { productId: product.id, variantId: variant('M').id },
      ]);
      const ret = await requested(call, buyer, order.items[0]!._id, {
        kind: 'exchange',
        quantity: 1,
        reason: 'wrong_size',
        variantId: variant('L').id,
      });
      const held = await variantStock(ctx.db, variant('L').id);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          i % 2 === 0
            ? act(call, seller, 'seller', ret._id, 'approve', {}, either(i))
            : act(call, seller, 'seller', ret._id, 'reject', { reason: 'Worn once' }, either(i + 1)),
        ),
      );
      expect(statuses(answers)).toEqual([200, ...Array(7).fill(409)]);
      const [row] = await ctx.db.select().from(returns).where(eq(returns.id, ret._id));
      const released = row!.status === 'rejected' ? 1 : 0;
      expect(await variantStock(ctx.db, variant('L').id)).toBe(held + released);
      expect(row!.exchangeHeld).toBe(row!.status === 'approved');
    }
  });

  it('an admin’s refund and the seller’s receipt together: the return settles once', async () => {
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 60_000, stock: 4 });
    const buyer = await quickUser(ctx.app);
    const order = await deliveredOrder(call, ctx.app, buyer, seller, [{ productId: product.id }]);
    const ret = await requested(call, buyer, order.items[0]!._id, {
      kind: 'refund',
      quantity: 1,
      reason: 'defective',
      refundTo: UPI,
    });
    await act(call, seller, 'seller', ret._id, 'approve');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? act(call, admin, 'admin', ret._id, 'refund', {}, either(i))
          : act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true }, either(i)),
      ),
    );
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await variantStock(ctx.db, product.variantId)).toBe(4);
    const owed = await ctx.db
      .select()
      .from(refunds)
      .where(like(refunds.idempotencyKey, `return-${ret._id}`));
    expect(owed.map((r) => [r.amountPaise, r.provider])).toEqual([[70_800, 'cod']]);
  });
});

describe('concurrent requests', () => {
  it('8 requests for one unit each of a 3-unit item: 3 are accepted, on two processes', async () => {
    const product = await insertProduct(ctx.db, seller.id, { stock: 10 });
    const buyer = await quickUser(ctx.app);
    const order = await deliveredOrder(call, ctx.app, buyer, seller, [
      { productId: product.id, quantity: 3 },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        askReturn(
          call,
          buyer,
          order.items[0]!._id,
          { kind: 'refund', quantity: 1, reason: 'changed_mind', refundTo: UPI },
          either(i),
        ),
      ),
    );
    expect(statuses(answers)).toEqual([200, 200, 200, ...Array(5).fill(409)]);
    const rows = await ctx.db.select().from(returns).where(eq(returns.orderItemId, order.items[0]!._id));
    expect(rows).toHaveLength(3);
  });

  it('exchanges racing for the last two of a size: two are held, the rest refused', async () => {
    const { product, variant } = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'M', stock: 10 },
      { size: 'XL', stock: 2 },
    ]);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => quickUser(ctx.app)));
    const items: string[] = [];
    for (const b of buyers) {
      const order = await deliveredOrder(call, ctx.app, b, seller, [
        { productId: product.id, variantId: variant('M').id },
      ]);
      items.push(order.items[0]!._id);
    }
    const answers = await Promise.all(
      buyers.map((b, i) =>
        askReturn(
          call,
          b,
          items[i]!,
          { kind: 'exchange', quantity: 1, reason: 'wrong_size', variantId: variant('XL').id },
          either(i),
        ),
      ),
    );
    expect(statuses(answers)).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await variantStock(ctx.db, variant('XL').id)).toBe(0);
  });
});
