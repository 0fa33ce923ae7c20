import type { ReturnView } from '@vastra/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  act,
  askReturn,
  deliveredDaysAgo,
  deliveredOrder,
  itemRow,
  requested,
  requestedDaysAgo,
  UPI,
  variantStock,
} from '../../test/return-fixtures.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { ledgerEntries, outboxEmails, refunds, returns } from '../db/schema.ts';
import { lineName } from '../modules/catalog/index.ts';

/**
 * Returns after delivery (issue 18, DESIGN §6): every move of requested → approved → received →
 * refunded | exchanged and requested → rejected, each refusal (409 with a message, 404 for anyone
 * else's), the return window, the seller's time to decide and the admin's overrule, the e-mails.
 */

let ctx: TestContext;
let seller: FastAccount;
let admin: { headers: FastAccount['headers'] };
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
  admin = await createAdmin(ctx.app, ctx.db).then((a) => ({ headers: auth(a.token) }));
});
afterAll(() => ctx?.close());

/** A buyer with one delivered COD item of `quantity` units of a fresh product (stock 10). */
async function delivered(quantity = 1) {
  const buyer = await quickUser(ctx.app);
  const product = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, stock: 10 });
  const order = await deliveredOrder(call, ctx.app, buyer, seller, [{ productId: product.id, quantity }]);
  return { buyer, product, order, item: order.items[0]! };
}

const kindsTo = async (to: string) =>
  (await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, to))).map((m) => m.kind);

