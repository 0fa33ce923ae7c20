import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickUser } from '../../../test/shop-fixtures.ts';
import { checkouts, users } from '../../db/schema.ts';

/** Issue 37: the checkout's address is checked against India Post's PIN codes before it is saved. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
const save = (who: FastAccount, payload: object) =>
  call('PUT', '/api/user/save-shipping-address', who, payload);
const checkoutOf = async (who: FastAccount) =>
  (await ctx.db.select().from(checkouts).where(eq(checkouts.userId, who.id)))[0];
const profileOf = async (who: FastAccount) =>
  (await ctx.db.select().from(users).where(eq(users.id, who.id)))[0]!;
const kochi = { address: '9 Lake View', city: 'Kochi', state: 'Kerala', postalCode: '682001' };
const refusal = (msg: string) => ({ success: false, error: msg, errors: [{ msg, path: 'postalCode' }] });

describe('PUT /api/user/save-shipping-address', () => {
  it('refuses an unknown PIN code and one in another state, leaving checkout and profile as they were', async () => {
    const user = await quickUser(ctx.app);
    const profile = await profileOf(user);
    const unknown = await save(user, { ...kochi, postalCode: '999999', saveToProfile: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(refusal('999999 is not a PIN code we know: please check it'));
    const elsewhere = await save(user, { ...kochi, postalCode: 560001, saveToProfile: true });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual(
      refusal('PIN code 560001 is in Karnataka, not Kerala: please check the PIN code or the state'),
    );
    expect(await checkoutOf(user)).toBeUndefined();
    expect(await profileOf(user)).toEqual(profile);

    // A checkout already saved is not overwritten by a refused one.
    expect((await save(user, kochi)).statusCode).toBe(200);
    expect((await save(user, { ...kochi, postalCode: '100000' })).statusCode).toBe(400);
    expect(await checkoutOf(user)).toMatchObject(kochi);
  });

  it('saves a real one, a legacy free-text state with a real PIN code, and a border PIN code for either state', async () => {
    const user = await quickUser(ctx.app);
    expect((await save(user, { ...kochi, saveToProfile: true })).json()).toEqual({ success: true });
    expect(await checkoutOf(user)).toMatchObject(kochi);
    expect(await profileOf(user)).toMatchObject(kochi);

    // The original client's shipping form is free text: 'KA' is not one of the 36, so only the PIN code counts.
    const legacy = { address: '22 MG Road', city: 'Bengaluru', state: 'KA', postalCode: '560001' };
    expect((await save(user, legacy)).statusCode).toBe(200);
    expect(await checkoutOf(user)).toMatchObject(legacy);
    const legacyUnknown = await save(user, { ...legacy, postalCode: '999999' });
    expect(legacyUnknown.statusCode).toBe(400);
    expect(await checkoutOf(user)).toMatchObject(legacy);

    // 396215 (Daman) is served in Dadra and Nagar Haveli and Daman and Diu and in Gujarat.
    for (const state of ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu']) {
      const border = { address: '1 Sea Road', city: 'Daman', state, postalCode: '396215' };
      expect((await save(user, border)).statusCode).toBe(200);
      expect(await checkoutOf(user)).toMatchObject(border);
    }
    expect((await save(user, { ...kochi, postalCode: '396215' })).statusCode).toBe(400);
    expect(await profileOf(user)).toMatchObject(kochi);
  });
});
