import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAdmin, insertProduct, insertSizedProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext, testConfig } from '../../../test/harness.ts';
import { type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { buildApp } from '../../app.ts';
import { auditLog, productVariants } from '../../db/schema.ts';
import { readCatalogVersion } from '../catalog/index.ts';
import { saleEvents, salePrices } from './tables.ts';

/**
 * Sale events (admin) and sale prices (sellers), through HTTP: the refusals name their field and
 * change nothing, each role sees only what it may, and the catalogue shows a sale price exactly
 * while its event runs (the bump in every write, with the rule in contracts/src/offers.ts).
 */

let ctx: TestContext;
let admin: Account;
let shopper: FastAccount;
let seller: FastAccount;
let rival: FastAccount;
const adminHeaders = () => ({ 'auth-token': admin.token });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app, ctx.db);
  shopper = await quickUser(ctx.app);
  seller = await quickSeller(ctx.app);
  rival = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const HOUR = 3_600_000;
const at = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type Who = { headers: Record<string, string> } | undefined;
const call = (method: InjectOptions['method'], url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });
const asAdmin = { headers: {} as Record<string, string> };

const eventCount = async () => (await ctx.db.select().from(saleEvents)).length;
const pricesOf = (eventId: string, sellerId: string) =>
  ctx.db
    .select()
    .from(salePrices)
    .where(and(eq(salePrices.eventId, eventId), eq(salePrices.sellerId, sellerId)));

async function newEvent(over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/admin/sale-events', asAdmin, {
    name: 'Diwali Sale',
    startsAt: at(-HOUR),
    endsAt: at(24 * HOUR),
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; status: string; startsAt: string; endsAt: string; prices: number };
}

const putPrices = (eventId: string, who: Who, items: Array<{ variantId: string; salePrice: unknown }>) =>
  call('PUT', `/api/seller/sale-events/${eventId}/prices`, who, { items });

beforeAll(() => {
  asAdmin.headers = adminHeaders();
});

