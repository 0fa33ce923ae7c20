import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userFields } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickUser } from '../../../test/shop-fixtures.ts';
import { addresses, users } from '../../db/schema.ts';

/**
 * Issue 37: an address's PIN code is checked against India Post's directory wherever an address
 * enters: unknown, or in another state than the address names → 400 on `postalCode`, nothing saved.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
const entry = (over: Record<string, unknown> = {}) => ({
  fullName: 'Meera Iyer',
  mobile: '9845001234',
  address: '22 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  ...over,
});
const bookOf = (who: { id: string }) =>
  ctx.db.select().from(addresses).where(eq(addresses.userId, who.id)).orderBy(addresses.createdAt);
const userRow = async (id: string) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const userByEmail = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.email, email)))[0];

const UNKNOWN = '999999 is not a PIN code we know: please check it';
const refusal = (msg: string) => ({ success: false, error: msg, errors: [{ msg, path: 'postalCode' }] });
const elsewhere = (pin: string, inState: string, named: string) =>
  `PIN code ${pin} is in ${inState}, not ${named}: please check the PIN code or the state`;

describe('address book: POST /api/user/addresses', () => {
  it('refuses an unknown PIN code and one in another state, saving nothing', async () => {
    const user = await quickUser(ctx.app);
    const unknown = await call('POST', '/api/user/addresses', user, entry({ postalCode: '999999' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(refusal(UNKNOWN));

    const kerala = await call('POST', '/api/user/addresses', user, entry({ state: 'Kerala' }));
    expect(kerala.statusCode).toBe(400);
    expect(kerala.json()).toEqual(refusal(elsewhere('560001', 'Karnataka', 'Kerala')));

    expect(await bookOf(user)).toEqual([]);
    // The profile's address (which follows the book's default) is untouched too.
    expect(await userRow(user.id)).toMatchObject({ state: 'Karnataka', postalCode: '560001' });
  });

  it('saves a real PIN code in the state named, and a border PIN code for either of its states', async () => {
    const user = await quickUser(ctx.app, { address: '', city: '', state: '', postalCode: '' });
    const res = await call(
      'POST',
      '/api/user/addresses',
      user,
      entry({ state: 'kerala', postalCode: '682001' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toMatchObject({ state: 'Kerala', postalCode: '682001', isDefault: true });
    // 244923 (Rampur) is served in Uttar Pradesh and Uttarakhand.
    for (const state of ['Uttar Pradesh', 'Uttarakhand']) {
      const border = await call('POST', '/api/user/addresses', user, entry({ state, postalCode: '244923' }));
      expect(border.statusCode).toBe(200);
    }
    const refused = await call(
      'POST',
      '/api/user/addresses',
      user,
      entry({ state: 'Delhi', postalCode: '244923' }),
    );
    expect(refused.json()).toEqual(refusal(elsewhere('244923', 'Uttar Pradesh', 'Delhi')));
    expect((await bookOf(user)).map((a) => [a.state, a.postalCode])).toEqual([
      ['Kerala', '682001'],
      ['Uttar Pradesh', '244923'],
      ['Uttarakhand', '244923'],
    ]);
    expect(await userRow(user.id)).toMatchObject({ state: 'Kerala', postalCode: '682001' });
  });
});

describe('address book: PUT /api/user/addresses/{id}', () => {
  const setUp = async () => {
    const user = await quickUser(ctx.app);
    const saved = (await call('POST', '/api/user/addresses', user, entry())).json().address;
    return { user, id: saved._id as string };
  };

  it('checks the entry as it would be: a new PIN code, and a new state with the old PIN code', async () => {
    const { user, id } = await setUp();
    const unknown = await call('PUT', `/api/user/addresses/${id}`, user, { postalCode: '100000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { msg: '100000 is not a PIN code we know: please check it', path: 'postalCode' },
    ]);
    const newState = await call('PUT', `/api/user/addresses/${id}`, user, { state: 'Kerala', city: 'Kochi' });
    expect(newState.statusCode).toBe(400);
    expect(newState.json()).toEqual(refusal(elsewhere('560001', 'Karnataka', 'Kerala')));
    const newPin = await call('PUT', `/api/user/addresses/${id}`, user, { postalCode: '682001' });
    expect(newPin.json()).toEqual(refusal(elsewhere('682001', 'Kerala', 'Karnataka')));

    const [row] = await bookOf(user);
    expect(row).toMatchObject({ city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' });
    expect(await userRow(user.id)).toMatchObject({ state: 'Karnataka', postalCode: '560001' });
  });

  it('saves a move with both changed, and a change that touches neither', async () => {
    const { user, id } = await setUp();
    const moved = await call('PUT', `/api/user/addresses/${id}`, user, {
      city: 'Kochi',
      state: 'Kerala',
      postalCode: '682001',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().address).toMatchObject({ city: 'Kochi', state: 'Kerala', postalCode: '682001' });
    const sameState = await call('PUT', `/api/user/addresses/${id}`, user, { postalCode: '682016' });
    expect(sameState.statusCode).toBe(200);
    const renamed = await call('PUT', `/api/user/addresses/${id}`, user, { fullName: 'Meera Nair' });
    expect(renamed.statusCode).toBe(200);
    const [row] = await bookOf(user);
    expect(row).toMatchObject({ fullName: 'Meera Nair', state: 'Kerala', postalCode: '682016' });
    expect(await userRow(user.id)).toMatchObject({ city: 'Kochi', state: 'Kerala', postalCode: '682016' });
  });
});

describe('sign-up: POST /api/auth/user/register', () => {
  const register = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/user/register', payload });

  it('refuses an unknown PIN code or one in another state, creating no account', async () => {
    const unknown = userFields({ postalCode: '999999' });
    const res = await register(unknown);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal(UNKNOWN));
    expect(await userByEmail(unknown.email)).toBeUndefined();

    const other = userFields({ state: 'Kerala', postalCode: '560001' });
    const res2 = await register(other);
    expect(res2.statusCode).toBe(400);
    expect(res2.json()).toEqual(refusal(elsewhere('560001', 'Karnataka', 'Kerala')));
    expect(await userByEmail(other.email)).toBeUndefined();

    // A PIN code without any state is still checked on its own.
    const { state: _none, ...noState } = userFields({ postalCode: '999999' });
    expect((await register(noState)).json()).toEqual(refusal(UNKNOWN));
    expect(await userByEmail(noState.email)).toBeUndefined();
  });

  it("saves a real one, and a legacy free-text state ('MH') with a real PIN code", async () => {
    const real = userFields();
    expect((await register(real)).statusCode).toBe(200);
    const row = await userByEmail(real.email);
    expect(row).toMatchObject({ state: 'Maharashtra', postalCode: '411001' });
    expect(await bookOf(row!)).toHaveLength(1);

    const legacy = userFields({ state: 'MH' });
    expect((await register(legacy)).statusCode).toBe(200);
    const legacyRow = await userByEmail(legacy.email);
    expect(legacyRow).toMatchObject({ state: 'MH', postalCode: '411001' });
    expect((await bookOf(legacyRow!))[0]).toMatchObject({ state: 'MH', postalCode: '411001' });
  });
});

describe('profile: PUT /api/user/update-profile', () => {
  const update = (who: FastAccount, payload: object) => call('PUT', '/api/user/update-profile', who, payload);

  it('refuses an unknown PIN code, or one in another state than the one sent or the profile’s', async () => {
    const user = await quickUser(ctx.app);
    const before = await userRow(user.id);
    const unknown = await update(user, { city: 'Nowhere', postalCode: '999999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(refusal(UNKNOWN));
    const sentState = await update(user, { state: 'Kerala', postalCode: '560001' });
    expect(sentState.json()).toEqual(refusal(elsewhere('560001', 'Karnataka', 'Kerala')));
    // No state sent: the profile's own (Karnataka) is the one the PIN code must be in.
    const profileState = await update(user, { fullName: 'Meera Nair', postalCode: '682001' });
    expect(profileState.statusCode).toBe(400);
    expect(profileState.json()).toEqual(refusal(elsewhere('682001', 'Kerala', 'Karnataka')));
    expect(await userRow(user.id)).toEqual(before);
  });

  it("saves a real one; the original client's form (no PIN code) is not checked", async () => {
    const user = await quickUser(ctx.app);
    const moved = await update(user, { city: 'Kochi', state: 'Kerala', postalCode: '682001' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().updatedProfile[0]).toMatchObject({ state: 'Kerala', postalCode: '682001' });
    expect(await userRow(user.id)).toMatchObject({ city: 'Kochi', state: 'Kerala', postalCode: '682001' });

    // SPEC §7: fullName, email, mobile, address, state; the free-text state is kept as typed.
    const legacy = await update(user, { fullName: 'Meera Iyer', address: '9 Lake View', state: 'KL' });
    expect(legacy.statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ state: 'KL', postalCode: '682001' });
    // A real PIN code with that free-text state: only the PIN code is checked.
    const legacyPin = await update(user, { postalCode: '682016' });
    expect(legacyPin.statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ state: 'KL', postalCode: '682016' });
  });
});
