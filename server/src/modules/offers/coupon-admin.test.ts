import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAdmin } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { auditLog } from '../../db/schema.ts';
import { coupons } from './tables.ts';

/**
 * Coupons as the admin and sellers make them, through HTTP: money in rupees in, paise stored;
 * codes unique whatever their case; each seller sees and switches only its own.
 */

let ctx: TestContext;
let admin: Account;
let shopper: FastAccount;
let seller: FastAccount;
let rival: FastAccount;
const asAdmin = { headers: {} as Record<string, string> };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app, ctx.db);
  asAdmin.headers = { 'auth-token': admin.token };
  shopper = await quickUser(ctx.app);
  seller = await quickSeller(ctx.app);
  rival = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

type Who = { headers: Record<string, string> } | undefined;
const call = (method: InjectOptions['method'], url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: who?.headers, ...(payload ? { payload } : {}) });

let n = 0;
const freshCode = (prefix = 'SAVE') => `${prefix}${Date.now() % 100_000}${n++}`;
const rowOf = async (code: string) =>
  (await ctx.db.select().from(coupons).where(eq(coupons.code, code.toUpperCase())))[0];
const couponCount = async () => (await ctx.db.select().from(coupons)).length;

describe('platform coupons (admin)', () => {
  it('stores a flat coupon in paise and answers it in rupees', async () => {
    const code = freshCode('flat');
    const res = await call('POST', '/api/admin/coupons', asAdmin, {
      code,
      kind: 'flat',
      value: '150.50',
      minCartValue: 999,
      maxDiscount: 150.5,
      startsAt: '2030-01-01T00:00:00Z',
      endsAt: '2030-02-01T00:00:00Z',
      usageLimit: 100,
      perUserLimit: 1,
      firstOrderOnly: true,
      categories: ['Mens', 'gentsShirt'],
      fundedBy: 'seller',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      code: code.toUpperCase(),
      kind: 'flat',
      value: 150.5,
      minCartValue: 999,
      maxDiscount: 150.5,
      startsAt: '2030-01-01T00:00:00.000Z',
      endsAt: '2030-02-01T00:00:00.000Z',
      usageLimit: 100,
      perUserLimit: 1,
      firstOrderOnly: true,
      categories: ['Mens', 'gentsShirt'],
      fundedBy: 'seller',
      sellerId: null,
      active: true,
      used: 0,
    });
    expect(await rowOf(code)).toMatchObject({
      value: 15_050,
      minCartPaise: 99_900,
      maxDiscountPaise: 15_050,
      sellerId: null,
      fundedBy: 'seller',
    });
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, res.json()._id));
    expect(audit).toMatchObject({ action: 'coupon.create', adminEmail: admin.email });
  });

  it('stores a percent coupon as given, with the defaults', async () => {
    const code = freshCode('pct');
    const res = await call('POST', '/api/admin/coupons', asAdmin, {
      code,
      kind: 'percent',
      value: 10,
      fundedBy: 'platform',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      value: 10,
      minCartValue: 0,
      maxDiscount: null,
      startsAt: null,
      usageLimit: null,
      categories: [],
      fundedBy: 'platform',
      firstOrderOnly: false,
    });
    expect(await rowOf(code)).toMatchObject({ value: 10, minCartPaise: 0, categories: null });
  });

  it.each([
    [{ code: 'ab' }, 'code'],
    [{ code: 'HAS SPACE' }, 'code'],
    [{ kind: 'bogo' }, 'kind'],
    [{ value: 0 }, 'value'],
    [{ value: 101 }, 'value'],
    [{ value: 12.5 }, 'value'],
    [{ kind: 'flat', value: 10.555 }, 'value'],
    [{ kind: 'flat', value: 5_000_000 }, 'value'],
    [{ minCartValue: -1 }, 'minCartValue'],
    [{ maxDiscount: 'lots' }, 'maxDiscount'],
    [{ startsAt: '2030-02-01T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }, 'endsAt'],
    [{ usageLimit: 0 }, 'usageLimit'],
    [{ usageLimit: 1.5 }, 'usageLimit'],
    [{ usageLimit: 3_000_000_000 }, 'usageLimit'],
    [{ perUserLimit: 3_000_000_000 }, 'perUserLimit'],
    [{ categories: ['Shoes'] }, 'categories.0'],
    [{ firstOrderOnly: 'yes' }, 'firstOrderOnly'],
    [{ fundedBy: 'bank' }, 'fundedBy'],
    [{ fundedBy: undefined }, 'fundedBy'],
    [{ startsAt: '0000-01-01T00:00:00Z' }, 'startsAt'],
    [{ endsAt: '0005-01-01T00:00:00Z' }, 'endsAt'],
  ])('refuses %j with a 400 naming %s, and stores nothing', async (over, field) => {
    const before = await couponCount();
    const res = await call('POST', '/api/admin/coupons', asAdmin, {
      code: freshCode('bad'),
      kind: 'percent',
      value: 10,
      fundedBy: 'platform',
      ...over,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual({ msg: expect.any(String), path: field });
    expect(await couponCount()).toBe(before);
  });

  it('refuses a code already taken in any case (409 naming code), also across sellers', async () => {
    const code = freshCode('dup');
    const first = await call('POST', '/api/admin/coupons', asAdmin, {
      code: code.toLowerCase(),
      kind: 'percent',
      value: 5,
      fundedBy: 'platform',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().code).toBe(code.toUpperCase());
    const before = await couponCount();
    for (const [who, url] of [
      [asAdmin, '/api/admin/coupons'],
      [seller, '/api/seller/coupons'],
    ] as const) {
      const again = await call('POST', url, who, {
        code: ` ${code.toUpperCase()} `,
        kind: 'flat',
        value: 50,
        fundedBy: 'seller',
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().errors).toEqual([
        { msg: expect.stringContaining(code.toUpperCase()), path: 'code' },
      ]);
    }
    expect(await couponCount()).toBe(before);
  });

  it('lists every coupon newest first, pages and finds by code', async () => {
    const code = freshCode('list');
    await call('POST', '/api/seller/coupons', seller, { code, kind: 'percent', value: 15 });
    const all = await call('GET', '/api/admin/coupons?limit=2', asAdmin);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, limit: 2, items: [{ code: code.toUpperCase() }, {}] });
    expect(all.headers['x-total-count']).toBe(String(all.json().total));
    expect(all.json().total).toBe(await couponCount());
    const found = await call('GET', `/api/admin/coupons?q=${code.toLowerCase()}`, asAdmin);
    expect(found.json()).toMatchObject({
      total: 1,
      items: [{ code: code.toUpperCase(), sellerId: seller.id }],
    });
    const literal = await call('GET', '/api/admin/coupons?q=%25', asAdmin);
    expect(literal.json().total).toBe(0);
  });

  it('turns any coupon off and on again', async () => {
    const code = freshCode('off');
    const made = await call('POST', '/api/seller/coupons', seller, { code, kind: 'percent', value: 15 });
    const url = `/api/admin/coupons/${made.json()._id}`;
    const off = await call('PATCH', url, asAdmin, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ code: code.toUpperCase(), active: false });
    expect((await rowOf(code))!.active).toBe(false);
    expect((await call('PATCH', url, asAdmin, { active: true })).json().active).toBe(true);
    expect((await call('PATCH', url, asAdmin, { active: 'no' })).statusCode).toBe(400);
    expect((await call('PATCH', url, asAdmin, {})).json().errors).toContainEqual({
      msg: expect.any(String),
      path: 'active',
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('PATCH', `/api/admin/coupons/${unknown}`, asAdmin, { active: false })).statusCode,
    ).toBe(404);
    const actions = (await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, made.json()._id))).map(
      (a) => a.action,
    );
    expect(actions.sort()).toEqual(['coupon.activate', 'coupon.deactivate']);
  });

  it('is refused to visitors, shoppers and sellers', async () => {
    const code = freshCode('role');
    const made = await call('POST', '/api/admin/coupons', asAdmin, {
      code,
      kind: 'percent',
      value: 5,
      fundedBy: 'platform',
    });
    const routes: Array<[InjectOptions['method'], string, object?]> = [
      [
        'POST',
        '/api/admin/coupons',
        { code: freshCode('x'), kind: 'percent', value: 5, fundedBy: 'platform' },
      ],
      ['GET', '/api/admin/coupons'],
      ['PATCH', `/api/admin/coupons/${made.json()._id}`, { active: false }],
    ];
    const before = await couponCount();
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      for (const who of [shopper, seller])
        expect((await call(method, url, who, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await couponCount()).toBe(before);
    expect((await rowOf(code))!.active).toBe(true);
  });
});

describe('sellers’ own coupons', () => {
  it('makes a coupon for the seller’s products, funded by the seller', async () => {
    const code = freshCode('mine');
    const res = await call('POST', '/api/seller/coupons', seller, { code, kind: 'flat', value: 200 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ sellerId: seller.id, fundedBy: 'seller', value: 200 });
    expect(await rowOf(code)).toMatchObject({ sellerId: seller.id, fundedBy: 'seller', value: 20_000 });
    const explicit = await call('POST', '/api/seller/coupons', seller, {
      code: freshCode('mine'),
      kind: 'percent',
      value: 20,
      fundedBy: 'seller',
    });
    expect(explicit.statusCode).toBe(201);
    const before = await couponCount();
    const platform = await call('POST', '/api/seller/coupons', seller, {
      code: freshCode('mine'),
      kind: 'percent',
      value: 20,
      fundedBy: 'platform',
    });
    expect(platform.statusCode).toBe(400);
    expect(platform.json().errors).toEqual([{ msg: expect.any(String), path: 'fundedBy' }]);
    expect(await couponCount()).toBe(before);
  });

  it('lists and switches only the seller’s own coupons', async () => {
    const own = await call('POST', '/api/seller/coupons', seller, {
      code: freshCode('own'),
      kind: 'percent',
      value: 10,
    });
    const theirs = await call('POST', '/api/seller/coupons', rival, {
      code: freshCode('theirs'),
      kind: 'percent',
      value: 10,
    });
    const list = await call('GET', '/api/seller/coupons?limit=200', seller);
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((c: { _id: string }) => c._id);
    expect(ids).toContain(own.json()._id);
    expect(ids).not.toContain(theirs.json()._id);
    expect(list.json().items.every((c: { sellerId: string }) => c.sellerId === seller.id)).toBe(true);
    expect(list.headers['x-total-count']).toBe(String(ids.length));

    const other = await call('PATCH', `/api/seller/coupons/${theirs.json()._id}`, seller, { active: false });
    expect(other.statusCode).toBe(404);
    expect((await rowOf(theirs.json().code))!.active).toBe(true);
    const mine = await call('PATCH', `/api/seller/coupons/${own.json()._id}`, seller, { active: false });
    expect(mine.json()).toMatchObject({ _id: own.json()._id, active: false });

    // A platform coupon is not a seller's to switch off either.
    const platform = await call('POST', '/api/admin/coupons', asAdmin, {
      code: freshCode('plat'),
      kind: 'percent',
      value: 5,
      fundedBy: 'seller',
    });
    const res = await call('PATCH', `/api/seller/coupons/${platform.json()._id}`, seller, { active: false });
    expect(res.statusCode).toBe(404);
  });

  it('is refused to visitors, shoppers and admins', async () => {
    const before = await couponCount();
    for (const who of [undefined, shopper, asAdmin]) {
      const status = who ? 403 : 401;
      const payload = { code: freshCode('no'), kind: 'percent', value: 5 };
      expect((await call('POST', '/api/seller/coupons', who, payload)).statusCode).toBe(status);
      expect((await call('GET', '/api/seller/coupons', who)).statusCode).toBe(status);
    }
    expect(await couponCount()).toBe(before);
  });
});