describe('sale events (admin)', () => {
  it('creates an event and lists it newest first with its status and price count', async () => {
    const running = await newEvent({ name: 'Running Sale' });
    expect(running).toMatchObject({
      name: 'Running Sale',
      status: 'running',
      prices: 0,
      earlyAccessAt: null,
    });
    const early = await newEvent({
      name: 'Early Sale',
      earlyAccessAt: at(-HOUR),
      startsAt: at(HOUR),
      endsAt: at(2 * HOUR),
    });
    expect(early.status).toBe('early_access');
    const later = await newEvent({ name: 'Later Sale', startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    expect(later.status).toBe('upcoming');

    const list = await call('GET', '/api/admin/sale-events', asAdmin);
    expect(list.statusCode).toBe(200);
    const ids = (list.json() as Array<{ _id: string }>).map((e) => e._id);
    expect(ids.indexOf(later._id)).toBeLessThan(ids.indexOf(early._id));
    expect(ids.indexOf(early._id)).toBeLessThan(ids.indexOf(running._id));

    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, running._id));
    expect(audit).toMatchObject({ action: 'sale_event.create', adminEmail: admin.email });
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(121) }, 'name'],
    [{ startsAt: 'next week' }, 'startsAt'],
    [{ startsAt: undefined }, 'startsAt'],
    [{ endsAt: '2020-01-01' }, 'endsAt'],
    [{ startsAt: at(2 * HOUR), endsAt: at(HOUR) }, 'endsAt'],
    [{ startsAt: at(HOUR), endsAt: at(2 * HOUR), earlyAccessAt: at(3 * HOUR) }, 'earlyAccessAt'],
    [{ startsAt: at(-3 * HOUR), endsAt: at(-HOUR) }, 'endsAt'],
    [{ startsAt: '0000-01-01T00:00:00Z' }, 'startsAt'],
    [{ startsAt: '0001-01-01T00:00:00Z' }, 'startsAt'],
    [{ startsAt: '1999-12-31T23:59:59Z' }, 'startsAt'],
  ])('refuses %j with a 400 naming %s, and creates nothing', async (over, field) => {
    const before = await eventCount();
    const res = await call('POST', '/api/admin/sale-events', asAdmin, {
      name: 'Bad Sale',
      startsAt: at(HOUR),
      endsAt: at(2 * HOUR),
      ...over,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ msg: expect.any(String), path: field });
    expect(await eventCount()).toBe(before);
  });

  it('is refused to visitors, shoppers and sellers', async () => {
    const event = await newEvent();
    const routes: Array<[InjectOptions['method'], string, object?]> = [
      ['POST', '/api/admin/sale-events', { name: 'Mine', startsAt: at(HOUR), endsAt: at(2 * HOUR) }],
      ['GET', '/api/admin/sale-events'],
      ['PATCH', `/api/admin/sale-events/${event._id}`, { endNow: true }],
    ];
    const before = await eventCount();
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      for (const who of [shopper, seller])
        expect((await call(method, url, who, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await eventCount()).toBe(before);
    const [row] = await ctx.db.select().from(saleEvents).where(eq(saleEvents.id, event._id));
    expect(row!.endsAt.toISOString()).toBe(event.endsAt);
  });

  it('renames and moves an event, keeping its window in order', async () => {
    const event = await newEvent({ startsAt: at(HOUR), endsAt: at(3 * HOUR) });
    const url = `/api/admin/sale-events/${event._id}`;
    const moved = await call('PATCH', url, asAdmin, {
      name: 'Festive Sale',
      earlyAccessAt: at(30 * 60_000),
      endsAt: at(5 * HOUR),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'Festive Sale', status: 'upcoming' });

    const refusals: Array<[object, string]> = [
      [{ startsAt: at(6 * HOUR) }, 'startsAt'],
      [{ endsAt: at(20 * 60_000) }, 'endsAt'],
      [{ endsAt: at(-HOUR) }, 'endsAt'],
      [{ earlyAccessAt: at(2 * HOUR) }, 'earlyAccessAt'],
      [{ startsAt: at(10 * 60_000) }, 'startsAt'],
      [{ endNow: true, endsAt: at(4 * HOUR) }, 'endNow'],
      [{ endNow: false }, 'endNow'],
      [{ name: '  ' }, 'name'],
      [{ earlyAccessAt: '0000-06-01T00:00:00Z' }, 'earlyAccessAt'],
    ];
    const [before] = await ctx.db.select().from(saleEvents).where(eq(saleEvents.id, event._id));
    for (const [patch, field] of refusals) {
      const res = await call('PATCH', url, asAdmin, patch);
      expect(res.statusCode, `${JSON.stringify(patch)}: ${res.body}`).toBe(400);
      expect(res.json().errors).toContainEqual({ msg: expect.any(String), path: field });
    }
    const [after] = await ctx.db.select().from(saleEvents).where(eq(saleEvents.id, event._id));
    expect(after).toEqual(before);
    // Early access can be taken away again.
    const plain = await call('PATCH', url, asAdmin, { earlyAccessAt: null });
    expect(plain.json().earlyAccessAt).toBeNull();
  });

  it('answers 404 for an unknown event and 400 for a malformed id', async () => {
    const unknown = await call('PATCH', `/api/admin/sale-events/${UNKNOWN}`, asAdmin, { name: 'X Sale' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call('PATCH', '/api/admin/sale-events/42', asAdmin, { name: 'X Sale' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toContainEqual({ msg: expect.any(String), path: 'id' });
  });

  it('ends a running event now; an ended event keeps its dates but can be renamed', async () => {
    const event = await newEvent();
    const url = `/api/admin/sale-events/${event._id}`;
    const before = Date.now();
    const ended = await call('PATCH', url, asAdmin, { endNow: true });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', startsAt: event.startsAt });
    const endsAt = Date.parse(ended.json().endsAt);
    expect(endsAt).toBeGreaterThanOrEqual(before - 1);
    expect(endsAt).toBeLessThanOrEqual(Date.now());

    const reopen = await call('PATCH', url, asAdmin, { endsAt: at(HOUR) });
    expect(reopen.statusCode).toBe(409);
    const again = await call('PATCH', url, asAdmin, { endNow: true });
    expect(again.statusCode).toBe(200);
    expect(again.json().endsAt).toBe(ended.json().endsAt);
    const renamed = await call('PATCH', url, asAdmin, { name: 'Old Diwali Sale' });
    expect(renamed.json()).toMatchObject({ name: 'Old Diwali Sale', status: 'ended' });
    const actions = (await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, event._id))).map(
      (a) => a.action,
    );
    expect(actions.sort()).toEqual(['sale_event.create', 'sale_event.end', 'sale_event.update']);
  });

  it('ends an event that has not opened yet: it is over and its window stays in order', async () => {
    const event = await newEvent({ startsAt: at(HOUR), endsAt: at(2 * HOUR), earlyAccessAt: at(HOUR / 2) });
    const res = await call('PATCH', `/api/admin/sale-events/${event._id}`, asAdmin, { endNow: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ended', earlyAccessAt: null });
    expect(Date.parse(body.startsAt)).toBeLessThan(Date.parse(body.endsAt));
    expect(Date.parse(body.endsAt)).toBeLessThanOrEqual(Date.now());
  });
});

describe('sale prices (sellers)', () => {
  it('replaces the seller’s set of prices, all or nothing, and counts them per seller', async () => {
    const event = await newEvent();
    const shirt = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, mrpPaise: 150_000 });
    const kurta = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'S', stock: 3, pricePaise: 200_000 },
      { size: 'M', stock: 3, pricePaise: 200_000 },
    ]);
    const theirs = await insertProduct(ctx.db, rival.id, { pricePaise: 100_000 });
    await putPrices(event._id, rival, [{ variantId: theirs.variantId, salePrice: 800 }]);

    const first = await putPrices(event._id, seller, [
      { variantId: shirt.variantId, salePrice: 999.5 },
      { variantId: kurta.variant('S').id, salePrice: '1500' },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    // By product name ("Cotton Shirt …" before "Linen Kurta …"), then size.
    expect(first.json()).toEqual([
      {
        variantId: shirt.variantId,
        productId: shirt.id,
        productName: shirt.name,
        size: 'Free Size',
        color: '',
        price: 1000,
        mrp: 1500,
        salePrice: 999.5,
      },
      expect.objectContaining({ variantId: kurta.variant('S').id, size: 'S', price: 2000, salePrice: 1500 }),
    ]);
    expect((await pricesOf(event._id, seller.id)).map((p) => p.salePricePaise).sort()).toEqual([
      150_000, 99_950,
    ]);

    // A second set replaces the first: the shirt leaves the sale, M joins, S changes.
    const second = await putPrices(event._id, seller, [
      { variantId: kurta.variant('M').id, salePrice: 1700 },
      { variantId: kurta.variant('S').id, salePrice: 1600 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().map((r: { size: string; salePrice: number }) => [r.size, r.salePrice])).toEqual([
      ['S', 1600],
      ['M', 1700],
    ]);
    const stored = await pricesOf(event._id, seller.id);
    expect(stored.map((p) => p.variantId).sort()).toEqual(
      [kurta.variant('S').id, kurta.variant('M').id].sort(),
    );

    const sellerList = await call('GET', '/api/seller/sale-events', seller);
    expect(sellerList.json().find((e: { _id: string }) => e._id === event._id).prices).toBe(2);
    const adminList = await call('GET', '/api/admin/sale-events', asAdmin);
    expect(adminList.json().find((e: { _id: string }) => e._id === event._id).prices).toBe(3);

    // An empty set takes the seller out of the event; the rival's price stays.
    const none = await putPrices(event._id, seller, []);
    expect(none.json()).toEqual([]);
    expect(await pricesOf(event._id, seller.id)).toHaveLength(0);
    expect(await pricesOf(event._id, rival.id)).toHaveLength(1);
  });

  it('keeps one whole set when the same seller saves two at once', async () => {
    const racer = await quickSeller(ctx.app);
    const event = await newEvent();
    const sizes = await insertSizedProduct(
      ctx.db,
      racer.id,
      ['S', 'M', 'L', 'XL'].map((size) => ({ size, stock: 1, pricePaise: 100_000 })),
    );
    const setA = ['S', 'M'].map((s) => ({ variantId: sizes.variant(s).id, salePrice: 800 }));
    const setB = ['L', 'XL'].map((s) => ({ variantId: sizes.variant(s).id, salePrice: 700 }));
    const ids = (set: typeof setA) => set.map((i) => i.variantId).sort();
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all([
        putPrices(event._id, racer, setA),
        putPrices(event._id, racer, setB),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const stored = (await pricesOf(event._id, racer.id)).map((p) => p.variantId).sort();
      expect([ids(setA), ids(setB)]).toContainEqual(stored);
    }
  });

  it('refuses another seller’s size, an unknown size and a size twice, and writes nothing', async () => {
    const event = await newEvent();
    const mine = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000 });
    const theirs = await insertProduct(ctx.db, rival.id, { pricePaise: 100_000 });
    await putPrices(event._id, seller, [{ variantId: mine.variantId, salePrice: 800 }]);

    const other = await putPrices(event._id, seller, [
      { variantId: mine.variantId, salePrice: 700 },
      { variantId: theirs.variantId, salePrice: 800 },
    ]);
    expect(other.statusCode).toBe(404);
    expect(other.json().errors).toEqual([{ msg: expect.any(String), path: 'items.1.variantId' }]);
    const unknown = await putPrices(event._id, seller, [{ variantId: UNKNOWN, salePrice: 800 }]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([
      { msg: expect.stringContaining(UNKNOWN), path: 'items.0.variantId' },
    ]);
    const twice = await putPrices(event._id, seller, [
      { variantId: mine.variantId, salePrice: 800 },
      { variantId: mine.variantId.toUpperCase(), salePrice: 700 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([{ msg: expect.any(String), path: 'items.1.variantId' }]);
    const malformed = await putPrices(event._id, seller, [{ variantId: 'abc', salePrice: 800 }]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toContainEqual({ msg: expect.any(String), path: 'items.0.variantId' });

    expect((await pricesOf(event._id, seller.id)).map((p) => p.salePricePaise)).toEqual([80_000]);
    expect(await pricesOf(event._id, rival.id)).toHaveLength(0);
  });

  it('keeps the least discount off the MRP (SALE_MIN_DISCOUNT_PERCENT), naming each bad price', async () => {
    const event = await newEvent();
    // Price 1000, MRP 1100: at least 10% off the MRP is 990 or less.
    const withMrp = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, mrpPaise: 110_000 });
    const noMrp = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000 });
    const refused = await putPrices(event._id, seller, [
      { variantId: withMrp.variantId, salePrice: 995 },
      { variantId: noMrp.variantId, salePrice: 1000 },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { msg: expect.stringMatching(/at least 10% off the MRP/), path: 'items.0.salePrice' },
      { msg: expect.stringMatching(/below the regular price/), path: 'items.1.salePrice' },
    ]);
    const notEnough = await putPrices(event._id, seller, [{ variantId: noMrp.variantId, salePrice: 950 }]);
    expect(notEnough.json().errors).toEqual([
      { msg: expect.stringMatching(/10%/), path: 'items.0.salePrice' },
    ]);
    for (const salePrice of [0, -5, 'ten', 12.345])
      expect(
        (await putPrices(event._id, seller, [{ variantId: noMrp.variantId, salePrice }])).statusCode,
      ).toBe(400);
    expect(await pricesOf(event._id, seller.id)).toHaveLength(0);

    const ok = await putPrices(event._id, seller, [
      { variantId: withMrp.variantId, salePrice: 990 },
      { variantId: noMrp.variantId, salePrice: 900 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await pricesOf(event._id, seller.id)).toHaveLength(2);
  });

  it('reads the least discount from the configuration', async () => {
    expect(testConfig().saleMinDiscountPercent).toBe(10);
    expect(testConfig({ SALE_MIN_DISCOUNT_PERCENT: '25' }).saleMinDiscountPercent).toBe(25);
    expect(() => testConfig({ SALE_MIN_DISCOUNT_PERCENT: '95' })).toThrow(/SALE_MIN_DISCOUNT_PERCENT/);
    const strict = await buildApp({
      config: { ...ctx.config, saleMinDiscountPercent: 30 },
      database: ctx.database,
    });
    try {
      const event = await newEvent();
      const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000 });
      const put = (salePrice: number) =>
        strict.inject({
          method: 'PUT',
          url: `/api/seller/sale-events/${event._id}/prices`,
          headers: seller.headers,
          payload: { items: [{ variantId: p.variantId, salePrice }] },
        });
      const refused = await put(800);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatch(/30%/);
      expect((await put(700)).statusCode).toBe(200);
      const grid = await strict.inject({
        method: 'GET',
        url: `/api/seller/sale-events/${event._id}/prices`,
        headers: seller.headers,
      });
      expect(grid.json().minDiscountPercent).toBe(30);
    } finally {
      await strict.close();
    }
  });

  it('refuses prices in an ended event (409) and in an unknown one (404)', async () => {
    const event = await newEvent();
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000 });
    await putPrices(event._id, seller, [{ variantId: p.variantId, salePrice: 800 }]);
    await call('PATCH', `/api/admin/sale-events/${event._id}`, asAdmin, { endNow: true });
    const late = await putPrices(event._id, seller, [{ variantId: p.variantId, salePrice: 700 }]);
    expect(late.statusCode).toBe(409);
    expect((await pricesOf(event._id, seller.id)).map((r) => r.salePricePaise)).toEqual([80_000]);
    expect((await putPrices(UNKNOWN, seller, [])).statusCode).toBe(404);
    expect((await call('GET', `/api/seller/sale-events/${UNKNOWN}/prices`, seller)).statusCode).toBe(404);
  });

  it('is refused to visitors, shoppers and admins', async () => {
    const event = await newEvent();
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000 });
    for (const who of [undefined, shopper, asAdmin]) {
      const put = await putPrices(event._id, who, [{ variantId: p.variantId, salePrice: 800 }]);
      expect(put.statusCode).toBe(who ? 403 : 401);
      expect((await call('GET', '/api/seller/sale-events', who)).statusCode).toBe(who ? 403 : 401);
      expect((await call('GET', `/api/seller/sale-events/${event._id}/prices`, who)).statusCode).toBe(
        who ? 403 : 401,
      );
    }
    expect(await pricesOf(event._id, seller.id)).toHaveLength(0);
  });

  it('answers the seller’s grid: its own sizes only, with the sale price where set', async () => {
    const grider = await quickSeller(ctx.app);
    const event = await newEvent();
    const a = await insertProduct(ctx.db, grider.id, { pricePaise: 100_000, mrpPaise: 120_000 });
    const b = await insertSizedProduct(ctx.db, grider.id, [
      { size: 'L', stock: 1, pricePaise: 50_000 },
      { size: 'S', stock: 2, pricePaise: 50_000 },
    ]);
    await insertProduct(ctx.db, rival.id);
    await putPrices(event._id, grider, [{ variantId: b.variant('L').id, salePrice: 400 }]);

    const res = await call('GET', `/api/seller/sale-events/${event._id}/prices`, grider);
    expect(res.statusCode, res.body).toBe(200);
    const grid = res.json();
    expect(grid.event).toMatchObject({ _id: event._id, prices: 1, status: 'running' });
    expect(grid.total).toBe(3);
    expect(grid.minDiscountPercent).toBe(10);
    expect(grid.items.map((r: { size: string; salePrice: number | null }) => [r.size, r.salePrice])).toEqual([
      ['S', null],
      ['L', 400],
      ['Free Size', null],
    ]);
    expect(grid.items[2]).toMatchObject({ variantId: a.variantId, price: 1000, mrp: 1200, stock: 10 });
  });
});

