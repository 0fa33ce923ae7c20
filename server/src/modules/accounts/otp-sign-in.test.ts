import { OTP_HOURLY_MAX, OTP_MAX_WRONG_TRIES, OTP_RESEND_SECONDS } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, registerUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { backdateCodes, freshMobile, latestCode, signInByPhone } from '../../../test/phone-fixtures.ts';
import type { App } from '../../app.ts';
import { otpCodes, outboxMessages, users } from '../../db/schema.ts';
import { setUserStatus } from './moderation.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const requestCode = (mobile: unknown, app: App = ctx.app) =>
  app.inject({ method: 'POST', url: '/api/auth/otp/request', payload: { mobile } });
const verify = (mobile: unknown, otp: unknown, app: App = ctx.app) =>
  app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, otp } });
const codesOf = (mobile: string) => ctx.db.select().from(otpCodes).where(eq(otpCodes.mobile, mobile));
const usersWith = (mobile: string) => ctx.db.select().from(users).where(eq(users.mobile, mobile));
/** A six-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('asking for a code', () => {
  it('answers a known and an unknown number the same, and sends each a code stored only as a hash', async () => {
    const known = await signInByPhone(ctx.app, ctx.db);
    await backdateCodes(ctx.db, known.mobile, OTP_RESEND_SECONDS);
    const unknown = freshMobile();

    const a = await requestCode(known.mobile);
    const b = await requestCode(`+91 ${unknown}`);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual({ success: true, resendAfterSeconds: 30 });
    expect(b.body).toBe(a.body);

    const code = await latestCode(ctx.db, unknown);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await codesOf(unknown);
    expect(row).toMatchObject({ purpose: 'sign_in', subject: '', wrongTries: 0, usedAt: null });
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(300_000);
  });

  it('refuses a second code within 30 seconds, and sends one after', async () => {
    const mobile = freshMobile();
    expect((await requestCode(mobile)).statusCode).toBe(200);
    const again = await requestCode(mobile);
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toMatch(/^Please wait \d+ seconds? before asking for another code$/);
    expect(await codesOf(mobile)).toHaveLength(1);

    await backdateCodes(ctx.db, mobile, OTP_RESEND_SECONDS);
    expect((await requestCode(mobile)).statusCode).toBe(200);
    expect(await codesOf(mobile)).toHaveLength(2);
  });

  it('sends at most five codes to a number in an hour', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < OTP_HOURLY_MAX; i++) {
      expect((await requestCode(mobile)).statusCode).toBe(200);
      await backdateCodes(ctx.db, mobile, OTP_RESEND_SECONDS);
    }
    const sixth = await requestCode(mobile);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(/^Too many codes were sent to this number/);
    expect(await codesOf(mobile)).toHaveLength(OTP_HOURLY_MAX);

    // An hour after the first, one more may go.
    await backdateCodes(ctx.db, mobile, 3600 - OTP_HOURLY_MAX * OTP_RESEND_SECONDS);
    expect((await requestCode(mobile)).statusCode).toBe(200);
  });

  it('refuses a number that is not an Indian mobile with a 400', async () => {
    for (const mobile of ['12345', '5876543210', '', 98765, null, 'x'.repeat(5000)]) {
      const res = await requestCode(mobile);
      expect(res.statusCode, String(mobile)).toBe(400);
    }
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/otp/request', payload: {} })).statusCode,
    ).toBe(400);
  });
});

describe('signing in with the code', () => {
  it('makes a shopper account for a new number: verified mobile, no e-mail, no password', async () => {
    const mobile = freshMobile();
    await requestCode(mobile);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/otp/verify',
      payload: { mobile: `0${mobile}`, otp: await latestCode(ctx.db, mobile) },
      headers: { cookie: 'lang=hi' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, isNew: true, authToken: expect.any(String) });
    expect(body.user).toMatchObject({
      fullName: '',
      email: '',
      mobile,
      mobileVerified: true,
      emailVerified: false,
      hasPassword: false,
    });

    const [row] = await usersWith(mobile);
    expect(row).toMatchObject({ id: body.user._id, email: null, passwordHash: null, locale: 'hi' });
    expect(row!.mobileVerifiedAt).toBeInstanceOf(Date);
    const [code] = await codesOf(mobile);
    expect(code!.usedAt).toBeInstanceOf(Date);

    // The token works, and the new shopper can give their name and an e-mail on the next screen.
    const named = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: auth(body.authToken),
      payload: { fullName: 'Meena Iyer', email: `meena.${mobile}@example.in` },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().updatedProfile[0]).toMatchObject({ fullName: 'Meena Iyer', mobileVerified: true });
  });

  it('signs an existing verified number into its own account (isNew false)', async () => {
    const first = await signInByPhone(ctx.app, ctx.db);
    await backdateCodes(ctx.db, first.mobile, OTP_RESEND_SECONDS);
    const again = await signInByPhone(ctx.app, ctx.db, first.mobile);
    expect(again).toMatchObject({ id: first.id, isNew: false });
    expect(await usersWith(first.mobile)).toHaveLength(1);
  });

  it('refuses a suspended account with 403, as the password login does', async () => {
    const shopper = await signInByPhone(ctx.app, ctx.db);
    await setUserStatus(ctx.db, shopper.id, 'suspended');
    await backdateCodes(ctx.db, shopper.mobile, OTP_RESEND_SECONDS);
    await requestCode(shopper.mobile);
    const res = await verify(shopper.mobile, await latestCode(ctx.db, shopper.mobile));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('This account is suspended. Please contact the marketplace');
  });

  it('does not sign into an account whose mobile was typed but never proved: a new account is made', async () => {
    const mobile = freshMobile();
    const emailAccount = await registerUser(ctx.app, { mobile });
    await requestCode(mobile);
    const res = await verify(mobile, await latestCode(ctx.db, mobile));
    expect(res.json()).toMatchObject({ isNew: true });
    expect(res.json().user._id).not.toBe(emailAccount.id);
  });

  // A real race needs two connections: PostgreSQL only (one PGlite process runs one statement at a time).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two first sign-ins of one new number make one account: the later one signs into it',
    async () => {
      const mobile = freshMobile();
      await requestCode(mobile);
      const otp = await latestCode(ctx.db, mobile);
      // This sign-in's insert waits on a lock the test holds, after it looked the number up and found
      // no account; meanwhile another process's first sign-in commits its account for the number.
      const LOCK = 39_0039;
      await ctx.database.exec(`
        create function otp_race_pause() returns trigger language plpgsql as $$
        begin
          if new.mobile = '${mobile}' and new.full_name = '' then
            perform pg_advisory_lock(${LOCK});
            perform pg_advisory_unlock(${LOCK});
          end if;
          return new;
        end $$;
        create trigger otp_race_pause before insert on users for each row execute function otp_race_pause();`);
      try {
        const { pending } = await ctx.database.withLock(LOCK, async () => {
          const pending = verify(mobile, otp);
          await expect
            .poll(async () => {
              const waiting = await ctx.db.execute(
                sql`select 1 from pg_locks where locktype = 'advisory' and objid = ${LOCK} and not granted`,
              );
              return (waiting as unknown as { rows: unknown[] }).rows.length;
            })
            .toBe(1);
          await ctx.db.insert(users).values({ fullName: 'Winner', mobile, mobileVerifiedAt: new Date() });
          // Wrapped: the lock is released before the sign-in can finish.
          return { pending };
        });
        const res = await pending;
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          isNew: false,
          user: { fullName: 'Winner', mobileVerified: true },
        });
        expect(await usersWith(mobile)).toHaveLength(1);
      } finally {
        await ctx.database.exec('drop trigger otp_race_pause on users; drop function otp_race_pause();');
      }
    },
  );

  it('takes a code once', async () => {
    const mobile = freshMobile();
    await requestCode(mobile);
    const otp = await latestCode(ctx.db, mobile);
    expect((await verify(mobile, otp)).statusCode).toBe(200);
    const second = await verify(mobile, otp);
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toBe('This code has expired or was already used. Please ask for a new one');
  });

  it('refuses a code after its 5 minutes', async () => {
    const mobile = freshMobile();
    await requestCode(mobile);
    await backdateCodes(ctx.db, mobile, 301);
    const res = await verify(mobile, await latestCode(ctx.db, mobile));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/expired/);
    expect(await usersWith(mobile)).toHaveLength(0);
  });

  it('kills a code after five wrong tries: then even the right code fails', async () => {
    const mobile = freshMobile();
    await requestCode(mobile);
    const otp = await latestCode(ctx.db, mobile);
    const answers: string[] = [];
    for (let i = 0; i < OTP_MAX_WRONG_TRIES; i++) {
      const res = await verify(mobile, wrongCode(otp));
      expect(res.statusCode).toBe(400);
      answers.push(res.json().error);
    }
    expect(answers[0]).toBe('That code is not right. 4 tries left');
    expect(answers[3]).toBe('That code is not right. 1 try left');
    expect(answers[4]).toBe('Too many wrong codes. Please ask for a new one');
    const [row] = await codesOf(mobile);
    expect(row!.wrongTries).toBe(OTP_MAX_WRONG_TRIES);

    expect((await verify(mobile, otp)).statusCode).toBe(400);
    expect(await usersWith(mobile)).toHaveLength(0);
  });

  it('only the latest code works after a resend', async () => {
    const mobile = freshMobile();
    await requestCode(mobile);
    const old = await latestCode(ctx.db, mobile);
    await backdateCodes(ctx.db, mobile, OTP_RESEND_SECONDS);
    await requestCode(mobile);
    const fresh = await latestCode(ctx.db, mobile);
    if (old !== fresh) expect((await verify(mobile, old)).statusCode).toBe(400);
    expect((await verify(mobile, fresh)).statusCode).toBe(200);
  });

  it('of two verifies with the same code at once, exactly one signs in', async () => {
    const mobile = freshMobile();
    await requestCode(mobile);
    const otp = await latestCode(ctx.db, mobile);
    const results = await Promise.all([verify(mobile, otp), verify(mobile, otp), verify(mobile, otp)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await usersWith(mobile)).toHaveLength(1);
  });

  it('refuses a malformed code or number with a 400, and a number that was sent no code', async () => {
    const mobile = freshMobile();
    for (const otp of ['12345', '1234567', 'abcdef', 123456, '', null]) {
      const res = await verify(mobile, otp);
      expect(res.statusCode, String(otp)).toBe(400);
    }
    expect((await verify('123', '123456')).statusCode).toBe(400);
    const none = await verify(mobile, '123456');
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('No code was sent to this number. Please ask for one');
  });
});

describe('an e-mail account adds its mobile', () => {
  const requestFor = (token: string, mobile: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/mobile/request',
      headers: auth(token),
      payload: { mobile },
    });
  const verifyFor = (token: string, mobile: string, otp: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/mobile/verify',
      headers: auth(token),
      payload: { mobile, otp },
    });

  it('proves the number with a code, then signs in by it either way', async () => {
    const mobile = freshMobile();
    const shopper = await registerUser(ctx.app);
    const profile = async () =>
      (
        await ctx.app.inject({ url: '/api/auth/user/get-user-profile', headers: auth(shopper.token) })
      ).json()[0];
    expect(await profile()).toMatchObject({ mobileVerified: false });

    expect((await requestFor(shopper.token, mobile)).json()).toEqual({
      success: true,
      resendAfterSeconds: 30,
    });
    const [row] = await codesOf(mobile);
    expect(row).toMatchObject({ purpose: 'verify_mobile', subject: shopper.id });
    const res = await verifyFor(shopper.token, mobile, await latestCode(ctx.db, mobile));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: shopper.id, mobile, mobileVerified: true });
    expect(await profile()).toMatchObject({ mobile, mobileVerified: true });

    const byPhone = await signInByPhone(ctx.app, ctx.db, mobile);
    expect(byPhone).toMatchObject({ id: shopper.id, isNew: false });
    const byPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: shopper.email, password: shopper.password },
    });
    expect(byPassword.statusCode).toBe(200);
  });

  it('a sign-in code does not verify a mobile, nor one sent to another account', async () => {
    const mobile = freshMobile();
    const shopper = await registerUser(ctx.app);
    await requestCode(mobile);
    const signInCode = await latestCode(ctx.db, mobile);
    expect((await verifyFor(shopper.token, mobile, signInCode)).statusCode).toBe(400);
    const other = await registerUser(ctx.app);
    await requestFor(other.token, mobile);
    expect((await verifyFor(shopper.token, mobile, await latestCode(ctx.db, mobile))).statusCode).toBe(400);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row!.mobileVerifiedAt).toBeNull();
  });

  it('409 when another account already verified the number', async () => {
    const taken = await signInByPhone(ctx.app, ctx.db);
    const shopper = await registerUser(ctx.app);
    await backdateCodes(ctx.db, taken.mobile, OTP_RESEND_SECONDS);
    expect((await requestFor(shopper.token, taken.mobile)).statusCode).toBe(200);
    const res = await verifyFor(shopper.token, taken.mobile, await latestCode(ctx.db, taken.mobile));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already verified on another account/);
  });

  it('an e-mail account verifying a number while a new phone shopper signs in with it: one account gets it', async () => {
    const mobile = freshMobile();
    const shopper = await registerUser(ctx.app);
    await requestFor(shopper.token, mobile);
    const profileCode = await latestCode(ctx.db, mobile);
    await requestCode(mobile);
    const signInCode = await latestCode(ctx.db, mobile);
    const [adding, signing] = await Promise.all([
      verifyFor(shopper.token, mobile, profileCode),
      verify(mobile, signInCode),
    ]);
    const verified = (await usersWith(mobile)).filter((u) => u.mobileVerifiedAt !== null);
    expect(verified).toHaveLength(1);
    expect(signing.statusCode).toBe(200);
    if (adding.statusCode === 200) {
      // The e-mail account won: the phone sign-in entered it.
      expect(signing.json()).toMatchObject({ isNew: false, user: { _id: shopper.id } });
    } else {
      expect(adding.statusCode).toBe(409);
      expect(signing.json()).toMatchObject({ isNew: true, user: { _id: verified[0]!.id } });
    }
  });

  it("a phone shopper cannot take another account's e-mail", async () => {
    const other = await registerUser(ctx.app);
    const shopper = await signInByPhone(ctx.app, ctx.db);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: auth(shopper.token),
      payload: { fullName: 'Ravi', email: other.email },
    });
    expect(res.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row).toMatchObject({ email: null, fullName: '' });
  });

  it('a mobile changed by hand on the profile is no longer verified', async () => {
    // An e-mail account that proved its mobile (one signing in only by code may not: phone-attack.test.ts).
    const mobile = freshMobile();
    const shopper = { ...(await registerUser(ctx.app, { mobile })), mobile };
    await ctx.db.update(users).set({ mobileVerifiedAt: sql`now()` }).where(eq(users.id, shopper.id));
    const other = freshMobile();
    const put = (mobile: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/user/update-profile',
        headers: auth(shopper.token),
        payload: { mobile },
      });
    expect((await put(shopper.mobile)).json().updatedProfile[0]).toMatchObject({ mobileVerified: true });
    expect((await put(other)).json().updatedProfile[0]).toMatchObject({
      mobile: other,
      mobileVerified: false,
    });
    // The typed number signs nobody in: a code to it makes a new account.
    const byOther = await signInByPhone(ctx.app, ctx.db, other);
    expect(byOther.isNew).toBe(true);
  });
});

describe('limits shared by two processes', () => {
  it('the hourly cap counts the codes sent by every app process', async () => {
    const other = await ctx.spawnSeparateApp();
    const mobile = freshMobile();
    for (let i = 0; i < OTP_HOURLY_MAX; i++) {
      expect((await requestCode(mobile, i % 2 ? other : ctx.app)).statusCode).toBe(200);
      await backdateCodes(ctx.db, mobile, OTP_RESEND_SECONDS);
    }
    expect((await requestCode(mobile, other)).statusCode).toBe(429);
    expect((await requestCode(mobile, ctx.app)).statusCode).toBe(429);
  });

  it('two processes asked at once for one number send one code', async () => {
    const other = await ctx.spawnSeparateApp();
    const mobile = freshMobile();
    const results = await Promise.all([requestCode(mobile), requestCode(mobile, other)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(await codesOf(mobile)).toHaveLength(1);
    const sent = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.to, mobile));
    expect(sent).toHaveLength(1);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('per-IP and per-number limits in Redis (TEST_REDIS_URL)', () => {
  let shared: TestContext;
  beforeAll(async () => {
    shared = await createTestContext({
      env: { RATE_LIMIT_AUTH_MAX: '2', REDIS_URL: process.env.TEST_REDIS_URL! },
    });
  });
  afterAll(() => shared?.close());
  /** Two processes, each once its Redis connection is up (before that a process counts in memory). */
  const twoApps = async () => {
    const apps = [shared.app, await shared.spawnSeparateApp()];
    for (const app of apps) {
      await expect.poll(async () => (await app.inject({ url: '/api/ready' })).json().checks.redis).toBe('ok');
    }
    return apps;
  };
  /** An address no other run uses, so the Redis counts start at zero. */
  const freshIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;

  it("counts one IP's code requests across two app processes", async () => {
    const apps = await twoApps();
    const remoteAddress = freshIp();
    const statuses: number[] = [];
    // 2 per window per number, five times that per IP: ten numbers pass, the eleventh is refused.
    for (let i = 0; i < 11; i++) {
      const res = await apps[i % 2]!.inject({
        method: 'POST',
        url: '/api/auth/otp/request',
        payload: { mobile: freshMobile() },
        remoteAddress,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // Another address is not held back.
    const elsewhere = await apps[0]!.inject({
      method: 'POST',
      url: '/api/auth/otp/request',
      payload: { mobile: freshMobile() },
      remoteAddress: freshIp(),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("counts one number's code checks across two app processes", async () => {
    const apps = await twoApps();
    const mobile = freshMobile();
    await requestCode(mobile, shared.app);
    const otp = await latestCode(shared.db, mobile);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await apps[i % 2]!.inject({
        method: 'POST',
        url: '/api/auth/otp/verify',
        payload: { mobile, otp: wrongCode(otp) },
        remoteAddress: freshIp(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });
});
