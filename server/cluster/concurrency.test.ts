import { demoGstin } from '@vastra/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import {
  admins,
  cartItems,
  coupons,
  ledgerEntries,
  orderItems,
  orders,
  outboxEmails,
  payouts,
  products,
  productVariants,
  refunds,
  returns,
  sellers,
  taxDocuments,
  users,
} from '../src/db/schema.ts';
import { TokenService } from '../src/lib/tokens.ts';
import { insertProduct, insertSizedProduct } from '../test/factories.ts';
import { api, type Cluster, JWT_SECRET, type Proc, startCluster, unique, until } from './harness.ts';

/**
 * The races of DESIGN §4 on the real deployment (issue 35): both app processes of the cluster at
 * once, each with its own connection pool, Redis and caches, on one PostgreSQL. Every test asserts
 * the HTTP answers and then reads the database itself. Accounts are made straight in the database
 * with tokens signed by the processes' secret: what is raced is shopping, not registering.
 */
let cluster: Cluster;
let a: Proc;
let b: Proc;
let database: Database;
const tokens = new TokenService(JWT_SECRET);
/** The other process than `p`: a request and its rival go to different processes. */
const otherThan = (p: Proc) => (p === a ? b : a);
const either = (i: number) => (i % 2 === 0 ? a : b);

beforeAll(async () => {
  cluster = await startCluster({ a: 3581, b: 3582, s3: 3585, smtp: 3586 });
  ({ a, b } = cluster.procs);
  database = await openDatabase({ url: cluster.dbUrl, poolSize: 4 });
});

afterAll(async () => {
  await database?.close();
  await cluster?.close();
});

const db = () => database.db;

interface Account {
  id: string;
  token: string;
  email: string;
}

/** A real PIN code in each state the customers live in (addresses are checked against India's). */
const PIN_IN = {
  Maharashtra: { city: 'Pune', postalCode: '411001' },
  Karnataka: { city: 'Bengaluru', postalCode: '560001' },
};

/** `count` customers with an address each, inserted in one statement, with signed tokens. */
async function customers(count: number, state: keyof typeof PIN_IN = 'Maharashtra'): Promise<Account[]> {
  const batch = unique();
  const rows = await db()
    .insert(users)
    .values(
      Array.from({ length: count }, (_, n) => ({
        fullName: `Buyer ${n}`,
        email: `buyer.${batch}.${n}@example.in`,
        passwordHash: 'not-a-login-account',
        mobile: '9876501234',
        address: `${n + 1} MG Road`,
        ...PIN_IN[state],
        state,
      })),
    )
    .returning({ id: users.id, email: sql<string>`${users.email}` });
  return Promise.all(
    rows.map(async (r) => ({ ...r, token: await tokens.sign({ sub: r.id, role: 'user' }) })),
  );
}

/** A seller in Karnataka with a GSTIN who has confirmed their e-mail address (payouts need it). */
async function seller(): Promise<Account> {
  const [row] = await db()
    .insert(sellers)
    .values({
      fullName: 'Kiran Das',
      email: `shop.${unique()}@example.in`,
      passwordHash: 'not-a-login-account',
      mobile: '9845012345',
      companyName: `Das Weaves ${unique()}`,
      companyAddress: '3 Park Street, Bengaluru',
      gstin: demoGstin('29', Number.parseInt(unique().slice(0, 4), 16) % 900),
      legalName: 'Das Weaves LLP',
      state: 'Karnataka',
      emailVerifiedAt: new Date(),
    })
    .returning();
  return { id: row!.id, email: row!.email, token: await tokens.sign({ sub: row!.id, role: 'seller' }) };
}

async function adminAccount(): Promise<Account> {
  const [row] = await db()
    .insert(admins)
    .values({
      fullName: 'Test Admin',
      email: `admin.${unique()}@vastra.test`,
      passwordHash: 'not-a-login-account',
    })
    .returning();
  return { id: row!.id, email: row!.email, token: await tokens.sign({ sub: row!.id, role: 'admin' }) };
}

/** Runs `work` on every item with at most `limit` in flight; answers in the items' order. */
async function bounded<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const statuses = (answers: { status: number }[]) => answers.map((r) => r.status).sort();