describe('a refund of a delivered Cash On Delivery item', () => {
  it('goes requested → approved → received → refunded, once, with stock, money owed and e-mails', async () => {
    const { buyer, product, item } = await delivered(2);
    expect(await variantStock(ctx.db, product.variantId)).toBe(8);

    const ret = await requested(call, buyer, item._id, {
      kind: 'refund',
      quantity: 1,
      reason: 'wrong_size',
      note: 'Too tight at the shoulders',
      refundTo: UPI,
    });
    expect(ret).toMatchObject({
      status: 'requested',
      kind: 'refund',
      quantity: 1,
      itemQuantity: 2,
      reason: 'wrong_size',
      note: 'Too tight at the shoulders',
      refundTo: UPI,
      paymentMethod: 'cod',
      refund: null,
      decidedBy: null,
    });
    expect(new Date(ret.decisionDue).getTime() - new Date(ret.createdAt).getTime()).toBe(2 * 86_400_000);

    // The seller sees it without the shopper's UPI id, and approves with the pickup's AWB.
    const queue = (await call('GET', '/api/seller/returns', seller)).json();
    const mine = queue.returns.find((r: ReturnView) => r._id === ret._id);
    expect(mine.refundTo).toBeNull();
    expect(queue.counts.requested).toBeGreaterThanOrEqual(1);
    const approved = await act(call, seller, 'seller', ret._id, 'approve', {
      courier: 'Delhivery',
      awb: 'DLV-123456',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().return).toMatchObject({
      status: 'approved',
      decidedBy: 'seller',
      pickup: { courier: 'Delhivery', awb: 'DLV-123456' },
    });
    const again = await act(call, seller, 'seller', ret._id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This return is already approved');

    const received = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
    expect(received.statusCode, received.body).toBe(200);
    const done: ReturnView = received.json().return;
    // Rs. 1,000 + 18% GST for one of the two units, owed to the shopper's UPI id.
    expect(done).toMatchObject({
      status: 'refunded',
      conditionOk: true,
      refund: { amount: 1180, method: 'cod', status: 'pending', reference: null },
    });
    expect(done.creditNoteId).toBeTruthy();
    expect(done.closedAt).toBeTruthy();
    expect(await variantStock(ctx.db, product.variantId)).toBe(9);
    expect((await itemRow(ctx.db, item._id)).returnedQuantity).toBe(1);
    const [owed] = await ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.idempotencyKey, `return-${ret._id}`));
    expect(owed).toMatchObject({
      provider: 'cod',
      status: 'pending',
      amountPaise: 118_000,
      reason: 'return',
    });
    // The seller's ledger gives the refund back, once, for this return.
    const ledger = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.returnId, ret._id));
    expect(ledger.filter((e) => e.kind === 'refund').map((e) => e.amountPaise)).toEqual([-118_000]);

    const twice = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('This return is refunded and cannot be marked received');
    expect(await variantStock(ctx.db, product.variantId)).toBe(9);

    expect(await kindsTo(buyer.email)).toEqual(
      expect.arrayContaining(['return_requested', 'return_approved', 'return_refunded']),
    );
    expect(await kindsTo(seller.email)).toEqual(
      expect.arrayContaining(['return_requested_seller', 'return_approved_seller', 'return_refunded_seller']),
    );
    const [refundMail] = (
      await ctx.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.to, buyer.email), eq(outboxEmails.kind, 'return_refunded')))
    ).map((m) => m.text);
    expect(refundMail).toContain(
      'We owe you Rs. 1,180.00 for it and will pay it to your UPI id meera.iyer@okhdfcbank',
    );

    // The admin pays it by UPI and records the reference; the shopper is told, once.
    const paid = await act(call, admin, 'admin', ret._id, 'cod-refund-paid', { reference: 'UTR9876543210' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().return.refund).toMatchObject({ status: 'succeeded', reference: 'UTR9876543210' });
    expect(
      (await act(call, admin, 'admin', ret._id, 'cod-refund-paid', { reference: 'UTR1' })).statusCode,
    ).toBe(409);
    expect((await kindsTo(buyer.email)).filter((k) => k === 'return_paid')).toHaveLength(1);
  });

  it('is refused with a clear message when it cannot be asked for', async () => {
    const { buyer, product, item } = await delivered(2);
    const ask = (body: object) => askReturn(call, buyer, item._id, body as never);
    const base = { kind: 'refund', quantity: 1, reason: 'defective', refundTo: UPI };

    const noDestination = await ask({ ...base, refundTo: undefined });
    expect(noDestination.statusCode).toBe(400);
    expect(noDestination.json().error).toBe(
      'Give a UPI id or bank account to refund a Cash On Delivery order to',
    );
    const badUpi = await ask({ ...base, refundTo: { upi: 'not a upi' } });
    expect(badUpi.statusCode).toBe(400);
    expect(badUpi.json().errors[0]).toEqual({ msg: 'Enter a UPI id like name@bank', path: 'refundTo.upi' });
    const badIfsc = await ask({
      ...base,
      refundTo: { accountNumber: '123456789012', ifsc: 'HDFC123', accountName: 'Meera Iyer' },
    });
    expect(badIfsc.statusCode).toBe(400);
    expect(badIfsc.json().error).toBe('IFSC must be 11 characters like HDFC0001234');
    const shortAccount = await ask({
      ...base,
      refundTo: { accountNumber: '12345', ifsc: 'HDFC0001234', accountName: 'Meera Iyer' },
    });
    expect(shortAccount.json().error).toBe('Account number must be 9 to 18 digits');
    expect((await ask({ ...base, quantity: 0 })).statusCode).toBe(400);
    expect((await ask({ ...base, reason: 'bored' })).statusCode).toBe(400);
    const noSize = await ask({ ...base, kind: 'exchange' });
    expect(noSize.json().error).toBe('Choose the size or colour you want instead');
    const otherProduct = await insertProduct(ctx.db, seller.id);
    const wrongVariant = await ask({ ...base, kind: 'exchange', variantId: otherProduct.variantId });
    expect(wrongVariant.statusCode).toBe(400);
    expect(wrongVariant.json().error).toBe('Choose another size or colour of the same product');
    const sameVariant = await ask({ ...base, kind: 'exchange', variantId: product.variantId });
    expect(sameVariant.statusCode).toBe(400);

    // More units than were bought, or than are left after another return.
    const tooMany = await ask({ ...base, quantity: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe('Only 2 more of this item can be returned');
    await requested(call, buyer, item._id, base as never);
    expect((await ask({ ...base, quantity: 2 })).json().error).toBe(
      'Only 1 more of this item can be returned',
    );
    await requested(call, buyer, item._id, base as never);
    expect((await ask(base)).json().error).toBe('Every unit of this item is already in a return');

    // Someone else's item, an unknown one, a malformed id.
    const stranger = await quickUser(ctx.app);
    const theirs = await askReturn(call, stranger, item._id, base as never);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe('Order item not found');
    expect((await askReturn(call, buyer, crypto.randomUUID(), base as never)).statusCode).toBe(404);
    expect((await askReturn(call, buyer, 'nope', base as never)).statusCode).toBe(400);
    expect((await call('POST', `/api/user/order-items/${item._id}/return`, undefined, base)).statusCode).toBe(
      401,
    );
    expect((await call('POST', `/api/user/order-items/${item._id}/return`, seller, base)).statusCode).toBe(
      403,
    );
  });

  it('only for a delivered item, within the return window (409 naming the day it closed)', async () => {
    const buyer = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id);
    await call('POST', '/api/user/add-to-cart', buyer, { productId: product.id });
    const order = (await call('PUT', '/api/user/order-success', buyer)).json().order;
    const itemId = order.items[0]._id;
    const body = { kind: 'refund', quantity: 1, reason: 'changed_mind', refundTo: UPI } as const;
    const pending = await askReturn(call, buyer, itemId, body);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe('Only a delivered item can be returned; this item is pending');
    await call('POST', `/api/seller/orders/${itemId}/ship`, seller, {});
    expect((await askReturn(call, buyer, itemId, body)).json().error).toBe(
      'Only a delivered item can be returned; this item is shipped',
    );
    await call('POST', `/api/seller/orders/${itemId}/deliver`, seller);

    await deliveredDaysAgo(ctx.db, itemId, 8);
    const late = await askReturn(call, buyer, itemId, body);
    expect(late.statusCode).toBe(409);
    const closed = new Date((await itemRow(ctx.db, itemId)).deliveredAt!.getTime() + 7 * 86_400_000);
    const day = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(closed);
    expect(late.json().error).toBe(`Returns for this item closed on ${day}, 7 days after its delivery`);
    await deliveredDaysAgo(ctx.db, itemId, 6);
    expect((await askReturn(call, buyer, itemId, body)).statusCode).toBe(200);
  });
});

