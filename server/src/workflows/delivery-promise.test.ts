import { promiseDates, zoneOf } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAdmin, insertProduct, insertSizedProduct } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { type FastAccount, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { auditLog, shippingSettings } from '../db/schema.ts';
import { findPlace } from '../modules/delivery/index.ts';

/**
 * `GET /api/delivery/promise` and the admin's shipping settings through HTTP: the answer's date is the
 * rule's for the seller's pickup pincode and now, the fee the admin's setting on the piece's price;
 * bad input is a 400 naming its field and unknown products a 404.
 */

let ctx: TestContext;
let admin: Account;
let shopper: FastAccount;
let seller: FastAccount;
let noPickup: FastAccount;
let shirt: Awaited<ReturnType<typeof insertProduct>>;
let kurta: Awaited<ReturnType<typeof insertSizedProduct>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app, ctx.db);
  shopper = await quickUser(ctx.app);
  seller = await quickSeller(ctx.app, {
    pickupLine1: '12 Koramangala 5th Block',
    pickupCity: 'Bengaluru',
    pickupState: 'Karnataka',
    pickupPostalCode: '560034',
    pickupPhone: '9845012345',
    dispatchDays: 1,
  });
  noPickup = await quickSeller(ctx.app);
  shirt = await insertProduct(ctx.db, seller.id, { pricePaise: 59_900 });
  kurta = await insertSizedProduct(ctx.db, seller.id, [
    { size: 'M', stock: 3, pricePaise: 149_900 },
    { size: 'L', stock: 2, pricePaise: 149_900 },
  ]);
});
afterAll(() => ctx?.close());

const ask = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/delivery/promise?${query}` });
const putSettings = (payload: object, headers = { 'auth-token': admin.token }) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/settings/shipping', headers, payload });

describe('GET /api/delivery/promise', () => {
  it('answers the date, COD and a free delivery with the default settings', async () => {
    const res = await ask(`productId=${shirt.id}&pincode=400001`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The rule for this seller (dispatch 1 day, cut-off 14:00) from Bengaluru to Mumbai, now.
    const expected = promiseDates(new Date(), 1, 3, {
      holidays: ctx.config.delivery.holidays,
      cutoffHour: 14,
    });
    expect(zoneOf(findPlace('560034')!, findPlace('400001')!)).toBe('metro');
    expect(body).toEqual({
      success: true,
      pincode: '400001',
      district: 'Mumbai',
      state: 'Maharashtra',
      serviceable: true,
      cod: true,
      days: 4,
      deliverBy: expected.deliverBy,
      shippingFee: 0,
      freeAbove: null,
    });
    expect(body.deliverBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers per size, and asks for the size of a product with several', async () => {
    const m = kurta.variant('M');
    const res = await ask(`variantId=${m.id}&pincode=560001`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ district: 'Bengaluru Urban', serviceable: true, days: 2 });
    const bySize = await ask(`productId=${kurta.product.id}&pincode=560001`);
    expect(bySize.statusCode).toBe(400);
    expect(bySize.json().errors[0]).toMatchObject({ path: 'variantId' });
  });

  it('says COD is not offered on the islands, and why a seller without a pickup address gets no date', async () => {
    expect((await ask(`productId=${shirt.id}&pincode=744101`)).json()).toMatchObject({
      serviceable: true,
      cod: false,
      state: 'Andaman and Nicobar Islands',
    });
    const other = await insertProduct(ctx.db, noPickup.id);
    const res = await ask(`productId=${other.id}&pincode=560001`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ serviceable: true, cod: true, days: null, deliverBy: null });
    expect(res.json().reason).toMatch(/pickup address/);
  });

  it('refuses bad and unknown pincodes with a 400 naming the pincode, and unknown products with a 404', async () => {
    for (const bad of ['12345', 'abcdef', '056001', '']) {
      const res = await ask(`productId=${shirt.id}&pincode=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0].path).toBe('pincode');
    }
    const unknown = await ask(`productId=${shirt.id}&pincode=999999`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: '999999 is not a PIN code we know: please check it' });
    expect((await ask('pincode=560001')).statusCode).toBe(400);
    expect((await ask('productId=not-an-id&pincode=560001')).statusCode).toBe(400);
    const missing = await ask('productId=00000000-0000-4000-8000-000000000000&pincode=560001');
    expect(missing.statusCode).toBe(404);
  });
});

describe('the shipping settings', () => {
  it('are free shipping and no COD fee until the admin sets them', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/settings/shipping',
      headers: { 'auth-token': admin.token },
    });
    expect(res.json()).toEqual({ success: true, freeAbove: 0, fee: 0, codFee: 0, feesTo: 'seller' });
  });

  it('are the admin alone to change, with amounts checked and nothing saved on a refusal', async () => {
    expect((await putSettings({ fee: 49 }, { 'auth-token': shopper.token })).statusCode).toBe(403);
    expect((await putSettings({ fee: 49 }, { 'auth-token': seller.token })).statusCode).toBe(403);
    for (const bad of [
      { fee: -1 },
      { fee: 49.999 },
      { codFee: '25' },
      { feesTo: 'courier' },
      { freeAbove: 1e9 },
      { extra: 1 },
    ]) {
      const res = await putSettings(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await ctx.db.select().from(shippingSettings)).toEqual([]);
  });

  it('change the promise fee: below the threshold a piece pays the fee, at or above it ships free', async () => {
    const saved = await putSettings({ freeAbove: 999, fee: 49, codFee: 25 });
    expect(saved.json()).toEqual({ success: true, freeAbove: 999, fee: 49, codFee: 25, feesTo: 'seller' });
    const [row] = await ctx.db.select().from(shippingSettings).where(eq(shippingSettings.id, 1));
    expect(row).toMatchObject({ freeAbovePaise: 99_900, feePaise: 4_900, codFeePaise: 2_500 });
    expect((await ask(`productId=${shirt.id}&pincode=560001`)).json()).toMatchObject({
      shippingFee: 49,
      freeAbove: 999,
    });
    expect((await ask(`variantId=${kurta.variant('M').id}&pincode=560001`)).json()).toMatchObject({
      shippingFee: 0,
    });
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.shipping'));
    expect(audit).toMatchObject({ adminId: admin.id, targetId: 'shipping' });
    // Fields left out keep their value.
    expect((await putSettings({ feesTo: 'platform' })).json()).toMatchObject({ fee: 49, feesTo: 'platform' });
    await putSettings({ freeAbove: 0, fee: 0, codFee: 0, feesTo: 'seller' });
  });
});
