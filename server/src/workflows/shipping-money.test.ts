import type { ApiOrder, GstMode, TaxDocument } from '@vastra/contracts';
import { demoGstin, rupeesInWords } from '@vastra/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { act, itemRow, requested } from '../../test/return-fixtures.ts';
import { callerOf, type FastAccount, PICKUPS, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { ledgerEntries, orderCharges, orderItems, orders, refunds } from '../db/schema.ts';
import { shippingDocs } from '../modules/seller-centre/shipping-docs.ts';

/**
 * The shipping and COD fees after the order (issue 37): on the seller's tax invoice and its credit
 * notes, refunded with a wholly cancelled or returned shipment (once), and in the sellers' ledger
 * as the seller's or the platform's (setting feesTo), in both GST modes.
 *
 * Settings: free above Rs. 999, Rs. 49 a shipment below it, Rs. 25 for cash on delivery. Goods at
 * HSN 6205 (gentsShirt), 5% in `india` mode (prices include GST), 18% in `flat18` (prices exclude
 * it; the order's GST is 18% of goods + fees, rounded once and apportioned). The figures below are
 * worked out by hand from those rules (contracts tax.ts `taxOrder`); 10% commission, 18% GST on it,
 * 0.5% TCS, on the goods only.
 */

const paise = (rupees: number) => Math.round(rupees * 100);

const EXPECTED = {
  flat18: {
    // A Rs. 450 alone: fee Rs. 49 is the taxable value; GST 18% of 499 = 89.82 (81.00 + 8.82).
    one: { goodsTaxable: 45_000, goodsTax: 8_100, shipTaxable: 4_900, shipTax: 882, total: 58_882 },
    // A Rs. 450 (seller S) + C Rs. 300 (seller T): two fees; GST 18% of 848 = 152.64.
    two: { total: 100_064, cancelA: 58_882, cancelC: 41_182 },
    // A Rs. 450 + B Rs. 300, one seller: one fee; GST 18% of 799 = 143.82, total 942.82; B paid 354.00.
    partial: { total: 94_282, cancelB: 35_400 },
    // COD, A Rs. 450: shipping 49 + COD fee 25; GST 18% of 524 = 94.32 (81 + 8.82 + 4.50).
    // TCS 0.5% of each fee's taxable value: 24.5 → 25, 12.5 → 13 paise.
    cod: { total: 61_832, shipPaid: 5_782, codPaid: 2_950, platformFee: 7_400, feeTcs: 38 },
  },
  india: {
    // A Rs. 450 incl. 5%: taxable 428.57, tax 21.43; the fee at the shipment's 5%: 46.67 + 2.33.
    one: { goodsTaxable: 42_857, goodsTax: 2_143, shipTaxable: 4_667, shipTax: 233, total: 49_900 },
    two: { total: 84_800, cancelA: 49_900, cancelC: 34_900 },
    partial: { total: 79_900, cancelB: 30_000 },
    // The COD fee Rs. 25 incl. 5%: 23.81 + 1.19; the platform keeps 46.67 + 23.81.
    // TCS: 0.5% of 46.67 = 23, of 23.81 = 12 paise.
    cod: { total: 52_400, shipPaid: 4_900, codPaid: 2_500, platformFee: 7_048, feeTcs: 35 },
  },
} as const;

describe.each(['flat18', 'india'] as const)('shipping and COD fees after the order (%s)', (mode: GstMode) => {
  const e = EXPECTED[mode];
  let ctx: TestContext;
  let admin: { headers: { 'auth-token': string } };
  let seller: FastAccount;
  let other: FastAccount;
  const call = callerOf(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestContext({ env: { GST_MODE: mode } });
    admin = { headers: auth((await createAdmin(ctx.app, ctx.db)).token) };
    seller = await quickSeller(ctx.app, {
      gstin: demoGstin('29', 36),
      legalName: 'Das Weaves LLP',
      state: 'Karnataka',
      emailVerifiedAt: new Date(),
      ...PICKUPS.bengaluru,
    });
    other = await quickSeller(ctx.app, {
      gstin: demoGstin('29', 37),
      legalName: 'Iyer Looms LLP',
      state: 'Karnataka',
      emailVerifiedAt: new Date(),
      ...PICKUPS.bengaluru,
    });
  });
  afterAll(() => ctx?.close());

  const settings = async (feesTo: 'seller' | 'platform') => {
    const res = await call('PUT', '/api/admin/settings/shipping', admin, {
      freeAbove: 999,
      fee: 49,
      codFee: 25,
      feesTo,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** Orders the lines through the API: cash on delivery, or paid by card on the test payment page. */
  async function place(
    buyer: FastAccount,
    lines: { productId: string; quantity?: number }[],
    pay: 'cod' | 'card',
  ): Promise<ApiOrder> {
    for (const l of lines) {
      const res = await call('POST', '/api/user/add-to-cart', buyer, { quantity: 1, ...l });
      expect(res.statusCode, res.body).toBe(200);
    }
    let orderId: string;
    if (pay === 'cod') {
      const placed = await call('PUT', '/api/user/order-success', buyer);
      expect(placed.statusCode, placed.body).toBe(200);
      orderId = placed.json().order._id;
    } else {
      const session = await call('POST', '/api/user/checkout-session', buyer);
      expect(session.statusCode, session.body).toBe(200);
      const paid = await ctx.app.inject({
        method: 'POST',
        url: `/pay/${session.json().id}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ cardNumber: '4242424242424242' }).toString(),
      });
      expect(paid.statusCode, paid.body).toBeLessThan(400);
      orderId = session.json().orderId;
    }
    return (await call('GET', `/api/user/orders/${orderId}`, buyer)).json().order;
  }

  const product = (owner: FastAccount, pricePaise: number) =>
    insertProduct(ctx.db, owner.id, { pricePaise, stock: 10 });
  const itemOf = (order: ApiOrder, productId: string) =>
    order.items.find((i) => i.product[0]!._id === productId)!;
  const ship = async (who: FastAccount, itemId: string) =>
    expect((await call('POST', `/api/seller/orders/${itemId}/ship`, who, {})).statusCode).toBe(200);
  const deliver = async (who: FastAccount, itemId: string) =>
    expect((await call('POST', `/api/seller/orders/${itemId}/deliver`, who)).statusCode).toBe(200);
  const documentOf = async (path: string, who: FastAccount): Promise<TaxDocument> => {
    const res = await call('GET', path, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().document;
  };
  const chargesOf = (orderId: string) =>
    ctx.db.select().from(orderCharges).where(eq(orderCharges.orderId, orderId));
  const refundsOf = (orderId: string) => ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const entriesOfOrder = async (orderId: string) => {
    const ids = (
      await ctx.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId))
    ).map((r) => r.id);
    return ctx.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderItemId, ids));
  };
  const sumOf = (entries: { kind: string; amountPaise: number }[], ...kinds: string[]) =>
    entries.filter((x) => kinds.includes(x.kind)).reduce((s, x) => s + x.amountPaise, 0);
  const platformFees = async () =>
    paise((await call('GET', '/api/admin/stats?days=7', admin)).json().period.platformFees);

  it('bills the shipping fee on the invoice; a returned shipment refunds it, credits it and nets the ledger to zero', async () => {
    await settings('seller');
    const a = await product(seller, 45_000);
    const buyer = await quickUser(ctx.app);
    const order = await place(buyer, [{ productId: a.id }], 'card');
    expect(paise(order.total)).toBe(e.one.total);
    const [charge] = await chargesOf(order._id);
    expect(charge).toMatchObject({
      kind: 'shipping',
      sellerId: seller.id,
      feePaise: 4_900,
      gstRateBp: mode === 'india' ? 500 : 1800,
      taxablePaise: e.one.shipTaxable,
      taxPaise: e.one.shipTax,
      refundedAt: null,
    });

    // The invoice: the goods' line, then "Shipping charges" (SAC 996812), intra-state, to the paisa.
    const itemA = itemOf(order, a.id);
    await ship(seller, itemA._id);
    const invoiceId = (await itemRow(ctx.db, itemA._id)).invoiceId!;
    const invoice = await documentOf(`/api/invoices/${invoiceId}`, buyer);
    expect(invoice.lines).toHaveLength(2);
    const shipping = invoice.lines[1]!;
    const half = Math.ceil(e.one.shipTax / 2);
    expect(shipping).toMatchObject({
      itemId: charge!.id,
      charge: 'shipping',
      description: 'Shipping charges',
      hsn: '996812',
      quantity: 1,
      amount: 49,
      discount: 0,
      taxableValue: e.one.shipTaxable / 100,
      rate: mode === 'india' ? 5 : 18,
      cgst: half / 100,
      sgst: (e.one.shipTax - half) / 100,
      igst: 0,
      total: (e.one.shipTaxable + e.one.shipTax) / 100,
    });
    expect(invoice.lines[0]).toMatchObject({
      itemId: itemA._id,
      taxableValue: e.one.goodsTaxable / 100,
      total: (e.one.goodsTaxable + e.one.goodsTax) / 100,
    });
    expect(invoice.lines[0]!.charge).toBeUndefined();
    const taxable = e.one.goodsTaxable + e.one.shipTaxable;
    const tax = e.one.goodsTax + e.one.shipTax;
    expect(paise(invoice.totals.taxableValue)).toBe(taxable);
    expect(paise(invoice.totals.tax)).toBe(tax);
    expect(paise(invoice.totals.cgst + invoice.totals.sgst)).toBe(tax);
    expect(paise(invoice.totals.total)).toBe(e.one.total);
    expect(invoice.totals.inWords).toBe(rupeesInWords(e.one.total));
    expect(paise(invoice.totals.amount)).toBe(49_900);
    const pdf = await call('GET', `/api/invoices/${invoiceId}/pdf`, buyer);
    expect(pdf.statusCode).toBe(200);
    const printed = (await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true })).text.replace(
      /\s+/g,
      ' ',
    );
    expect(printed).toContain('Shipping charges');
    expect(printed).toContain('996812');
    expect(printed).toMatch(/HSN\/ ?SAC/);
    expect(printed).toContain(rupeesInWords(e.one.total));

    // Delivered: the seller's sale includes the fee (feesTo seller); no commission on it.
    await deliver(seller, itemA._id);
    const delivered = await entriesOfOrder(order._id);
    expect(sumOf(delivered, 'shipping_fee')).toBe(e.one.shipTaxable + e.one.shipTax);
    expect(sumOf(delivered, 'sale')).toBe(e.one.goodsTaxable + e.one.goodsTax);
    expect(sumOf(delivered, 'commission')).toBe(-Math.round(e.one.goodsTaxable / 10));
    expect(sumOf(delivered, 'platform_fee', 'cod_fee')).toBe(0);
    expect(sumOf(delivered, 'fee_tcs')).toBe(-Math.round(e.one.shipTaxable * 0.005));

    // The whole shipment comes back: the refund is what was paid for the goods and the fee, the
    // credit note carries the shipping line, and the fee is marked refunded.
    const ret = await requested(call, buyer, itemA._id, { kind: 'refund', quantity: 1, reason: 'defective' });
    await act(call, seller, 'seller', ret._id, 'approve');
    const done = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
    expect(done.statusCode, done.body).toBe(200);
    const back = done.json().return;
    expect(paise(back.refund.amount)).toBe(e.one.total);
    expect((await refundsOf(order._id)).map((r) => r.amountPaise)).toEqual([e.one.total]);
    const note = await documentOf(`/api/credit-notes/${back.creditNoteId}`, buyer);
    expect(note.lines.map((l) => [l.charge ?? 'goods', paise(l.taxableValue), paise(l.total)])).toEqual([
      ['goods', e.one.goodsTaxable, e.one.goodsTaxable + e.one.goodsTax],
      ['shipping', e.one.shipTaxable, e.one.shipTaxable + e.one.shipTax],
    ]);
    expect(paise(note.totals.total)).toBe(e.one.total);
    expect((await chargesOf(order._id))[0]!.refundedAt).not.toBeNull();
    // Everything given back: the seller's entries for the order net to zero, to the paisa.
    const after = await entriesOfOrder(order._id);
    expect(after.find((x) => x.kind === 'fee_tcs_reversal')).toMatchObject({
      amountPaise: Math.round(e.one.shipTaxable * 0.005),
      taxablePaise: e.one.shipTaxable,
      supply: 'intra',
    });
    expect(sumOf(after, ...after.map((x) => x.kind))).toBe(0);
  });

  it("refunds a seller's shipping fee with its whole shipment cancelled, exactly once; the last item refunds the rest", async () => {
    await settings('seller');
    const a = await product(seller, 45_000);
    const c = await product(other, 30_000);
    const buyer = await quickUser(ctx.app);
    const order = await place(buyer, [{ productId: a.id }, { productId: c.id }], 'card');
    expect(paise(order.total)).toBe(e.two.total);
    expect((await chargesOf(order._id)).map((x) => x.kind)).toEqual(['shipping', 'shipping']);
    const itemA = itemOf(order, a.id);
    const itemC = itemOf(order, c.id);

    // Cancelled twice at once: one wins, one refund of A's goods and its seller's fee.
    const twice = await Promise.all([
      call('POST', `/api/user/orders/${itemA._id}/cancel`, buyer),
      call('POST', `/api/user/orders/${itemA._id}/cancel`, buyer),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await call('POST', `/api/user/orders/${itemA._id}/cancel`, buyer)).statusCode).toBe(409);
    const first = await refundsOf(order._id);
    expect(first.map((r) => [r.orderItemId, r.amountPaise, r.status])).toEqual([
      [itemA._id, e.two.cancelA, 'succeeded'],
    ]);
    expect((await itemRow(ctx.db, itemA._id)).refundedPaise).toBe(e.two.cancelA);
    const charges = await chargesOf(order._id);
    expect(charges.find((x) => x.sellerId === seller.id)!.refundedAt).not.toBeNull();
    expect(charges.find((x) => x.sellerId === other.id)!.refundedAt).toBeNull();

    // The order's last item: the rest of the total, i.e. C's goods and its seller's fee.
    expect((await call('POST', `/api/user/orders/${itemC._id}/cancel`, buyer)).statusCode).toBe(200);
    const all = await refundsOf(order._id);
    expect(all.find((r) => r.orderItemId === itemC._id)!.amountPaise).toBe(e.two.cancelC);
    expect(all.reduce((s, r) => s + r.amountPaise, 0)).toBe(e.two.total);
    expect((await chargesOf(order._id)).every((x) => x.refundedAt !== null)).toBe(true);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row!.paymentStatus).toBe('refunded');
  });

  it('the two items of a shipment cancelled at once on two processes: its fee is refunded once, with the last', async () => {
    await settings('seller');
    const twin = await ctx.spawnSeparateApp();
    const a = await product(seller, 45_000);
    const b = await product(seller, 30_000);
    const c = await product(other, 30_000);
    const buyer = await quickUser(ctx.app);
    const order = await place(buyer, [{ productId: a.id }, { productId: b.id }, { productId: c.id }], 'card');
    const [itemA, itemB] = [itemOf(order, a.id), itemOf(order, b.id)];
    const answers = await Promise.all([
      call('POST', `/api/user/orders/${itemA._id}/cancel`, buyer),
      call('POST', `/api/user/orders/${itemB._id}/cancel`, buyer, undefined, twin),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const paidFor = async (itemId: string) => {
      const row = await itemRow(ctx.db, itemId);
      return row.taxablePaise + row.taxPaise;
    };
    const charges = await chargesOf(order._id);
    const mine = charges.find((x) => x.sellerId === seller.id)!;
    const owed = await refundsOf(order._id);
    expect(owed).toHaveLength(2);
    expect(owed.reduce((s, r) => s + r.amountPaise, 0)).toBe(
      (await paidFor(itemA._id)) + (await paidFor(itemB._id)) + mine.taxablePaise + mine.taxPaise,
    );
    expect(mine.refundedAt).not.toBeNull();
    expect(charges.find((x) => x.sellerId === other.id)!.refundedAt).toBeNull();
  });

  it('keeps the shipping fee when one of two items of a shipment is cancelled', async () => {
    await settings('seller');
    const a = await product(seller, 45_000);
    const b = await product(seller, 30_000);
    const buyer = await quickUser(ctx.app);
    const order = await place(buyer, [{ productId: a.id }, { productId: b.id }], 'card');
    expect(paise(order.total)).toBe(e.partial.total);
    const itemB = itemOf(order, b.id);
    expect((await call('POST', `/api/user/orders/${itemB._id}/cancel`, buyer)).statusCode).toBe(200);
    expect((await refundsOf(order._id)).map((r) => r.amountPaise)).toEqual([e.partial.cancelB]);
    const [charge] = await chargesOf(order._id);
    expect(charge!.refundedAt).toBeNull();

    // The rest ships: its invoice still bills the fee.
    const itemA = itemOf(order, a.id);
    await ship(seller, itemA._id);
    const invoice = await documentOf(`/api/invoices/${(await itemRow(ctx.db, itemA._id)).invoiceId}`, buyer);
    expect(invoice.lines.map((l) => l.charge ?? 'goods')).toEqual(['goods', 'shipping']);
  });

  it('the fees are the platform’s with feesTo platform: the seller keeps only their GST; the stats count them', async () => {
    await settings('platform');
    const a = await product(seller, 45_000);
    const buyer = await quickUser(ctx.app);
    const order = await place(buyer, [{ productId: a.id }], 'cod');
    expect(paise(order.total)).toBe(e.cod.total);
    const charges = await chargesOf(order._id);
    expect(charges.map((x) => [x.kind, x.taxablePaise + x.taxPaise]).sort()).toEqual(
      [
        ['cod', e.cod.codPaid],
        ['shipping', e.cod.shipPaid],
      ].sort(),
    );
    const itemA = itemOf(order, a.id);
    await ship(seller, itemA._id);
    const invoice = await documentOf(`/api/invoices/${(await itemRow(ctx.db, itemA._id)).invoiceId}`, buyer);
    expect(invoice.lines.map((l) => [l.charge ?? 'goods', l.description, l.hsn])).toEqual([
      ['goods', invoice.lines[0]!.description, invoice.lines[0]!.hsn],
      ['shipping', 'Shipping charges', '996812'],
      ['cod', 'Cash On Delivery fee', '996812'],
    ]);
    expect(paise(invoice.totals.total)).toBe(e.cod.total);

    // The courier collects the goods and both fees with the shipment, once.
    const collect = async () => (await shippingDocs(ctx.db, seller.id, [order._id]))[0]!.codToCollectPaise;
    expect(await collect()).toBe(e.cod.total);

    const before = await platformFees();
    await deliver(seller, itemA._id);
    expect(await collect()).toBe(0);
    const entries = await entriesOfOrder(order._id);
    expect(sumOf(entries, 'shipping_fee')).toBe(e.cod.shipPaid);
    expect(sumOf(entries, 'cod_fee')).toBe(e.cod.codPaid);
    expect(sumOf(entries, 'platform_fee')).toBe(-e.cod.platformFee);
    // TCS on the fees too (part of the seller's taxable supply), with their taxable value.
    const feeTcs = entries.find((x) => x.kind === 'fee_tcs')!;
    expect(feeTcs).toMatchObject({
      amountPaise: -e.cod.feeTcs,
      taxablePaise: e.cod.platformFee,
      supply: 'intra',
    });
    // The seller is left the fees' GST (its invoice charged it; it owes it), not the fees.
    const feesTax = charges.reduce((s, x) => s + x.taxPaise, 0);
    expect(sumOf(entries, 'shipping_fee', 'cod_fee', 'platform_fee')).toBe(feesTax);
    const goods = await itemRow(ctx.db, itemA._id);
    const commission = Math.round(goods.taxablePaise / 10);
    expect(sumOf(entries, ...entries.map((x) => x.kind))).toBe(
      goods.taxablePaise +
        goods.taxPaise -
        commission -
        Math.round(commission * 0.18) -
        Math.round(goods.taxablePaise * 0.005) +
        feesTax -
        e.cod.feeTcs,
    );
    expect(await platformFees()).toBe(before + e.cod.platformFee);
    // A second delivery call changes nothing (409), and the fees are in the ledger once.
    expect((await call('POST', `/api/seller/orders/${itemA._id}/deliver`, seller)).statusCode).toBe(409);
    const kinds = (await entriesOfOrder(order._id)).map((x) => x.kind).filter((k) => k.endsWith('fee'));
    expect(kinds.sort()).toEqual(['cod_fee', 'platform_fee', 'shipping_fee']);
    expect((await entriesOfOrder(order._id)).filter((x) => x.kind === 'fee_tcs')).toHaveLength(1);
  });

  it('a COD shipment wholly cancelled: its fees are never collected, the other shipment’s are', async () => {
    await settings('seller');
    const a = await product(seller, 45_000);
    const c = await product(other, 30_000);
    const buyer = await quickUser(ctx.app);
    const order = await place(buyer, [{ productId: a.id }, { productId: c.id }], 'cod');
    const charges = await chargesOf(order._id);
    const carrier = charges.find((x) => x.kind === 'cod')!.sellerId;
    const [gone, kept] = carrier === seller.id ? [seller, other] : [other, seller];
    const goneItem = itemOf(order, carrier === seller.id ? a.id : c.id);
    const keptItem = itemOf(order, carrier === seller.id ? c.id : a.id);
    const paidFor = (sellerId: string) =>
      charges.filter((x) => x.sellerId === sellerId).reduce((s, x) => s + x.taxablePaise + x.taxPaise, 0);
    const collect = async (who: FastAccount) =>
      (await shippingDocs(ctx.db, who.id, [order._id]))[0]!.codToCollectPaise;
    const goods = async (itemId: string) => {
      const row = await itemRow(ctx.db, itemId);
      return row.taxablePaise + row.taxPaise;
    };
    expect(await collect(gone)).toBe((await goods(goneItem._id)) + paidFor(gone.id));
    expect(await collect(kept)).toBe((await goods(keptItem._id)) + paidFor(kept.id));
    // Goods, both shipments' fees and the COD fee add up to the order's total.
    expect(
      (await goods(goneItem._id)) + (await goods(keptItem._id)) + paidFor(gone.id) + paidFor(kept.id),
    ).toBe(paise(order.total));

    expect((await call('POST', `/api/user/orders/${goneItem._id}/cancel`, buyer)).statusCode).toBe(200);
    const after = await chargesOf(order._id);
    expect(after.filter((x) => x.sellerId === gone.id).every((x) => x.refundedAt !== null)).toBe(true);
    expect(after.filter((x) => x.sellerId === kept.id).every((x) => x.refundedAt === null)).toBe(true);
    expect(await refundsOf(order._id)).toEqual([]);
    expect(await collect(kept)).toBe((await goods(keptItem._id)) + paidFor(kept.id));
    // Delivered: the kept shipment's fee enters its seller's ledger; the cancelled one's never does.
    await ship(kept, keptItem._id);
    await deliver(kept, keptItem._id);
    const entries = await entriesOfOrder(order._id);
    expect(sumOf(entries, 'shipping_fee', 'cod_fee')).toBe(paidFor(kept.id));
    expect(entries.every((x) => x.sellerId === kept.id)).toBe(true);
  });

  it('a returned shipment whose fees were the platform’s gives the platform’s part back', async () => {
    await settings('platform');
    const a = await product(seller, 45_000);
    const buyer = await quickUser(ctx.app);
    const order = await place(buyer, [{ productId: a.id }], 'card');
    const itemA = itemOf(order, a.id);
    await ship(seller, itemA._id);
    await deliver(seller, itemA._id);
    const before = await platformFees();
    const ret = await requested(call, buyer, itemA._id, { kind: 'refund', quantity: 1, reason: 'defective' });
    await act(call, seller, 'seller', ret._id, 'approve');
    const done = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(paise(done.json().return.refund.amount)).toBe(e.one.total);
    const entries = await entriesOfOrder(order._id);
    expect(sumOf(entries, 'platform_fee_reversal')).toBe(e.one.shipTaxable);
    expect(sumOf(entries, ...entries.map((x) => x.kind))).toBe(0);
    expect(await platformFees()).toBe(before - e.one.shipTaxable);
    const [charge] = await ctx.db
      .select()
      .from(orderCharges)
      .where(and(eq(orderCharges.orderId, order._id), eq(orderCharges.kind, 'shipping')));
    expect(charge!.refundedAt).not.toBeNull();
  });
});
