import { demoGstin } from '@vastra/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, insertProduct, registerUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { ledgerEntries, outboxEmails, payouts } from '../../db/schema.ts';

/**
 * Marketplace money (issue 19): the ledger of a whole life (order, delivery, return window,
 * payout) to the paisa, commission rates, TCS split by supply, payouts once and within the balance
 * under concurrent requests, who sees what, and the admin's actions with their audit trail.
 */
let ctx: TestContext;
let admin: { headers: { 'auth-token': string } };
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = { headers: auth((await createAdmin(ctx.app, ctx.db)).token) };
});
afterAll(async () => ctx?.close());

const entriesOf = (sellerId: string) =>
  ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.sellerId, sellerId));
/** The return window passes (the test's clock): every entry of the seller is settled. */
const windowPasses = (sellerId: string) =>
  ctx.db
    .update(ledgerEntries)
    .set({ settlesAt: sql`now() - interval '1 second'` })
    .where(eq(ledgerEntries.sellerId, sellerId));

let sellersMade = 0;
/**
 * A registered seller in Karnataka, each with its own GSTIN, who has confirmed their e-mail
 * address (a payout needs it) unless `verified` is false.
 */
async function karnatakaSeller(gstin = demoGstin('29', 100 + sellersMade++), verified = true) {
  return quickSeller(ctx.app, {
    gstin,
    legalName: 'Das Weaves LLP',
    state: 'Karnataka',
    emailVerifiedAt: verified ? new Date() : null,
  });
}

/** A real PIN code in each state a buyer lives in. */
const BUYER_IN = {
  Karnataka: { city: 'Bengaluru', postalCode: '560001' },
  Maharashtra: { city: 'Pune', postalCode: '411001' },
};

/** A COD order of one product at `pricePaise`, shipped and delivered. */

async function deliveredSale(
  seller: FastAccount,
  pricePaise: number,
  buyerState: keyof typeof BUYER_IN = 'Karnataka',
) {
  const buyer = await quickUser(ctx.app, { state: buyerState, ...BUYER_IN[buyerState] });
  const product = await insertProduct(ctx.db, seller.id, { pricePaise, stock: 10 });
  await call('POST', '/api/user/add-to-cart', buyer, { productId: product.id, quantity: 1 });
  const { order } = (await call('PUT', '/api/user/order-success', buyer)).json();
  const itemId = order.items[0]._id as string;
  expect((await call('POST', `/api/seller/orders/${itemId}/ship`, seller, {})).statusCode).toBe(200);
  expect((await call('POST', `/api/seller/orders/${itemId}/deliver`, seller)).statusCode).toBe(200);
  return { buyer, product, itemId, order };
}

const payout = (sellerId: string, amount: number, key: string) =>
  call('POST', '/api/admin/payouts', admin, {
    sellerId,
    amount,
    reference: `UTR${key}`,
    idempotencyKey: key,
  });