describe('the seller’s and the admin’s decisions', () => {
  it('a rejection closes the request; later moves are refused; an admin may overrule it', async () => {
    const { buyer, product, item } = await delivered();
    const ret = await requested(call, buyer, item._id, {
      kind: 'refund',
      quantity: 1,
      reason: 'changed_mind',
      refundTo: UPI,
    });
    const early = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('This return is requested and cannot be marked received');
    expect((await act(call, seller, 'seller', ret._id, 'reject', { reason: 'x' })).statusCode).toBe(400);
    const rejected = await act(call, seller, 'seller', ret._id, 'reject', { reason: 'Tags were removed' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().return).toMatchObject({ status: 'rejected', rejectReason: 'Tags were removed' });
    expect((await act(call, seller, 'seller', ret._id, 'approve')).json().error).toBe(
      'This return is rejected and cannot be approved',
    );
    expect((await act(call, seller, 'seller', ret._id, 'reject', { reason: 'Again' })).json().error).toBe(
      'This return is already rejected',
    );
    expect((await act(call, admin, 'admin', ret._id, 'refund')).statusCode).toBe(409);
    expect(await kindsTo(buyer.email)).toContain('return_rejected');

    // The admin overrules the rejection at once (no waiting), then the seller receives it.
    const overruled = await act(call, admin, 'admin', ret._id, 'approve');
    expect(overruled.statusCode, overruled.body).toBe(200);
    expect(overruled.json().return).toMatchObject({
      status: 'approved',
      decidedBy: 'admin',
      rejectReason: null,
    });
    const done = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
    expect(done.json().return.status).toBe('refunded');
    expect(await variantStock(ctx.db, product.variantId)).toBe(10);
  });

  it('an admin decides a request only once the seller’s two days are over', async () => {
    const { buyer, item } = await delivered(2);
    const body = { kind: 'refund', quantity: 1, reason: 'defective', refundTo: UPI } as const;
    const first = await requested(call, buyer, item._id, body);
    const tooSoon = await act(call, admin, 'admin', first._id, 'approve');
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().error).toMatch(
      /^The seller has until \d{1,2} \w{3} \d{4} to decide on this return$/,
    );
    expect((await act(call, admin, 'admin', first._id, 'reject', { reason: 'No photos' })).statusCode).toBe(
      409,
    );

    await requestedDaysAgo(ctx.db, first._id, 3);
    const approved = await act(call, admin, 'admin', first._id, 'approve', {
      courier: 'Blue Dart',
      awb: 'BD1234567',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().return).toMatchObject({ status: 'approved', decidedBy: 'admin' });
    expect((await act(call, seller, 'seller', first._id, 'approve')).statusCode).toBe(409);

    const second = await requested(call, buyer, item._id, body);
    await requestedDaysAgo(ctx.db, second._id, 3);
    const rejected = await act(call, admin, 'admin', second._id, 'reject', { reason: 'Outside policy' });
    expect(rejected.json().return).toMatchObject({ status: 'rejected', decidedBy: 'admin' });
    expect(await kindsTo(seller.email)).toContain('return_rejected_seller');
  });

  it('a parcel back not ok closes the return without restock or refund; an admin may still refund it', async () => {
    const { buyer, product, item } = await delivered();
    const ret = await requested(call, buyer, item._id, {
      kind: 'refund',
      quantity: 1,
      reason: 'defective',
      refundTo: { accountNumber: '0012 3456 7890', ifsc: 'sbin0001234', accountName: 'Meera Iyer' },
    });
    expect(ret.refundTo).toEqual({
      accountNumber: '001234567890',
      ifsc: 'SBIN0001234',
      accountName: 'Meera Iyer',
    });
    await act(call, seller, 'seller', ret._id, 'approve');
    const notOk = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: false });
    expect(notOk.statusCode, notOk.body).toBe(200);
    expect(notOk.json().return).toMatchObject({ status: 'received', conditionOk: false, refund: null });
    expect(notOk.json().return.closedAt).toBeTruthy();
    expect(await variantStock(ctx.db, product.variantId)).toBe(9);
    expect((await itemRow(ctx.db, item._id)).returnedQuantity).toBe(1);
    const closedAgain = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
    expect(closedAgain.json().error).toBe(
      'This return is closed: the parcel came back not ok and cannot be marked received',
    );
    expect(await kindsTo(buyer.email)).toContain('return_closed');

    const overruled = await act(call, admin, 'admin', ret._id, 'refund');
    expect(overruled.statusCode, overruled.body).toBe(200);
    expect(overruled.json().return).toMatchObject({
      status: 'refunded',
      decidedBy: 'admin',
      refund: { amount: 1180, method: 'cod', status: 'pending' },
    });
    // Not sellable: nothing restocked.
    expect(await variantStock(ctx.db, product.variantId)).toBe(9);
    expect((await act(call, admin, 'admin', ret._id, 'refund')).json().error).toBe(
      'This return is already refunded',
    );
  });
});