async function addToCart(on: Proc, buyer: Account, productId: string, quantity = 1, variantId?: string) {
  const res = await api(
    on,
    'POST',
    '/api/user/add-to-cart',
    { productId, quantity, ...(variantId ? { variantId } : {}) },
    buyer.token,
  );
  expect(res.status, res.text).toBe(200);
}

/**
 * A COD order of one line placed on `on`, then shipped and delivered by the seller on the other
 * process. Answers the order as the buyer reads it.
 */
async function deliveredOrder(on: Proc, buyer: Account, shop: Account, productId: string, quantity = 1) {
  await addToCart(on, buyer, productId, quantity);
  const placed = await api(on, 'PUT', '/api/user/order-success', undefined, buyer.token);
  expect(placed.status, placed.text).toBe(200);
  const order = placed.json().order;
  const there = otherThan(on);
  for (const item of order.items as { _id: string }[]) {
    const shipped = await api(there, 'POST', `/api/seller/orders/${item._id}/ship`, {}, shop.token);
    expect(shipped.status, shipped.text).toBe(200);
    const delivered = await api(
      there,
      'POST',
      `/api/seller/orders/${item._id}/deliver`,
      undefined,
      shop.token,
    );
    expect(delivered.status, delivered.text).toBe(200);
  }
  return order as { _id: string; items: { _id: string }[] };
}