describe('the seller ledger', () => {
  it('adds up a whole life to the paisa: delivery, the return window, a payout', async () => {
    const seller = await karnatakaSeller();
    const { itemId } = await deliveredSale(seller, 99_999);
    // Rs. 999.99 + 18% GST (180.00) collected in cash; 10% commission on the taxable value (100.00),
    // 18% GST on it (18.00), TCS 0.5% of the taxable value (5.00).
    const entries = await entriesOf(seller.id);
    const byKind = Object.fromEntries(entries.map((e) => [e.kind, e.amountPaise]));
    expect(byKind).toEqual({
      cod_collected: 117_999,
      commission: -10_000,
      commission_gst: -1_800,
      tcs: -500,
    });
    expect(entries.every((e) => e.orderItemId === itemId)).toBe(true);
    expect(entries.find((e) => e.kind === 'tcs')).toMatchObject({ taxablePaise: 99_999, supply: 'intra' });

    // Within the return window: pending, nothing payable, and no payout possible.
    expect((await call('GET', '/api/seller/balance', seller)).json()).toEqual({
      success: true,
      payable: 0,
      pending: 1056.99,
      currency: 'INR',
    });
    const early = await payout(seller.id, 1, 'early-payout-1');
    expect(early.statusCode).toBe(409);

    await windowPasses(seller.id);
    expect((await call('GET', '/api/seller/balance', seller)).json()).toMatchObject({
      payable: 1056.99,
      pending: 0,
    });
    const over = await payout(seller.id, 1057, 'payout-over-1');
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('Only Rs. 1,056.99 is payable to this seller now');

    const paid = await payout(seller.id, 1056.99, 'payout-life-1');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      repeated: false,
      payout: { amount: 1056.99, reference: 'UTRpayout-life-1' },
    });
    const again = await payout(seller.id, 1056.99, 'payout-life-1');
    expect(again.json()).toMatchObject({ repeated: true, payout: { _id: paid.json().payout._id } });
    const after = await entriesOf(seller.id);
    expect(after.filter((e) => e.kind === 'payout')).toHaveLength(1);
    expect(after.reduce((s, e) => s + e.amountPaise, 0)).toBe(0);
    expect((await call('GET', '/api/seller/balance', seller)).json()).toMatchObject({
      payable: 0,
      pending: 0,
    });

    const statement = (await call('GET', '/api/seller/ledger', seller)).json();
    expect(statement.entries.map((e: { kind: string }) => e.kind).sort()).toEqual(
      ['cod_collected', 'commission', 'commission_gst', 'payout', 'tcs'].sort(),
    );
    const csv = await call('GET', '/api/seller/ledger.csv', seller);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.body
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(rows[0]).toEqual([
      'date',
      'kind',
      'amount_inr',
      'order_item_id',
      'return_id',
      'payout_id',
      'settles_at',
    ]);
    expect(rows.slice(1).reduce((s, r) => s + Math.round(Number(r[2]) * 100), 0)).toBe(0);
  });

  it('charges a seller’s own commission over its category’s over the default', async () => {
    const seller = await karnatakaSeller();
    const set = await call('PUT', '/api/admin/commissions', admin, {
      categories: { Mens: 8 },
      sellers: { [seller.id]: 12.5 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      defaultPercent: 10,
      categories: { Mens: 8 },
      sellers: { [seller.id]: 12.5 },
    });
    await deliveredSale(seller, 100_000);
    const byKind = Object.fromEntries((await entriesOf(seller.id)).map((e) => [e.kind, e.amountPaise]));
    expect(byKind).toMatchObject({ commission: -12_500, commission_gst: -2_250 });
    // Without the seller's own rate, the category's.
    await call('PUT', '/api/admin/commissions', admin, { sellers: { [seller.id]: null } });
    const other = await karnatakaSeller();
    await deliveredSale(other, 100_000);
    expect((await entriesOf(other.id)).find((e) => e.kind === 'commission')!.amountPaise).toBe(-8_000);
    await call('PUT', '/api/admin/commissions', admin, { categories: { Mens: null } });
    expect(
      (await call('PUT', '/api/admin/commissions', admin, { categories: { Mens: 101 } })).statusCode,
    ).toBe(400);
  });

  it('reports TCS per seller GSTIN, CGST + SGST within the state and IGST across', async () => {
    const seller = await karnatakaSeller(demoGstin('29', 21));
    await deliveredSale(seller, 200_000, 'Karnataka');
    await deliveredSale(seller, 100_000, 'Maharashtra');
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const res = await call('GET', `/api/admin/tcs-report.csv?month=${month}`, admin);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'GSTIN of the supplier,Trade name,Gross value of supplies made,Value of supplies returned,Net amount liable for TCS,Integrated tax,Central tax,State/UT tax',
    );
    const mine = lines.find((l) => l.startsWith(demoGstin('29', 21)))!.split(',');
    // 3,000 taxable: TCS 0.5% = 10 (intra) + 5 (inter).
    expect(mine.slice(2)).toEqual(['3000.00', '0.00', '3000.00', '5.00', '5.00', '5.00']);
    expect((await call('GET', '/api/admin/tcs-report.csv?month=2026-13', admin)).statusCode).toBe(400);
  });
});