describe('the catalogue during a sale', () => {
  it('shows the sale price while the event runs and the regular price once it has ended', async () => {
    const other = await ctx.spawnApp();
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000, mrpPaise: 150_000 });
    const page = `/api/product-page/${product.id}`;
    const priceOn = async (app = ctx.app) => {
      const res = await app.inject({ method: 'GET', url: page });
      expect(res.statusCode).toBe(200);
      return res.json() as { price: number; markPrice: number | null; sale: { eventId: string } | null };
    };
    // Both processes have the regular price cached.
    expect(await priceOn()).toMatchObject({ price: 1000, sale: null });
    expect(await priceOn(other)).toMatchObject({ price: 1000, sale: null });

    const event = await newEvent({ name: 'Flash Sale' });
    const version = await readCatalogVersion(ctx.db);
    const put = await putPrices(event._id, seller, [{ variantId: product.variantId, salePrice: 799 }]);
    expect(put.statusCode, put.body).toBe(200);
    expect(await readCatalogVersion(ctx.db)).toBeGreaterThan(version);
    for (const app of [ctx.app, other])
      expect(await priceOn(app)).toMatchObject({
        price: 799,
        markPrice: 1500,
        sale: { eventId: event._id, name: 'Flash Sale' },
      });

    const ended = await call('PATCH', `/api/admin/sale-events/${event._id}`, asAdmin, { endNow: true });
    expect(ended.statusCode).toBe(200);
    for (const app of [ctx.app, other]) expect(await priceOn(app)).toMatchObject({ price: 1000, sale: null });
  });

  it('does not show a sale that has not started', async () => {
    const product = await insertProduct(ctx.db, seller.id, { pricePaise: 100_000 });
    const event = await newEvent({ startsAt: at(HOUR), endsAt: at(2 * HOUR) });
    await putPrices(event._id, seller, [{ variantId: product.variantId, salePrice: 500 }]);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/product-page/${product.id}` });
    expect(res.json()).toMatchObject({ price: 1000, sale: null });
    const [variant] = await ctx.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.id, product.variantId));
    expect(variant!.pricePaise).toBe(100_000);
  });
});

describe('the API document', () => {
  it('describes every offers route with its body and answer', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = {
      '/api/admin/sale-events': ['post', 'get'],
      '/api/admin/sale-events/{id}': ['patch'],
      '/api/seller/sale-events': ['get'],
      '/api/seller/sale-events/{id}/prices': ['get', 'put'],
      '/api/admin/coupons': ['post', 'get'],
      '/api/admin/coupons/{id}': ['patch'],
      '/api/seller/coupons': ['post', 'get'],
      '/api/seller/coupons/{id}': ['patch'],
    };
    for (const [path, methods] of Object.entries(routes))
      for (const method of methods) {
        const op = doc.paths[path]?.[method];
        expect(op, `${method} ${path}`).toBeDefined();
        const ok = op.responses['200'] ?? op.responses['201'];
        expect(ok.content['application/json'].schema, `${method} ${path}`).toBeDefined();
        if (method !== 'get') expect(op.requestBody, `${method} ${path}`).toBeDefined();
      }
  });
});
