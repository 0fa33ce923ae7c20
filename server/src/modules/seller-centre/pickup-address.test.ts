import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertOrderRow } from '../../../test/order-rows.ts';
import { callerOf, PICKUPS, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { sellers } from '../../db/schema.ts';

/** Where a seller ships from (issue 37): the pickup address, the handling time and the cut-off hour. */
let ctx: TestContext;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const pickupRow = async (sellerId: string) => {
  const [row] = await ctx.db
    .select({
      line1: sellers.pickupLine1,
      city: sellers.pickupCity,
      state: sellers.pickupState,
      postalCode: sellers.pickupPostalCode,
      phone: sellers.pickupPhone,
      dispatchDays: sellers.dispatchDays,
      cutoffHour: sellers.cutoffHour,
    })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  return row!;
};

const JAIPUR = {
  line1: ' 21 Johari Bazaar ',
  city: 'Jaipur',
  state: 'rajasthan',
  postalCode: '302001',
  phone: '+91 98290-12345',
};

describe('the pickup address', () => {
  it('is null until set, then saved as checked and read back', async () => {
    const shop = await quickSeller(ctx.app);
    expect((await call('GET', '/api/seller/pickup-address', shop)).json()).toEqual({
      success: true,
      pickupAddress: null,
      dispatchDays: 2,
    });

    const saved = await call('PUT', '/api/seller/pickup-address', shop, JAIPUR);
    expect(saved.statusCode).toBe(200);
    const expected = {
      success: true,
      pickupAddress: {
        line1: '21 Johari Bazaar',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302001',
        phone: '9829012345',
      },
      dispatchDays: 2,
    };
    expect(saved.json()).toEqual(expected);
    expect((await call('GET', '/api/seller/pickup-address', shop)).json()).toEqual(expected);
    expect(await pickupRow(shop.id)).toEqual({ ...expected.pickupAddress, dispatchDays: 2, cutoffHour: 14 });

    // A new address replaces the old one.
    const moved = await call('PUT', '/api/seller/pickup-address', shop, {
      line1: '9 Ring Road',
      city: 'Surat',
      state: 'Gujarat',
      postalCode: 395003,
      phone: '9898012345',
    });
    expect(moved.json().pickupAddress).toEqual({
      line1: '9 Ring Road',
      city: 'Surat',
      state: 'Gujarat',
      postalCode: '395003',
      phone: '9898012345',
    });
    expect((await pickupRow(shop.id)).postalCode).toBe('395003');
  });

  it('refuses an unknown pincode, one in another state, a bad phone or state with 400 naming the field, saving nothing', async () => {
    const shop = await quickSeller(ctx.app, PICKUPS.bengaluru);
    const before = await pickupRow(shop.id);
    expect(before.postalCode).toBe('560034');
    for (const [change, path, message] of [
      [{ postalCode: '999999' }, 'postalCode', '999999 is not a PIN code we know: please check it'],
      [
        { postalCode: '560034' },
        'postalCode',
        'PIN code 560034 is in Karnataka, not Rajasthan: please check the PIN code or the state',
      ],
      [{ postalCode: '02001' }, 'postalCode', 'Please enter a valid 6-digit PIN code'],
      [{ phone: '12345' }, 'phone', 'Please enter a valid 10-digit Indian mobile number'],
      [{ state: 'Atlantis' }, 'state', 'Please choose a state or union territory of India'],
      [{ line1: '' }, 'line1', undefined],
      [{ city: undefined }, 'city', undefined],
    ] as const) {
      const res = await call('PUT', '/api/seller/pickup-address', shop, { ...JAIPUR, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.errors[0].path, JSON.stringify(change)).toBe(path);
      if (message) expect(body.errors[0].msg).toBe(message);
    }
    expect(await pickupRow(shop.id)).toEqual(before);
  });

  it('is the seller’s own: a shopper or an admin is refused, and no token is 401', async () => {
    const buyer = await quickUser(ctx.app);
    const admin = await createAdmin(ctx.app, ctx.db);
    const asAdmin = { headers: { 'auth-token': admin.token } };
    for (const who of [buyer, asAdmin]) {
      expect((await call('GET', '/api/seller/pickup-address', who)).statusCode).toBe(403);
      expect((await call('PUT', '/api/seller/pickup-address', who, JAIPUR)).statusCode).toBe(403);
      expect((await call('GET', '/api/seller/settings', who)).statusCode).toBe(403);
      expect((await call('PUT', '/api/seller/settings', who, { dispatchDays: 1 })).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/seller/pickup-address')).statusCode).toBe(401);
    expect((await call('PUT', '/api/seller/pickup-address', undefined, JAIPUR)).statusCode).toBe(401);
  });
});

describe('the handling time and cut-off hour', () => {
  it('are saved with the settings, each optional, the others kept', async () => {
    const shop = await quickSeller(ctx.app);
    expect((await call('GET', '/api/seller/settings', shop)).json()).toEqual({
      success: true,
      lowStockThreshold: 5,
      dispatchDays: 2,
      cutoffHour: 14,
    });
    const quick = await call('PUT', '/api/seller/settings', shop, { dispatchDays: 1 });
    expect(quick.json()).toEqual({ success: true, lowStockThreshold: 5, dispatchDays: 1, cutoffHour: 14 });
    const late = await call('PUT', '/api/seller/settings', shop, { cutoffHour: 17, lowStockThreshold: 3 });
    expect(late.json()).toEqual({ success: true, lowStockThreshold: 3, dispatchDays: 1, cutoffHour: 17 });
    const zero = await call('PUT', '/api/seller/settings', shop, { dispatchDays: 0, cutoffHour: 0 });
    expect(zero.json()).toEqual({ success: true, lowStockThreshold: 3, dispatchDays: 0, cutoffHour: 0 });
    expect((await call('GET', '/api/seller/pickup-address', shop)).json().dispatchDays).toBe(0);
    expect(await pickupRow(shop.id)).toMatchObject({ dispatchDays: 0, cutoffHour: 0 });
  });

  it('refuses days or hours out of range with 400 naming the field, saving nothing', async () => {
    const shop = await quickSeller(ctx.app);
    for (const [bad, path] of [
      [{ dispatchDays: -1 }, 'dispatchDays'],
      [{ dispatchDays: 16 }, 'dispatchDays'],
      [{ dispatchDays: 1.5 }, 'dispatchDays'],
      [{ dispatchDays: '2' }, 'dispatchDays'],
      [{ cutoffHour: 24 }, 'cutoffHour'],
      [{ cutoffHour: -1 }, 'cutoffHour'],
      [{ cutoffHour: 9.5 }, 'cutoffHour'],
      [{ lowStockThreshold: 8, dispatchDays: 99 }, 'dispatchDays'],
      [{}, 'lowStockThreshold'],
    ] as const) {
      const res = await call('PUT', '/api/seller/settings', shop, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors[0].path, JSON.stringify(bad)).toBe(path);
    }
    expect(await pickupRow(shop.id)).toMatchObject({ dispatchDays: 2, cutoffHour: 14 });
    expect((await call('GET', '/api/seller/settings', shop)).json().lowStockThreshold).toBe(5);
  });
});

describe('the seller’s orders', () => {
  it('show each item’s dispatch-by and deliver-by dates when the order promised them, and none otherwise', async () => {
    const shop = await quickSeller(ctx.app, PICKUPS.surat);
    const buyer = await quickUser(ctx.app);
    const kurta = await insertProduct(ctx.db, shop.id, { name: 'Bandhani Kurta' });
    const promised = await insertOrderRow(ctx.db, buyer.id, kurta, {
      item: { dispatchBy: '2026-12-02', deliverBy: '2026-12-05' },
    });
    const older = await insertOrderRow(ctx.db, buyer.id, kurta);
    for (const url of ['/api/seller/orders', '/api/seller/seller-orders']) {
      const lines = (await call('GET', url, shop)).json() as Array<Record<string, unknown>>;
      const byOrder = new Map(lines.map((l) => [l.orderId, l]));
      expect(byOrder.get(promised.order.id), url).toMatchObject({
        dispatchBy: '2026-12-02',
        deliverBy: '2026-12-05',
      });
      expect(byOrder.get(older.order.id), url).not.toHaveProperty('dispatchBy');
      expect(byOrder.get(older.order.id), url).not.toHaveProperty('deliverBy');
    }
  });
});