describe('the last pieces of a size, on two processes', () => {
  it('1,000 buyers for 10 pieces: 10 orders, 990 clean 409s, stock 0 and never below', async () => {
    const shop = await seller();
    const { product, variant } = await insertSizedProduct(
      db(),
      shop.id,
      [
        { size: 'M', stock: 10 },
        { size: 'L', stock: 7 },
      ],
      { name: 'Limited Silk Saree' },
    );
    const buyers = await customers(1_000);
    const started = performance.now();
    // Every buyer puts one M in the cart, on one process, and all of them can: 10 are in stock.
    await bounded(buyers, 64, (buyer, i) => addToCart(either(i), buyer, product.id, 1, variant('M').id));
    const added = performance.now();

    // Meanwhile a reader watches the size's stock: it must never be seen below zero.
    let racing = true;
    const seen: number[] = [];
    const watcher = (async () => {
      while (racing) {
        const [row] = await db()
          .select({ stock: productVariants.stock })
          .from(productVariants)
          .where(eq(productVariants.id, variant('M').id));
        seen.push(row!.stock);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    // Then each places the COD order on the other process than the one that took the cart line.
    const answers = await bounded(buyers, 64, (buyer, i) =>
      api(otherThan(either(i)), 'PUT', '/api/user/order-success', undefined, buyer.token),
    );
    racing = false;
    await watcher;
    const ordered = performance.now();
    console.info(
      `[cluster] 1,000 buyers for 10 pieces: carts in ${(added - started).toFixed(0)} ms, ` +
        `orders in ${(ordered - added).toFixed(0)} ms`,
    );

    const placed = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(990);
    for (const r of refused) {
      expect(r.status, r.text).toBe(409);
      expect(r.json()).toMatchObject({
        success: false,
        error: 'Not enough stock for "Limited Silk Saree (M)": fewer than 1 left',
      });
    }
    // Which process sells the 10 pieces is chance (all 10 on one process happens): not asserted.

    expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
    const sizes = await db()
      .select({ size: productVariants.size, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(Object.fromEntries(sizes.map((s) => [s.size, s.stock]))).toEqual({ M: 0, L: 7 });
    const [summary] = await db()
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(summary!.stock).toBe(7);
    const items = await db()
      .select({ quantity: orderItems.quantity, orderId: orderItems.orderId, variantId: orderItems.variantId })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(items).toHaveLength(10);
    expect(items.every((i) => i.quantity === 1 && i.variantId === variant('M').id)).toBe(true);
    // The orders are exactly the ones answered, each of a different buyer, each COD due.
    const answeredIds = placed.map((r) => r.json().order._id as string).sort();
    expect(items.map((i) => i.orderId).sort()).toEqual(answeredIds);
    const rows = await db().select().from(orders).where(inArray(orders.id, answeredIds));
    expect(rows.every((o) => o.paymentStatus === 'cod_due')).toBe(true);
    expect(new Set(rows.map((o) => o.userId)).size).toBe(10);
    // The winners' carts are empty; the 990 others keep their line.
    const lines = await db()
      .select({ userId: cartItems.userId })
      .from(cartItems)
      .where(eq(cartItems.productId, product.id));
    expect(lines).toHaveLength(990);
    expect(lines.some((l) => rows.some((o) => o.userId === l.userId))).toBe(false);

    // Both processes show the product with what is left (their caches saw the orders).
    for (const p of [a, b]) {
      const page = await api(p, 'GET', `/api/product-page/${product.id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('"stockQuantity":7');
    }
  });
});

describe('one cart, one order, on two processes', () => {
  it('a card checkout on one process and a COD order on the other, 20 carts: exactly one wins each', async () => {
    const shop = await seller();
    const product = await insertProduct(db(), shop.id, { pricePaise: 10_000, stock: 1_000 });
    const buyers = await customers(20);
    for (const [i, buyer] of buyers.entries()) {
      await addToCart(either(i), buyer, product.id, 2);
      // The old client sets the method before either call; COD must not be refused for that reason.
      const method = await api(
        either(i + 1),
        'PUT',
        '/api/user/set-payment-method',
        { selectedMethod: 'COD' },
        buyer.token,
      );
      expect(method.status, method.text).toBe(200);
    }
    const answers = await Promise.all(
      buyers.map(async (buyer, i) => {
        const card = () => api(either(i), 'POST', '/api/user/checkout-session', undefined, buyer.token);
        const cod = () => api(either(i + 1), 'PUT', '/api/user/order-success', undefined, buyer.token);
        // Alternate which one starts first.
        const [c, d] =
          i % 3 === 0
            ? await Promise.all([card(), cod()])
            : await Promise.all([cod(), card()]).then(([x, y]) => [y, x]);
        return { buyer, card: c!, cod: d! };
      }),
    );
    for (const { buyer, card, cod } of answers) {
      expect([card.status, cod.status].sort(), `${card.text} / ${cod.text}`).toEqual([200, 409]);
      const loser = card.status === 409 ? card : cod;
      expect(loser.json()).toMatchObject({ success: false, error: expect.any(String) });
      const live = await db()
        .select()
        .from(orders)
        .where(sql`${orders.userId} = ${buyer.id} and ${orders.paymentStatus} <> 'failed'`);
      expect(live).toHaveLength(1);
      // The card side's session is payable only if it won.
      if (card.status === 200) {
        expect(live[0]!.paymentStatus).toBe('awaiting_payment');
        expect(card.json().orderId).toBe(live[0]!.id);
      } else {
        expect(live[0]!.paymentStatus).toBe('cod_due');
        expect(cod.json().order._id).toBe(live[0]!.id);
      }
      const items = await db().select().from(orderItems).where(eq(orderItems.orderId, live[0]!.id));
      expect(items.map((i) => i.quantity)).toEqual([2]);
      // The carts that went to card keep their lines until paid; the COD ones are empty.
      const lines = await db().select().from(cartItems).where(eq(cartItems.userId, buyer.id));
      expect(lines).toHaveLength(card.status === 200 ? 1 : 0);
    }
    console.info(
      `[cluster] one cart, one order: ${answers.filter((x) => x.card.status === 200).length} of 20 went to card`,
    );
    // Stock taken exactly once per cart.
    const [row] = await db()
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.stock).toBe(1_000 - 2 * buyers.length);
  });
});

describe('returns, on two processes', () => {
  const UPI = { upi: 'meera.iyer@okhdfcbank' };
  const askReturn = (on: Proc, buyer: Account, itemId: string) =>
    api(
      on,
      'POST',
      `/api/user/order-items/${itemId}/return`,
      { kind: 'refund', quantity: 1, reason: 'defective', refundTo: UPI },
      buyer.token,
    );
  const act = (on: Proc, who: Account, role: 'seller' | 'admin', returnId: string, move: string, body = {}) =>
    api(on, 'POST', `/api/${role}/returns/${returnId}/${move}`, body, who.token);

  it('the same delivered item asked back twice at once: one return, the other 409', async () => {
    const shop = await seller();
    const product = await insertProduct(db(), shop.id, { pricePaise: 60_000, stock: 10 });
    const buyers = await customers(6);
    for (const [i, buyer] of buyers.entries()) {
      const order = await deliveredOrder(either(i), buyer, shop, product.id);
      const itemId = order.items[0]!._id;
      const answers = await Promise.all([askReturn(a, buyer, itemId), askReturn(b, buyer, itemId)]);
      expect(statuses(answers), answers.map((r) => r.text).join(' / ')).toEqual([200, 409]);
      const loser = answers.find((r) => r.status === 409)!;
      expect(loser.json()).toMatchObject({ success: false, error: expect.any(String) });
      const rows = await db().select().from(returns).where(eq(returns.orderItemId, itemId));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.id).toBe(answers.find((r) => r.status === 200)!.json().return._id);
      expect(rows[0]!).toMatchObject({ status: 'requested', quantity: 1 });
    }
  });

  it('an admin’s refund and the seller’s receipt of one return at once: refunded once, one credit note', async () => {
    const shop = await seller();
    const admin = await adminAccount();
    const product = await insertProduct(db(), shop.id, { pricePaise: 60_000, stock: 4 });
    const [buyer] = await customers(1);
    const order = await deliveredOrder(a, buyer!, shop, product.id);
    const asked = await askReturn(b, buyer!, order.items[0]!._id);
    expect(asked.status, asked.text).toBe(200);
    const returnId = asked.json().return._id as string;
    const approved = await act(a, shop, 'seller', returnId, 'approve');
    expect(approved.status, approved.text).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? act(either(i), admin, 'admin', returnId, 'refund')
          : act(either(i), shop, 'seller', returnId, 'receive', { conditionOk: true }),
      ),
    );
    expect(statuses(answers), answers.map((r) => r.text).join(' / ')).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((x) => x.status === 409)) {
      expect(r.json()).toMatchObject({ success: false, error: expect.stringMatching(/This return is/) });
    }
    const [ret] = await db().select().from(returns).where(eq(returns.id, returnId));
    expect(ret!.status).toBe('refunded');
    const owed = await db().select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(owed.map((r) => [r.amountPaise, r.provider, r.idempotencyKey])).toEqual([
      [70_800, 'cod', `return-${returnId}`],
    ]);
    const notes = await db()
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order._id), eq(taxDocuments.kind, 'credit_note')));
    expect(notes).toHaveLength(1);
    // The piece is back in stock once.
    const [row] = await db()
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.stock).toBe(4);
  });
});

describe('payouts, on two processes', () => {
  /** A delivered COD sale of 1,000.00 to a buyer in Karnataka, past its return window: 1,057.00 payable. */
  async function payableSeller() {
    const shop = await seller();
    const product = await insertProduct(db(), shop.id, { pricePaise: 100_000, stock: 10 });
    const [buyer] = await customers(1, 'Karnataka');
    await deliveredOrder(a, buyer!, shop, product.id);
    await db()
      .update(ledgerEntries)
      .set({ settlesAt: sql`now() - interval '1 second'` })
      .where(eq(ledgerEntries.sellerId, shop.id));
    const balance = await api(b, 'GET', '/api/seller/balance', undefined, shop.token);
    expect(balance.json()).toMatchObject({ payable: 1057 });
    return shop;
  }
  const pay = (on: Proc, admin: Account, sellerId: string, amount: number, key: string) =>
    api(
      on,
      'POST',
      '/api/admin/payouts',
      { sellerId, amount, reference: `UTR-${key}`, idempotencyKey: key },
      admin.token,
    );
  const payoutEntries = (sellerId: string) =>
    db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, sellerId), eq(ledgerEntries.kind, 'payout')));
  const payoutMails = (email: string) =>
    db()
      .select({ subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, email), eq(outboxEmails.kind, 'payout')));

  it('the same payout sent through both processes at once: one payout, one ledger entry, one e-mail', async () => {
    const admin = await adminAccount();
    const shop = await payableSeller();
    const key = `same-${shop.id}`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => pay(either(i), admin, shop.id, 100, key)),
    );
    expect(statuses(answers), answers.map((r) => r.text).join(' / ')).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((r) => r.json().payout._id));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.json().repeated === true)).toHaveLength(3);

    const made = await db().select().from(payouts).where(eq(payouts.sellerId, shop.id));
    expect(made.map((p) => [p.id, p.amountPaise])).toEqual([[[...ids][0], 10_000]]);
    expect((await payoutEntries(shop.id)).map((e) => e.amountPaise)).toEqual([-10_000]);
    expect(await payoutMails(shop.email)).toEqual([{ subject: 'Vastra has paid you Rs. 100.00' }]);
    // Whichever process works the mail job, the seller receives it once.
    const received = () =>
      cluster.smtp.received.filter((m) => m.includes(shop.email) && m.includes('Rs. 100.00'));
    await until(async () => received().length > 0, 30_000, 'the payout e-mail');
    expect(received()).toHaveLength(1);
    const balance = await api(a, 'GET', '/api/seller/balance', undefined, shop.token);
    expect(balance.json()).toMatchObject({ payable: 957 });
  });

  it('payouts that together exceed the balance, through both processes at once: at most the balance is paid', async () => {
    const admin = await adminAccount();
    const shop = await payableSeller();
    // Six payouts of 400.00 against 1,057.00: two fit.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pay(either(i), admin, shop.id, 400, `over-${shop.id}-${i}`)),
    );
    expect(statuses(answers), answers.map((r) => r.text).join(' / ')).toEqual([200, 200, 409, 409, 409, 409]);
    for (const r of answers.filter((x) => x.status === 409)) {
      expect(r.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
    const made = await db().select().from(payouts).where(eq(payouts.sellerId, shop.id));
    expect(made.map((p) => p.amountPaise)).toEqual([40_000, 40_000]);
    expect((await payoutEntries(shop.id)).map((e) => e.amountPaise)).toEqual([-40_000, -40_000]);
    expect(await payoutMails(shop.email)).toHaveLength(2);
    const balance = await api(b, 'GET', '/api/seller/balance', undefined, shop.token);
    expect(balance.json()).toMatchObject({ payable: 257 });
  });
});

describe('a coupon’s last uses, on two processes', () => {
  it('1,000 shoppers racing for a limit of 100: exactly 100 discounted orders, 900 clean 409s, nothing else placed', async () => {
    const shop = await seller();
    const admin = await adminAccount();
    const product = await insertProduct(db(), shop.id, {
      pricePaise: 100_000,
      stock: 2_000,
      name: 'Festive Kurta',
    });
    const code = `RACE${unique().toUpperCase()}`;
    const made = await api(
      a,
      'POST',
      '/api/admin/coupons',
      { code, kind: 'flat', value: 150, usageLimit: 100, fundedBy: 'platform' },
      admin.token,
    );
    expect(made.status, made.text).toBe(201);
    const buyers = await customers(1_000);
    // Every shopper fills the cart and applies the code (uses are left for all of them then).
    await bounded(buyers, 64, async (buyer, i) => {
      await addToCart(either(i), buyer, product.id);
      const applied = await api(either(i), 'POST', '/api/user/cart/coupon', { code }, buyer.token);
      expect(applied.status, applied.text).toBe(200);
    });
    // Then all of them place the COD order at once, each on the other process.
    const answers = await bounded(buyers, 64, (buyer, i) =>
      api(otherThan(either(i)), 'PUT', '/api/user/order-success', undefined, buyer.token),
    );
    const placed = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 409);
    expect(placed).toHaveLength(100);
    expect(refused).toHaveLength(900);
    for (const r of refused) expect(r.json().error).toMatch(new RegExp(`^${code} has (just )?been used up`));
    for (const r of placed)
      expect(r.json().order).toMatchObject({ discount: 150, couponCode: code, subtotal: 850 });

    const ids = buyers.map((b) => b.id);
    const rows = await db().select().from(orders).where(inArray(orders.userId, ids));
    expect(rows).toHaveLength(100);
    expect(rows.every((o) => o.discountPaise === 15_000 && o.totalPaise === 100_300)).toBe(true);
    const [coupon] = await db()
      .select({
        used: coupons.usedCount,
        redemptions: sql<number>`(select count(*)::int from coupon_redemptions r where r.coupon_id = coupons.id)`,
      })
      .from(coupons)
      .where(eq(coupons.code, code));
    expect(coupon).toMatchObject({ used: 100, redemptions: 100 });
    const [left] = await db()
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(left!.stock).toBe(1_900);
  });
});
