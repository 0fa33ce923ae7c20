import { demoGstin } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, insertProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { act, deliveredOrder, requested } from '../../test/return-fixtures.ts';
import { callerOf, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { ledgerEntries } from '../db/schema.ts';

/**
 * Issue 34, item 1: an item returned one unit at a time gives back exactly what its sale charged
 * the seller. Each return's share of the commission, its GST and the TCS is cumulative (like the
 * credit notes' shares), so after the last unit every reversed kind equals what was charged, to the
 * paisa, in the ledger and in the TCS report (GSTR-8).
 */

let ctx: TestContext;
let admin: { headers: { 'auth-token': string } };
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = { headers: auth((await createAdmin(ctx.app, ctx.db)).token) };
});
afterAll(() => ctx?.close());

/** Each charged kind and the kind that gives it back on a return. */
const REVERSED = {
  sale: 'refund',
  commission: 'commission_reversal',
  commission_gst: 'commission_gst_reversal',
  tcs: 'tcs_reversal',
} as const;

let gstinsMade = 0;

describe('an item returned one unit at a time', () => {
  it.each([
    // Rs. 999.99 taxable: commission 100.00, TCS 5.00; one unit's own share rounds to 33.33 and 1.67.
    { units: 3, pricePaise: 33_333, commission: 10_000, tcs: 500 },
    // Rs. 1,000.02 taxable: commission 100.00; one unit's own share rounds to 14.29 (7 × = 100.03).
    { units: 7, pricePaise: 14_286, commission: 10_000, tcs: 500 },
    // TCS 4.95: an odd number of paise to split into central and state tax.
    { units: 3, pricePaise: 33_000, commission: 9_900, tcs: 495 },
  ])(
    'gives back what $units × $pricePaise paise charged, to the paisa',
    async ({ units, pricePaise, commission, tcs }) => {
      const gstin = demoGstin('29', 300 + gstinsMade++);
      const seller = await quickSeller(ctx.app, { gstin, legalName: 'Das Weaves LLP', state: 'Karnataka' });
      const product = await insertProduct(ctx.db, seller.id, { pricePaise, stock: units });
      const buyer = await quickUser(ctx.app, { state: 'Karnataka' });
      const order = await deliveredOrder(
        call,
        ctx.app,
        buyer,
        seller,
        [{ productId: product.id, quantity: units }],
        'card',
      );
      const item = order.items[0]!;

      const charged = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.sellerId, seller.id));
      const chargedOf = (kind: string) => charged.find((e) => e.kind === kind)!.amountPaise;
      expect([chargedOf('commission'), chargedOf('tcs')]).toEqual([-commission, -tcs]);

      for (let unit = 0; unit < units; unit++) {
        const ret = await requested(call, buyer, item._id, {
          kind: 'refund',
          quantity: 1,
          reason: 'defective',
        });
        expect((await act(call, seller, 'seller', ret._id, 'approve')).statusCode).toBe(200);
        const done = await act(call, seller, 'seller', ret._id, 'receive', { conditionOk: true });
        expect(done.statusCode, done.body).toBe(200);
        expect(done.json().return.status).toBe('refunded');
      }

      const entries = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.sellerId, seller.id));
      const sum = (kind: string) =>
        entries.filter((e) => e.kind === kind).reduce((s, e) => s + e.amountPaise, 0);
      for (const [kind, reversal] of Object.entries(REVERSED)) {
        expect(
          entries.filter((e) => e.kind === reversal),
          reversal,
        ).toHaveLength(units);
        expect({ kind, net: sum(kind) + sum(reversal) }).toEqual({ kind, net: 0 });
      }
      expect(entries.reduce((s, e) => s + e.amountPaise, 0)).toBe(0);

      const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
      const report = await call('GET', `/api/admin/tcs-report.csv?month=${month}`, admin);
      expect(report.statusCode).toBe(200);
      const row = report.body
        .trim()
        .split('\r\n')
        .find((l) => l.startsWith(gstin))!
        .split(',');
      const taxable = ((units * pricePaise) / 100).toFixed(2);
      // Gross, returned, net liable, IGST, CGST, SGST.
      expect(row.slice(2)).toEqual([taxable, taxable, '0.00', '0.00', '0.00', '0.00']);
    },
  );
});
