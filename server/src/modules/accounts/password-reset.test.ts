import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, insertProduct, registerSeller, registerUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accountTokens, outboxEmails, sellers, users } from '../../db/schema.ts';
import { hashToken } from './account-tokens.ts';
import { afterAnswerSettled } from './after-answer.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Kind = 'user' | 'seller';
const register = (kind: Kind) => (kind === 'user' ? registerUser(ctx.app) : registerSeller(ctx.app));
const profilePath = (kind: Kind) =>
  kind === 'user' ? '/api/auth/user/get-user-profile' : '/api/auth/seller/get-seller-profile';

async function forgot(kind: Kind, email: string, app = ctx.app) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/auth/${kind}/forgot-password`,
    payload: { email },
  });
  await afterAnswerSettled();
  return res;
}

const mailsTo = (to: string, kind: string) =>
  ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to), eq(outboxEmails.kind, kind)));

/** The token of the newest reset link mailed to this address. */
async function resetTokenMailedTo(email: string) {
  const mails = await mailsTo(email, 'password_reset');
  const link = mails.at(-1)?.text.match(/(\S+\/reset-password\?token=([\w-]+)&role=(user|seller))/);
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return { link: link[1]!, token: link[2]!, role: link[3] };
}

const reset = (kind: Kind, token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/auth/${kind}/reset-password`, payload: { token, password } });
const login = (kind: Kind, email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/auth/${kind}/login`, payload: { email, password } });
const profile = (kind: Kind, token: string) =>
  ctx.app.inject({ method: 'GET', url: profilePath(kind), headers: auth(token) });

describe('forgot password', () => {
  it.each<Kind>(['user', 'seller'])('mails a %s a 30-minute link; only its hash is stored', async (kind) => {
    const account = await register(kind);
    const res = await forgot(kind, account.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: expect.stringMatching(/If an account uses this e-mail/),
    });
    const { link, token, role } = await resetTokenMailedTo(account.email);
    expect(link).toBe(`${ctx.config.publicUrl}/reset-password?token=${token}&role=${kind}`);
    expect(role).toBe(kind);
    expect(token).toMatch(/^[\w-]{43}$/);
    const [row] = await ctx.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.accountId, account.id), eq(accountTokens.purpose, 'password_reset')));
    expect(row).toMatchObject({ accountKind: kind, purpose: 'password_reset', tokenHash: hashToken(token) });
    expect(row!.tokenHash).not.toContain(token);
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('answers an unknown e-mail exactly as a known one, and mails nothing', async () => {
    const account = await registerUser(ctx.app);
    const known = await forgot('user', account.email);
    const unknown = await forgot('user', 'nobody.here@example.in');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo('nobody.here@example.in', 'password_reset')).toHaveLength(0);
    // A shopper's e-mail at the seller endpoint is unknown there too.
    const asSeller = await forgot('seller', account.email);
    expect(asSeller.body).toBe(known.body);
    expect(await mailsTo(account.email, 'password_reset')).toHaveLength(1);
    const tokens = await ctx.db.select().from(accountTokens).where(eq(accountTokens.accountId, account.id));
    expect(tokens.filter((t) => t.purpose === 'password_reset').map((t) => t.accountKind)).toEqual(['user']);
  });

  it('refuses a malformed e-mail with the error shape', async () => {
    const res = await forgot('user', 'not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: [{ path: 'email' }] });
  });

  it('is rate-limited per e-mail, the same for known and unknown addresses', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_AUTH_MAX: '2' } });
    try {
      const codes = async (email: string) => {
        const out: number[] = [];
        for (let i = 0; i < 3; i++) out.push((await forgot('user', email, limited.app)).statusCode);
        return out;
      };
      const account = await registerUser(limited.app);
      expect(await codes(account.email)).toEqual([200, 200, 429]);
      expect(await codes('ghost@example.in')).toEqual([200, 200, 429]);
      const res = await forgot('user', 'ghost@example.in', limited.app);
      expect(res.json().error).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  });
});

describe('reset password', () => {
  it('sets the new password once, ends every older session and voids the other links', async () => {
    const user = await registerUser(ctx.app);
    const product = await insertProduct(ctx.db, (await registerSeller(ctx.app)).id, { stock: 5 });
    await forgot('user', user.email);
    const first = await resetTokenMailedTo(user.email);
    await forgot('user', user.email);
    const second = await resetTokenMailedTo(user.email);
    expect(second.token).not.toBe(first.token);

    const res = await reset('user', second.token, 'a-brand-new-pass');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.stringMatching(/log in/) });

    expect((await login('user', user.email, user.password)).statusCode).toBe(401);
    const fresh = await login('user', user.email, 'a-brand-new-pass');
    expect(fresh.statusCode).toBe(200);
    // The session from before the reset is over, on guarded routes and on the busiest ones alike.
    expect((await profile('user', user.token)).statusCode).toBe(401);
    const addOld = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/add-to-cart',
      headers: auth(user.token),
      payload: { productId: product.id, quantity: 1 },
    });
    expect(addOld.statusCode).toBe(401);
    expect(addOld.json().error).toMatch(/log in again/);
    const addNew = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/add-to-cart',
      headers: auth(fresh.json().authToken),
      payload: { productId: product.id, quantity: 1 },
    });
    expect(addNew.statusCode).toBe(200);
    expect((await profile('user', fresh.json().authToken)).statusCode).toBe(200);

    // Single use, and the older link stopped working with the reset.
    for (const token of [second.token, first.token]) {
      const again = await reset('user', token, 'yet-another-pass');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ success: false, errors: [{ path: 'token' }] });
      expect(again.json().error).toMatch(/invalid, has expired or was already used/);
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordChangedAt).toBeInstanceOf(Date);
    // Opening the mailed link proved the address.
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await mailsTo(user.email, 'password_changed')).toHaveLength(1);
  });

  it("ends a seller's sessions too", async () => {
    const seller = await registerSeller(ctx.app);
    await forgot('seller', seller.email);
    const { token } = await resetTokenMailedTo(seller.email);
    expect((await reset('seller', token, 'seller-new-pass-1')).statusCode).toBe(200);
    expect((await profile('seller', seller.token)).statusCode).toBe(401);
    expect((await login('seller', seller.email, 'seller-new-pass-1')).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(sellers).where(eq(sellers.id, seller.id));
    expect(row!.passwordChangedAt).toBeInstanceOf(Date);
  });

  it('refuses an expired link and changes nothing', async () => {
    const user = await registerUser(ctx.app);
    await forgot('user', user.email);
    const { token } = await resetTokenMailedTo(user.email);
    await ctx.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    const res = await reset('user', token, 'too-late-pass-1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('token');
    expect((await login('user', user.email, user.password)).statusCode).toBe(200);
    expect((await profile('user', user.token)).statusCode).toBe(200);
  });

  it("refuses a shopper's link at the seller endpoint, an unknown token, and a weak password", async () => {
    const user = await registerUser(ctx.app);
    await forgot('user', user.email);
    const { token } = await resetTokenMailedTo(user.email);
    expect((await reset('seller', token, 'some-good-pass')).statusCode).toBe(400);
    expect((await reset('user', 'x'.repeat(43), 'some-good-pass')).statusCode).toBe(400);
    const weak = await reset('user', token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({
      path: 'password',
      msg: expect.stringMatching(/at least 8/),
    });
    // None of these used the link.
    expect((await reset('user', token, 'some-good-pass')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const user = await registerUser(ctx.app);
    await forgot('user', user.email);
    const { token } = await resetTokenMailedTo(user.email);
    const codes = (
      await Promise.all([reset('user', token, 'racing-pass-one'), reset('user', token, 'racing-pass-two')])
    )
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 400]);
  });
});
