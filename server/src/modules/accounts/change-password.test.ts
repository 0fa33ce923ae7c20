import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, registerSeller, registerUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accountTokens, outboxEmails, sellers, users } from '../../db/schema.ts';
import { hashToken } from './account-tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Kind = 'user' | 'seller';
const profilePath = (kind: Kind) =>
  kind === 'user' ? '/api/auth/user/get-user-profile' : '/api/auth/seller/get-seller-profile';
const profile = (kind: Kind, token: string) =>
  ctx.app.inject({ method: 'GET', url: profilePath(kind), headers: auth(token) });
const change = (kind: Kind, token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/${kind}/change-password`, headers: auth(token), payload });
const mailsTo = (to: string, kind: string) =>
  ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to), eq(outboxEmails.kind, kind)));

describe('change password', () => {
  it.each<Kind>(['user', 'seller'])(
    'a %s changes it, stays logged in with the new token, and other sessions end',
    async (kind) => {
      const account = kind === 'user' ? await registerUser(ctx.app) : await registerSeller(ctx.app);
      const other = await ctx.app.inject({
        method: 'POST',
        url: `/api/auth/${kind}/login`,
        payload: { email: account.email, password: account.password },
      });
      const otherToken = other.json().authToken as string;

      const res = await change(kind, account.token, {
        currentPassword: account.password,
        newPassword: 'changed-pass-99',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: expect.stringMatching(/changed/),
        authToken: expect.any(String),
      });
      // Issued in the same second as the change, the fresh token still works.
      expect((await profile(kind, res.json().authToken)).statusCode).toBe(200);
      expect((await profile(kind, account.token)).statusCode).toBe(401);
      expect((await profile(kind, otherToken)).statusCode).toBe(401);
      const relog = await ctx.app.inject({
        method: 'POST',
        url: `/api/auth/${kind}/login`,
        payload: { email: account.email, password: 'changed-pass-99' },
      });
      expect(relog.statusCode).toBe(200);
      const table = kind === 'user' ? users : sellers;
      const [row] = await ctx.db.select().from(table).where(eq(table.id, account.id));
      expect(row!.passwordChangedAt).toBeInstanceOf(Date);
      expect(await mailsTo(account.email, 'password_changed')).toHaveLength(1);
    },
  );

  it('refuses a wrong current password beside its field and changes nothing', async () => {
    const user = await registerUser(ctx.app);
    const res = await change('user', user.token, {
      currentPassword: 'not-my-password',
      newPassword: 'changed-pass-99',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'Your current password is not correct',
      errors: [{ msg: 'Your current password is not correct', path: 'currentPassword' }],
    });
    expect((await profile('user', user.token)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordChangedAt).toBeNull();
  });

  it('lists every field problem at once, and needs a token of the right role', async () => {
    const user = await registerUser(ctx.app);
    const res = await change('user', user.token, { currentPassword: '', newPassword: 'short' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['currentPassword', 'newPassword']);
    const same = await change('user', user.token, {
      currentPassword: user.password,
      newPassword: user.password,
    });
    expect(same.json().errors[0].path).toBe('newPassword');
    expect(
      (await change('seller', user.token, { currentPassword: 'x', newPassword: 'y'.repeat(9) })).statusCode,
    ).toBe(403);
    const visitor = await ctx.app.inject({ method: 'PUT', url: '/api/user/change-password', payload: {} });
    expect(visitor.statusCode).toBe(401);
  });

  it('voids reset links that were waiting', async () => {
    const user = await registerUser(ctx.app);
    await ctx.db.insert(accountTokens).values({
      accountKind: 'user',
      accountId: user.id,
      purpose: 'password_reset',
      tokenHash: hashToken('pending-link-token'),
      expiresAt: sql`now() + interval '30 minutes'`,
    });
    await change('user', user.token, { currentPassword: user.password, newPassword: 'changed-pass-99' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/user/reset-password',
      payload: { token: 'pending-link-token', password: 'attacker-pass-1' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('e-mail verification', () => {
  async function linkTokenMailedTo(email: string) {
    const mails = await mailsTo(email, 'email_verification');
    const token = mails.at(-1)?.text.match(/\/verify-email\?token=([\w-]+)/)?.[1];
    if (!token) throw new Error(`no verification link mailed to ${email}`);
    return token;
  }
  const verify = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });

  it.each<Kind>(['user', 'seller'])(
    'sign-up mails a %s a 7-day link that confirms the address once',
    async (kind) => {
      const account = kind === 'user' ? await registerUser(ctx.app) : await registerSeller(ctx.app);
      expect((await profile(kind, account.token)).json()[0]).toMatchObject({ emailVerified: false });
      const token = await linkTokenMailedTo(account.email);
      const [row] = await ctx.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.tokenHash, hashToken(token)));
      const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);

      const res = await verify(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: expect.any(String),
        role: kind,
        alreadyVerified: false,
      });
      expect((await profile(kind, account.token)).json()[0]).toMatchObject({ emailVerified: true });
      // The same link again: used, but the address is confirmed, so it says so.
      expect((await verify(token)).json()).toMatchObject({ success: true, alreadyVerified: true });
    },
  );

  it('refuses an unknown or expired link with the error shape', async () => {
    const user = await registerUser(ctx.app);
    const token = await linkTokenMailedTo(user.email);
    await ctx.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    for (const bad of [token, 'no-such-token']) {
      const res = await verify(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: [{ path: 'token' }] });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/verify-email' })).statusCode).toBe(400);
    expect((await profile('user', user.token)).json()[0]).toMatchObject({ emailVerified: false });
  });

  it('sends a new link on request until the address is confirmed', async () => {
    const seller = await registerSeller(ctx.app);
    const resend = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/seller/resend-verification',
        headers: auth(seller.token),
      });
    const first = await resend();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, alreadyVerified: false });
    expect(await mailsTo(seller.email, 'email_verification')).toHaveLength(2);
    expect((await verify(await linkTokenMailedTo(seller.email))).statusCode).toBe(200);
    expect((await resend()).json()).toMatchObject({ alreadyVerified: true });
    expect(await mailsTo(seller.email, 'email_verification')).toHaveLength(2);
  });

  it('limits how often a link can be resent', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_AUTH_MAX: '2' } });
    try {
      const user = await registerUser(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/user/resend-verification',
          headers: auth(user.token),
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
