import type { TaxDocument } from '@vastra/contracts';
import { demoGstin } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { act, deliveredOrder, itemRow, requested, UPI } from '../../test/return-fixtures.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { orders, refunds } from '../db/schema.ts';
import { sweepOwedRefunds } from './owed-refunds.ts';

/**
 * The money of returns (issue 18, DESIGN §4 "money owed is paid exactly once"): a card order's
 * refund made through the payment provider with the key `return-{id}` (retried by the sweep when
 * the provider is down), a COD refund owed to the shopper and never sent to a provider, credit
 * notes for parts of an item that add up to the item to the paisa, numbered consecutively, and no
 * refund above what the order has left.
 */

let ctx: TestContext;
let seller: FastAccount;
const call = callerOf(() => ctx.app);
const paise = (rupees: number) => Math.round(rupees * 100);

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const workflowDeps = () => ({ ...ctx.app.deps, log: ctx.app.log });

describe('a card order’s return', () => {
  it('refunds each part through the provider; the credit notes add up to the item to the paisa', async () => {
    // Rs. 333.33 × 3 in flat18 mode: taxable 999.99, GST 180.00 (docs/decisions/010).
    const seller = await quickSeller(ctx.app, { gstin: demoGstin('29', 4), legalName: 'Das Weaves LLP' });
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 33_333, stock: 10 });
    const buyer = await quickUser(ctx.app);
    const order = await deliveredOrder(
      call,
      ctx.app,
      buyer,
      seller,
      [{ productId: product.id, quantity: 3 }],
      'card',
    );
    expect(order.paymentStatus).toBe('paid');
    const item = order.items[0]!;
    expect([paise(item.tax.taxableValue), paise(item.tax.igst + item.tax.cgst + item.tax.sgst)]).toEqual([
      99_999, 18_000,
    ]);

    const parts = [];
    for (const quantity of [1, 2]) {
      const ret = await requested(call, buyer, item._id, {
        kind: 'refund',
        quantity,
        reason: 'not_as_described',
      });
      expect(ret.refundTo).toBeNull(); // an online order needs no destination
      await act(call, seller, 'seller', ret._id, 'approve');
      const done = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
      expect(done.statusCode, done.body).toBe(200);
      parts.push(done.json().return);
    }
    // One unit: floor(999.99 / 3) + floor(180 / 3); the last two take the rest.
    expect(parts.map((p) => p.refund)).toEqual([
      { amount: 393.33, method: 'online', status: 'succeeded', reference: `test_re_return-${parts[0]._id}` },
      { amount: 786.66, method: 'online', status: 'succeeded', reference: `test_re_return-${parts[1]._id}` },
    ]);
    const owed = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(owed.map((r) => [r.reason, r.provider, r.status, r.amountPaise]).sort()).toEqual([
      ['return', 'test', 'succeeded', 39_333],
      ['return', 'test', 'succeeded', 78_666],
    ]);
    expect(owed.reduce((s, r) => s + r.amountPaise, 0)).toBe(paise(order.total));
    const [after] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(after!.paymentStatus).toBe('refunded');
    expect((await itemRow(ctx.db, item._id)).refundedPaise).toBe(117_999);

    const invoice: TaxDocument = (await call('GET', `/api/invoices/${item.invoiceId}`, buyer)).json()
      .document;
    const notes: TaxDocument[] = [];
    for (const p of parts)
      notes.push((await call('GET', `/api/credit-notes/${p.creditNoteId}`, buyer)).json().document);
    // The seller's first two credit notes of the year: consecutive, in their own series.
    const years = invoice.number.split('/')[1];
    expect(notes.map((n) => n.number)).toEqual([`CN/${years}/000001`, `CN/${years}/000002`]);
    for (const n of notes) {
      expect(n).toMatchObject({ kind: 'credit_note', reason: 'returned', supply: invoice.supply });
      expect(n.reference).toEqual({ invoiceId: invoice._id, number: invoice.number, date: invoice.date });
    }
    expect(notes.map((n) => n.lines[0]!.quantity)).toEqual([1, 2]);
    expect(notes.map((n) => [paise(n.totals.taxableValue), paise(n.totals.tax)])).toEqual([
      [33_333, 6_000],
      [66_666, 12_000],
    ]);
    const credited = notes.reduce((s, n) => s + paise(n.totals.total), 0);
    expect(credited).toBe(paise(invoice.totals.total));
  });

  it('records the refund when the provider is down and the sweep makes it later, once', async () => {
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 50_000, stock: 5 });
    const buyer = await quickUser(ctx.app);
    const order = await deliveredOrder(call, ctx.app, buyer, seller, [{ productId: product.id }], 'card');
    const ret = await requested(call, buyer, order.items[0]!._id, {
      kind: 'refund',
      quantity: 1,
      reason: 'defective',
    });
    await act(call, seller, 'seller', ret._id, 'approve');
    const payments = ctx.app.deps.payments;
    const refund = payments.refund;
    let calls = 0;
    payments.refund = async () => {
      calls++;
      throw new Error('provider unavailable');
    };
    try {
      const done = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().return.refund).toMatchObject({ amount: 590, status: 'pending' });
    } finally {
      payments.refund = refund;
    }
    expect(calls).toBe(1);
    const [pending] = await ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.idempotencyKey, `return-${ret._id}`));
    expect(pending).toMatchObject({ status: 'pending', lastError: 'provider unavailable' });
    await ctx.db
      .update(refunds)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(refunds.id, pending!.id));
    expect(await sweepOwedRefunds(workflowDeps())).toBeGreaterThanOrEqual(1);
    expect(await sweepOwedRefunds(workflowDeps())).toBe(0);
    const view = (await call('GET', `/api/user/returns?itemId=${order.items[0]!._id}`, buyer)).json()
      .returns[0];
    expect(view.refund).toEqual({
      amount: 590,
      method: 'online',
      status: 'succeeded',
      reference: `test_re_return-${ret._id}`,
    });
  });

  it('never refunds more than the order has left after earlier refunds', async () => {
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, stock: 5 });
    const buyer = await quickUser(ctx.app);
    const order = await deliveredOrder(call, ctx.app, buyer, seller, [{ productId: product.id }], 'card');
    // Rs. 1,180 paid; say Rs. 1,179 of it was refunded already (a goodwill refund by the provider's key).
    await ctx.db.insert(refunds).values({
      orderId: order._id,
      reason: 'cancellation',
      provider: 'test',
      amountPaise: 117_900,
      idempotencyKey: `goodwill-${order._id}`,
      status: 'succeeded',
    });
    const ret = await requested(call, buyer, order.items[0]!._id, {
      kind: 'refund',
      quantity: 1,
      reason: 'defective',
    });
    await act(call, seller, 'seller', ret._id, 'approve');
    const done = (await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true })).json().return;
    expect(done.refund).toMatchObject({ amount: 1, status: 'succeeded' });
  });
});

describe('a Cash On Delivery order’s return', () => {
  it('owes the refund to the shopper’s account: the sweep never sends it to a provider', async () => {
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 80_000, stock: 5 });
    const buyer = await quickUser(ctx.app);
    const order = await deliveredOrder(call, ctx.app, buyer, seller, [{ productId: product.id }]);
    const ret = await requested(call, buyer, order.items[0]!._id, {
      kind: 'refund',
      quantity: 1,
      reason: 'defective',
      refundTo: UPI,
    });
    await act(call, seller, 'seller', ret._id, 'approve');
    const payments = ctx.app.deps.payments;
    const refund = payments.refund;
    payments.refund = async () => {
      throw new Error('a COD refund must never reach the provider');
    };
    try {
      await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
      await ctx.db
        .update(refunds)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(refunds.orderId, order._id));
      expect(await sweepOwedRefunds(workflowDeps())).toBe(0);
    } finally {
      payments.refund = refund;
    }
    const [owed] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(owed).toMatchObject({ provider: 'cod', status: 'pending', amountPaise: 94_400, attempts: 0 });
  });
});