describe('payouts only to verified sellers', () => {
  const verificationLink = async (email: string) => {
    const mails = await ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, email), eq(outboxEmails.kind, 'email_verification')));
    return mails.at(-1)?.text.match(/\/verify-email\?token=([\w-]+)/)?.[1];
  };

  it('refuses a payout to a seller who has not confirmed their e-mail, recording nothing, until they do', async () => {
    const seller = await karnatakaSeller(undefined, false);
    await deliveredSale(seller, 100_000); // net 1,057.00
    await windowPasses(seller.id);
    const dueOf = async () =>
      ((await call('GET', '/api/admin/payouts/due', admin)).json().sellers as { sellerId: string }[]).find(
        (s) => s.sellerId === seller.id,
      );
    expect(await dueOf()).toMatchObject({ verified: false, payable: 1057 });
    const mailsBefore = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, seller.email));

    const refused = await payout(seller.id, 500, `unverified-${seller.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Verify this seller before paying out: they have not confirmed their e-mail address yet',
      errors: [
        { msg: 'Verify this seller before paying out: they have not confirmed their e-mail address yet' },
      ],
    });
    expect(await ctx.db.select().from(payouts).where(eq(payouts.sellerId, seller.id))).toEqual([]);
    expect((await entriesOf(seller.id)).filter((e) => e.kind === 'payout')).toEqual([]);
    const log = (await call('GET', '/api/admin/audit-log', admin)).json().entries as { targetId: string }[];
    expect(log.filter((e) => e.targetId === seller.id)).toEqual([]);
    expect(await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.to, seller.email))).toHaveLength(
      mailsBefore.length,
    );
    expect((await call('GET', '/api/seller/balance', seller)).json()).toMatchObject({ payable: 1057 });

    // The seller confirms their address from the link the shop mails them; then the payout is made.
    expect((await call('POST', '/api/auth/seller/resend-verification', seller)).statusCode).toBe(200);
    const token = await verificationLink(seller.email);
    expect(token).toBeTruthy();
    expect((await call('GET', `/api/auth/verify-email?token=${token}`)).statusCode).toBe(200);
    expect(await dueOf()).toMatchObject({ verified: true, payable: 1057 });
    const paid = await payout(seller.id, 500, `unverified-${seller.id}`);
    expect(paid.statusCode).toBe(200);
    expect((await entriesOf(seller.id)).filter((e) => e.kind === 'payout')).toHaveLength(1);
    expect((await call('GET', '/api/seller/balance', seller)).json()).toMatchObject({ payable: 557 });
  });
});

describe('the payout e-mail', () => {
  const payoutMails = (email: string) =>
    ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, email), eq(outboxEmails.kind, 'payout')));
  const indiaDay = (iso: string, locale: string) =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(new Date(iso));

  it('tells the seller once, with the amount, reference, date and what is left; a refusal tells nothing', async () => {
    const seller = await karnatakaSeller();
    await deliveredSale(seller, 100_000); // net 1,057.00
    await windowPasses(seller.id);
    await deliveredSale(seller, 10_000); // net 105.70, pending its return window

    expect((await payout(seller.id, 2000, `mail-over-${seller.id}`)).statusCode).toBe(409);
    expect(await payoutMails(seller.email)).toEqual([]);

    const paid = await payout(seller.id, 600, `mail-${seller.id}`);
    expect(paid.statusCode).toBe(200);
    const again = await payout(seller.id, 600, `mail-${seller.id}`);
    expect(again.json()).toMatchObject({ repeated: true });
    const mails = await payoutMails(seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Vastra has paid you Rs. 600.00');
    expect(mails[0]!.text).toBe(
      [
        'Hello Kiran Das,',
        '',
        `We paid Rs. 600.00 to your bank account on ${indiaDay(paid.json().payout.date, 'en-IN')} (bank reference UTRmail-${seller.id}).`,
        'It is in your statement under Payments.',
        '',
        'Still payable to you: Rs. 457.00. Pending until return windows pass: Rs. 105.70.',
      ].join('\n'),
    );
    expect((await call('GET', '/api/seller/balance', seller)).json()).toMatchObject({
      payable: 457,
      pending: 105.7,
    });
  });

  it('is in Hindi for a seller who uses the shop in Hindi', async () => {
    const seller = await karnatakaSeller();
    expect((await call('PUT', '/api/seller/locale', seller, { locale: 'hi' })).statusCode).toBe(200);
    await deliveredSale(seller, 100_000);
    await windowPasses(seller.id);
    const paid = await payout(seller.id, 1057, `mail-hi-${seller.id}`);
    expect(paid.statusCode).toBe(200);
    const mails = await payoutMails(seller.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('वस्त्र ने आपको ₹1,057.00 का भुगतान किया है');
    expect(mails[0]!.text).toBe(
      [
        'नमस्ते Kiran Das,',
        '',
        `हमने ${indiaDay(paid.json().payout.date, 'hi-IN')} को ₹1,057.00 आपके बैंक खाते में भेज दिए हैं (बैंक संदर्भ UTRmail-hi-${seller.id})।`,
        'यह ‘भुगतान’ में आपके विवरण-पत्र में दिखता है।',
        '',
        'अभी भी आपको देय: ₹0.00। वापसी की अवधि पूरी होने तक लंबित: ₹0.00।',
      ].join('\n'),
    );
  });
});

describe('payouts under concurrency', () => {
  it('never pays beyond the balance, and one key pays once, on two processes', async () => {
    const seller = await karnatakaSeller();
    await deliveredSale(seller, 100_000); // net 1,000 + 180 − 100 − 18 − 5 = 1,057.00
    await windowPasses(seller.id);
    const other = await ctx.spawnSeparateApp();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(
          'POST',
          '/api/admin/payouts',
          admin,
          {
            sellerId: seller.id,
            amount: 400,
            reference: `UTR-C${i}`,
            idempotencyKey: `concurrent-${seller.id}-${i}`,
          },
          i % 2 ? other : ctx.app,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const same = await Promise.all(
      [ctx.app, other].map((on) =>
        call(
          'POST',
          '/api/admin/payouts',
          admin,
          {
            sellerId: seller.id,
            amount: 100,
            reference: 'UTR-SAME',
            idempotencyKey: `same-${seller.id}`,
          },
          on,
        ),
      ),
    );
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(same.map((r) => r.json().payout._id)).size).toBe(1);
    const payouts = (await entriesOf(seller.id)).filter((e) => e.kind === 'payout');
    expect(payouts.map((p) => p.amountPaise).sort()).toEqual([-40_000, -40_000, -10_000].sort());
    expect((await call('GET', '/api/seller/balance', seller)).json().payable).toBe(157);
    // One e-mail per payout made: none for the refusals, one for the key sent twice.
    const mails = await ctx.db
      .select({ subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, seller.email), eq(outboxEmails.kind, 'payout')));
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        'Vastra has paid you Rs. 100.00',
        'Vastra has paid you Rs. 400.00',
        'Vastra has paid you Rs. 400.00',
      ].sort(),
    );
  });

  it('records a delivery once when two processes mark it delivered at the same time', async () => {
    const seller = await karnatakaSeller();
    const buyer = await quickUser(ctx.app);
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 50_000, stock: 5 });
    await call('POST', '/api/user/add-to-cart', buyer, { productId: product.id, quantity: 1 });
    const itemId = (await call('PUT', '/api/user/order-success', buyer)).json().order.items[0]._id;
    await call('POST', `/api/seller/orders/${itemId}/ship`, seller, {});
    const other = await ctx.spawnSeparateApp();
    const both = await Promise.all(
      [ctx.app, other].map((on) =>
        call('POST', `/api/seller/orders/${itemId}/deliver`, seller, undefined, on),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await entriesOf(seller.id)).toHaveLength(4);
  });
});

describe('who sees the money', () => {
  it('shows a seller only its own ledger, and the admin desk only to admins', async () => {
    const seller = await karnatakaSeller();
    await deliveredSale(seller, 10_000);
    const rival = await karnatakaSeller();
    expect((await call('GET', '/api/seller/ledger', rival)).json().entries).toEqual([]);
    const shopper = await quickUser(ctx.app);
    expect((await call('GET', '/api/seller/ledger', shopper)).statusCode).toBe(403);
    expect((await call('GET', '/api/seller/balance')).statusCode).toBe(401);
    for (const url of [
      '/api/admin/payouts/due',
      '/api/admin/payouts',
      '/api/admin/audit-log',
      '/api/admin/commissions',
    ]) {
      expect((await call('GET', url, seller)).statusCode, url).toBe(403);
      expect((await call('GET', url)).statusCode, url).toBe(401);
    }
    expect(
      (
        await call('POST', '/api/admin/payouts', seller, {
          sellerId: seller.id,
          amount: 1,
          reference: 'UTR-X1',
          idempotencyKey: 'seller-tries',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('the admin acts', () => {
  it('suspends and reinstates a shopper, hides a product with a reason, cancels an item; all audited', async () => {
    const user = await registerUser(ctx.app);
    const suspended = await call('POST', `/api/admin/users/${user.id}/suspend`, admin);
    expect(suspended.statusCode).toBe(200);
    const login = await call('POST', '/api/auth/user/login', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(login.statusCode).toBe(403);
    const shopper = { headers: auth(user.token) };
    expect((await call('GET', '/api/user/cart', shopper)).statusCode).toBe(403);
    await call('POST', `/api/admin/users/${user.id}/reinstate`, admin);
    expect((await call('GET', '/api/user/cart', shopper)).statusCode).toBe(200);

    const seller = await karnatakaSeller();
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 10_000, stock: 5 });
    const hide = await call('POST', `/api/admin/products/${product.id}/hide`, admin, {
      reason: 'Photos show another brand',
    });
    expect(hide.statusCode).toBe(200);
    expect((await call('GET', `/api/product-page/${product.id}`)).statusCode).toBe(404);
    // Its seller sees it, hidden, with the reason.
    const own = (await call('GET', '/api/seller/products', seller)).json() as {
      _id: string;
      listing: unknown;
    }[];
    expect(own.find((p) => p._id === product.id)!.listing).toEqual({
      status: 'hidden',
      reason: 'Photos show another brand',
    });
    expect(
      (await call('POST', `/api/admin/products/${product.id}/hide`, admin, { reason: '' })).statusCode,
    ).toBe(400);

    const buyer = await quickUser(ctx.app);
    const other = await insertProduct(ctx.db, seller.id, { pricePaise: 10_000, stock: 5 });
    await call('POST', '/api/user/add-to-cart', buyer, { productId: other.id, quantity: 2 });
    const itemId = (await call('PUT', '/api/user/order-success', buyer)).json().order.items[0]._id;
    expect((await call('POST', `/api/admin/order-items/${itemId}/cancel`, admin)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/order-items/${itemId}/cancel`, admin)).statusCode).toBe(409);

    const log = (await call('GET', '/api/admin/audit-log', admin)).json().entries as {
      action: string;
      targetId: string;
    }[];
    const actions = log.map((e) => `${e.action}:${e.targetId}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `user.suspend:${user.id}`,
        `user.reinstate:${user.id}`,
        `product.hide:${product.id}`,
        `order_item.cancel:${itemId}`,
      ]),
    );
    const stats = (await call('GET', '/api/admin/stats?days=7', admin)).json();
    expect(stats.period.days).toBe(7);
    expect(stats.period.commission).toBeGreaterThan(0);
    expect((await call('GET', '/api/admin/stats?days=5', admin)).statusCode).toBe(400);
  });
});
