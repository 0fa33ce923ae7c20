import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { addresses } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
const home = (over: Record<string, unknown> = {}) => ({
  fullName: 'Meera Iyer',
  mobile: '+91 98450 01234',
  address: '22 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  ...over,
});
const add = (who: FastAccount, over: Record<string, unknown> = {}) =>
  call('POST', '/api/user/addresses', who, home(over));
const bookOf = (who: FastAccount) => call('GET', '/api/user/addresses', who);
const rowsOf = (who: FastAccount) => ctx.db.select().from(addresses).where(eq(addresses.userId, who.id));
const defaultsOf = async (who: FastAccount) =>
  (await rowsOf(who)).filter((r) => r.isDefault).map((r) => r.address);

describe('address book', () => {
  it('saves an address with the mobile normalised; the first one is the default', async () => {
    const user = await quickUser(ctx.app);
    const res = await add(user, { state: 'karnataka' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      address: {
        _id: expect.any(String),
        fullName: 'Meera Iyer',
        mobile: '9845001234',
        address: '22 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560001',
        isDefault: true,
        date: expect.any(String),
      },
    });
    const list = await bookOf(user);
    expect(list.statusCode).toBe(200);
    expect(list.json().addresses).toEqual([res.json().address]);
  });

  it('keeps exactly one default: a new default unsets the old one, a plain new one does not take it', async () => {
    const user = await quickUser(ctx.app);
    await add(user, { address: 'Home' });
    await add(user, { address: 'Office' });
    expect(await defaultsOf(user)).toEqual(['Home']);
    const gift = (await add(user, { address: 'Parents', isDefault: true })).json().address;
    expect(await defaultsOf(user)).toEqual(['Parents']);

    const office = (await rowsOf(user)).find((r) => r.address === 'Office')!;
    const res = await call('PUT', `/api/user/addresses/${office.id}`, user, {
      isDefault: true,
      city: 'Mysuru',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toMatchObject({ address: 'Office', city: 'Mysuru', isDefault: true });
    expect(await defaultsOf(user)).toEqual(['Office']);

    // Un-ticking the default leaves it the default: one must stay.
    await call('PUT', `/api/user/addresses/${office.id}`, user, { isDefault: false });
    expect(await defaultsOf(user)).toEqual(['Office']);
    const list = (await bookOf(user)).json().addresses;
    expect(list[0].address).toBe('Office');
    expect(list.map((a: { _id: string }) => a._id)).toContain(gift._id);
  });

  it('the default is where an order goes: checkout uses it without any address sent', async () => {
    const user = await quickUser(ctx.app, { address: '', city: '', state: '', postalCode: '' });
    const seller = await quickSeller(ctx.app);
    const product = await insertProduct(ctx.db, seller.id);
    await call('POST', '/api/user/add-to-cart', user, { productId: product.id });
    expect((await call('PUT', '/api/user/order-success', user)).statusCode).toBe(409);
    await add(user, { address: 'Home', city: 'Chennai', state: 'Tamil Nadu', postalCode: '600001' });
    const office = (
      await add(user, { address: 'Office', city: 'Pune', state: 'Maharashtra', postalCode: '411001' })
    ).json().address;
    await call('PUT', `/api/user/addresses/${office._id}`, user, { isDefault: true });
    const placed = await call('PUT', '/api/user/order-success', user);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order).toMatchObject({
      address: 'Office',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
    });
    // Deleting it: the remaining address becomes the default, and the next order goes there.
    await call('DELETE', `/api/user/addresses/${office._id}`, user);
    await call('POST', '/api/user/add-to-cart', user, { productId: product.id });
    const next = await call('PUT', '/api/user/order-success', user);
    expect(next.json().order).toMatchObject({ address: 'Home', city: 'Chennai' });
  });

  it('deleting the default makes the newest remaining address the default', async () => {
    const user = await quickUser(ctx.app);
    const first = (await add(user, { address: 'First' })).json().address;
    await add(user, { address: 'Second' });
    await add(user, { address: 'Third' });
    const res = await call('DELETE', `/api/user/addresses/${first._id}`, user);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().addresses.map((a: { address: string; isDefault: boolean }) => [a.address, a.isDefault]),
    ).toEqual([
      ['Third', true],
      ['Second', false],
    ]);
    expect(await defaultsOf(user)).toEqual(['Third']);
    const second = (await rowsOf(user)).find((r) => r.address === 'Second')!;
    await call('DELETE', `/api/user/addresses/${second.id}`, user);
    expect(await defaultsOf(user)).toEqual(['Third']);
  });

  it("answers another shopper's address as not found, and changes nothing", async () => {
    const owner = await quickUser(ctx.app);
    const other = await quickUser(ctx.app);
    const mine = (await add(owner)).json().address;
    const put = await call('PUT', `/api/user/addresses/${mine._id}`, other, { city: 'Pune' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({
      success: false,
      error: 'Address not found',
      errors: [{ msg: 'Address not found' }],
    });
    expect((await call('DELETE', `/api/user/addresses/${mine._id}`, other)).statusCode).toBe(404);
    expect(await rowsOf(owner)).toMatchObject([{ city: 'Bengaluru', isDefault: true }]);
    expect((await bookOf(other)).json().addresses).toEqual([]);
  });

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    const user = await quickUser(ctx.app);
    const bad = await call('PUT', '/api/user/addresses/not-an-id', user, { city: 'Pune' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ msg: 'id is not a valid id', path: 'id' }]);
    const missing = await call('DELETE', '/api/user/addresses/00000000-0000-4000-8000-000000000000', user);
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    ['postalCode', '012345', /6-digit PIN/],
    ['postalCode', '56001', /6-digit PIN/],
    ['mobile', '5845001234', /10-digit Indian mobile/],
    ['mobile', '+1 415 555 0100', /10-digit Indian mobile/],
    ['state', 'Bavaria', /state or union territory of India/],
    ['state', '', /State is required/],
    ['fullName', '', /Full name/],
    ['address', ' ', /Address is required/],
  ])('refuses %s = %j with a message beside the field and stores nothing', async (field, value, message) => {
    const user = await quickUser(ctx.app);
    const res = await add(user, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: expect.stringMatching(message), path: field }]);
    expect(await rowsOf(user)).toHaveLength(0);
  });

  it('reports every field error at once', async () => {
    const user = await quickUser(ctx.app);
    const res = await call('POST', '/api/user/addresses', user, {
      mobile: '1',
      postalCode: '0',
      state: 'Atlantis',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['address', 'city', 'fullName', 'mobile', 'postalCode', 'state']);
  });

  it('is for shoppers only, with a token', async () => {
    const seller = await quickSeller(ctx.app);
    expect((await call('GET', '/api/user/addresses', seller)).statusCode).toBe(403);
    expect((await call('GET', '/api/user/addresses')).statusCode).toBe(401);
  });
});