describe('who sees and acts on a return', () => {
  it('its buyer, its seller and an admin; anyone else gets 404 (or 403 for the wrong role)', async () => {
    const { buyer, item } = await delivered();
    const ret = await requested(call, buyer, item._id, {
      kind: 'refund',
      quantity: 1,
      reason: 'other',
      refundTo: UPI,
    });
    const ids = async (who: { headers: FastAccount['headers'] }, role: string) =>
      ((await call('GET', `/api/${role}/returns?limit=200`, who)).json().returns as ReturnView[]).map(
        (r) => r._id,
      );
    expect(await ids(buyer, 'user')).toContain(ret._id);
    expect(await ids(seller, 'seller')).toContain(ret._id);
    expect(await ids(admin, 'admin')).toContain(ret._id);
    const byItem = await call('GET', `/api/user/returns?itemId=${item._id}`, buyer);
    expect(byItem.headers['x-total-count']).toBe('1');

    const stranger = await quickUser(ctx.app);
    const rival = await quickSeller(ctx.app);
    expect(await ids(stranger, 'user')).not.toContain(ret._id);
    expect(await ids(rival, 'seller')).not.toContain(ret._id);
    for (const move of ['approve', 'reject', 'receive']) {
      const res = await act(call, rival, 'seller', ret._id, move, { reason: 'Not mine', conditionOk: true });
      expect(res.statusCode, move).toBe(404);
      expect(res.json().error).toBe('Return not found');
    }
    expect((await act(call, buyer, 'seller', ret._id, 'approve')).statusCode).toBe(403);
    expect((await act(call, seller, 'admin', ret._id, 'approve')).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/returns', seller)).statusCode).toBe(403);
    expect((await call('GET', '/api/user/returns')).statusCode).toBe(401);
    expect((await act(call, admin, 'admin', crypto.randomUUID(), 'refund')).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(returns).where(eq(returns.id, ret._id));
    expect(row!.status).toBe('requested');
    expect(
      await ctx.db
        .select()
        .from(outboxEmails)
        .where(like(outboxEmails.to, `%${rival.email}%`)),
    ).toEqual([]);
  });
});

describe('return e-mails in the shopper’s language (issue 21)', () => {
  it('a shopper who chose Hindi hears of each step in Hindi; the seller still reads English', async () => {
    const { buyer, item } = await delivered(2);
    expect((await call('PUT', '/api/user/locale', buyer, { locale: 'hi' })).statusCode).toBe(200);
    const ret = await requested(call, buyer, item._id, {
      kind: 'refund',
      quantity: 1,
      reason: 'defective',
      refundTo: UPI,
    });
    const approve = { courier: 'Delhivery', awb: 'DLV-654321' };
    expect((await act(call, seller, 'seller', ret._id, 'approve', approve)).statusCode).toBe(200);
    expect((await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true })).statusCode).toBe(
      200,
    );
    const mails = await ctx.db
      .select()
      .from(outboxEmails)
      .where(like(outboxEmails.subject, `%${ret.orderNumber}%`));
    const to = (who: string, kind: string) => mails.find((m) => m.to === who && m.kind === kind)!;

    expect(to(buyer.email, 'return_requested').subject).toBe(
      `वापसी का अनुरोध: ऑर्डर ${ret.orderNumber} से ${lineName(ret.productName, ret)}`,
    );
    expect(to(buyer.email, 'return_approved').text).toContain(
      'Delhivery पार्सल का पिकअप करेगा (AWB DLV-654321)',
    );
    const refunded = to(buyer.email, 'return_refunded');
    expect(refunded.subject).toMatch(/^रिफ़ंड: ऑर्डर /);
    expect(refunded.text).toContain('₹1,180.00 का रिफ़ंड मिलेगा');
    expect(refunded.text).toContain('आपकी UPI ID meera.iyer@okhdfcbank में');
    expect(refunded.text).not.toContain('Rs.');
    for (const kind of ['return_requested_seller', 'return_approved_seller', 'return_refunded_seller']) {
      const note = to(seller.email, kind);
      expect(note.subject, kind).toMatch(/^[\x20-\x7e]+$/);
      expect(note.text, kind).not.toMatch(/[\u0900-\u097F]/);
    }
    expect(to(seller.email, 'return_requested_seller').text).toContain('Reason: Damaged or defective.');
  });
});
