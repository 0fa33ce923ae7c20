import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmByLink, confirmTokenOf } from '../../test/cod-confirm-fixtures.ts';
import { insertProduct } from '../../test/factories.ts';
import { signBody, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } from '../../test/fake-whatsapp.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { backdateCodes, freshMobile, latestCode, signInByPhone } from '../../test/phone-fixtures.ts';
import { placedOrder } from '../../test/shipment-fixtures.ts';
import { callerOf, type FastAccount, PICKUPS, quickSeller, quickUser } from '../../test/shop-fixtures.ts';
import { notificationPrefs, orderItems, orders, otpCodes, outboxMessages, users } from '../db/schema.ts';
import { stopToken } from '../modules/messages/stop-link.ts';
import { codConfirmToken } from './cod-confirm-link.ts';

/**
 * Issue 39 from an attacker's side, through the HTTP API: every new phone endpoint (one-time codes,
 * the mobile proof, notification choices, the stop link, WhatsApp's webhook, COD confirmation) fed
 * bad input, someone else's things, codes meant for something else. Each refusal is a clear 4xx
 * (never a 500) and is checked against the database: no account, no code, no status changed.
 */
let ctx: TestContext;
let seller: FastAccount;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      COD_CONFIRM_ABOVE: '1000',
      WHATSAPP_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN,
    },
  });
  seller = await quickSeller(ctx.app, { ...PICKUPS.bengaluru });
});
afterAll(() => ctx?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

/** Every row of the tables a refused sign-in must not touch. */
async function accountState() {
  const [u] = await ctx.db.select({ n: count() }).from(users);
  const [c] = await ctx.db.select({ n: count() }).from(otpCodes);
  const [m] = await ctx.db.select({ n: count() }).from(outboxMessages);
  const tries = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${otpCodes.wrongTries}), 0)::int` })
    .from(otpCodes);
  return { users: u!.n, codes: c!.n, messages: m!.n, wrongTries: tries[0]!.n };
}

const codesOf = (mobile: string) => ctx.db.select().from(otpCodes).where(eq(otpCodes.mobile, mobile));

/** A 4xx with the error body every refusal carries. */
function refused(res: { statusCode: number; body: string; json(): unknown }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
}

describe('POST /api/auth/otp/request', () => {
  const BAD_BODIES: [string, unknown][] = [
    ['no body fields', {}],
    ['a null mobile', { mobile: null }],
    ['a boolean mobile', { mobile: true }],
    ['an object mobile', { mobile: { $ne: '' } }],
    ['an array of mobiles', { mobile: ['9876543210', '9876543211'] }],
    ['a short number', { mobile: 98765 }],
    ['a huge mobile', { mobile: `9${'8'.repeat(200_000)}` }],
    ['a NUL byte', { mobile: '98765\u000043210' }],
    ['a US number', { mobile: '+14155552671' }],
    ['a UK number', { mobile: '+447911123456' }],
    ['a number starting 5', { mobile: '5876543210' }],
    ['11 digits', { mobile: '98765432101' }],
    ['letters', { mobile: '98765abcde' }],
    ['a body that is an array', [{ mobile: '9876543210' }]],
  ];

  it.each(BAD_BODIES)('refuses %s with a 400 and sends nothing', async (_name, body) => {
    const before = await accountState();
    refused(await post('/api/auth/otp/request', body), 400);
    expect(await accountState()).toEqual(before);
  });

  it('refuses a body that is not JSON (400) and sends nothing', async () => {
    const before = await accountState();
    refused(await post('/api/auth/otp/request', '{"mobile": "98765'), 400);
    expect(await accountState()).toEqual(before);
  });

  it.each([
    ['+91', (m: string) => `+91${m}`],
    ['91', (m: string) => `91${m}`],
    ['0', (m: string) => `0${m}`],
    ['spaces and dashes', (m: string) => `+91 ${m.slice(0, 5)}-${m.slice(5)}`],
    ['a JSON number', (m: string) => Number(m)],
  ])('accepts the number written with %s, storing its 10 digits', async (_name, written) => {
    const mobile = freshMobile();
    const res = await post('/api/auth/otp/request', { mobile: written(mobile) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await codesOf(mobile)).toHaveLength(1);
    expect(await latestCode(ctx.db, mobile)).toMatch(/^\d{6}$/);
  });

  it('ignores extra fields: an attacker cannot choose the purpose or the subject of a code', async () => {
    const mobile = freshMobile();
    const res = await post('/api/auth/otp/request', {
      mobile,
      purpose: 'cod_confirm',
      subject: randomUUID(),
      role: 'admin',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [code] = await codesOf(mobile);
    expect(code).toMatchObject({ purpose: 'sign_in', subject: '' });
  });

  it('a failing SMS provider answers 503 alike for a number with and without an account, never a 500', async () => {
    const known = await signInByPhone(ctx.app, ctx.db);
    await backdateCodes(ctx.db, known.mobile, 60);
    const unknown = freshMobile();
    const send = vi
      .spyOn(ctx.app.deps.messenger, 'sendCode')
      .mockRejectedValue(new Error('connection refused'));
    try {
      const a = await post('/api/auth/otp/request', { mobile: known.mobile });
      const b = await post('/api/auth/otp/request', { mobile: unknown });
      expect(a.statusCode, a.body).toBe(503);
      expect(b.statusCode, b.body).toBe(503);
      expect(a.json()).toEqual(b.json());
      expect(a.body).not.toMatch(/connection refused/);
    } finally {
      send.mockRestore();
    }
    // No account was made for the unknown number.
    expect(await ctx.db.select().from(users).where(eq(users.mobile, unknown))).toEqual([]);
  });
});

describe('POST /api/auth/otp/verify', () => {
  it.each([
    ['no fields', {}],
    ['no otp', { mobile: '__M__' }],
    ['no mobile', { otp: '123456' }],
    ['a 5-digit otp', { mobile: '__M__', otp: '12345' }],
    ['a 7-digit otp', { mobile: '__M__', otp: '1234567' }],
    ['letters', { mobile: '__M__', otp: 'abcdef' }],
    ['a numeric otp', { mobile: '__M__', otp: 123456 }],
    ['an array otp', { mobile: '__M__', otp: ['123456'] }],
    ['an object otp', { mobile: '__M__', otp: { $gt: '' } }],
    ['a NUL byte', { mobile: '__M__', otp: '123\u0000456' }],
    ['a huge otp', { mobile: '__M__', otp: '1'.repeat(300_000) }],
    ['a non-Indian mobile', { mobile: '+14155552671', otp: '123456' }],
  ])('refuses %s with a 400: no account, the code not touched', async (_name, body) => {
    const mobile = freshMobile();
    expect((await post('/api/auth/otp/request', { mobile })).statusCode).toBe(200);
    const payload = JSON.parse(JSON.stringify(body).replaceAll('__M__', mobile));
    const before = await accountState();
    refused(await post('/api/auth/otp/verify', payload), 400);
    expect(await accountState()).toEqual(before);
    const [code] = await codesOf(mobile);
    expect(code).toMatchObject({ wrongTries: 0, usedAt: null });
    // The real code still signs in.
    const res = await post('/api/auth/otp/verify', { mobile, otp: await latestCode(ctx.db, mobile) });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a number that was sent no code: 400, no account', async () => {
    const before = await accountState();
    refused(await post('/api/auth/otp/verify', { mobile: freshMobile(), otp: '123456' }), 400);
    expect(await accountState()).toEqual(before);
  });

  it('a wrong code: 400, counted, no account', async () => {
    const mobile = freshMobile();
    await post('/api/auth/otp/request', { mobile });
    const code = await latestCode(ctx.db, mobile);
    const wrong = code === '000000' ? '000001' : '000000';
    refused(await post('/api/auth/otp/verify', { mobile: `+91${mobile}`, otp: wrong }), 400);
    expect(await ctx.db.select().from(users).where(eq(users.mobile, mobile))).toEqual([]);
    expect((await codesOf(mobile))[0]!.wrongTries).toBe(1);
  });

  it('a suspended shopper cannot sign in by a code (403, no token), and is not told apart at the request', async () => {
    const shopper = await signInByPhone(ctx.app, ctx.db);
    await ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, shopper.id));
    await backdateCodes(ctx.db, shopper.mobile, 60);
    const asked = await post('/api/auth/otp/request', { mobile: shopper.mobile });
    expect(asked.statusCode, asked.body).toBe(200);
    const res = await post('/api/auth/otp/verify', {
      mobile: shopper.mobile,
      otp: await latestCode(ctx.db, shopper.mobile),
    });
    refused(res, 403);
    expect(res.body).not.toMatch(/authToken/);
    // No second account for the number either.
    const [n] = await ctx.db.select({ n: count() }).from(users).where(eq(users.mobile, shopper.mobile));
    expect(n!.n).toBe(1);
  });
});

describe('a shopper who signs in only by code', () => {
  it('cannot lock themselves out by typing another mobile on the profile (409); the same one stays verified', async () => {
    const shopper = await signInByPhone(ctx.app, ctx.db);
    const headers = { 'auth-token': shopper.token };
    const update = (body: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/user/update-profile', headers, payload: body });
    refused(await update({ fullName: 'Ravi Kumar', mobile: freshMobile() }), 409);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row).toMatchObject({ mobile: shopper.mobile, fullName: '' });
    expect(row!.mobileVerifiedAt).toBeInstanceOf(Date);
    const same = await update({ fullName: 'Ravi Kumar', mobile: `+91 ${shopper.mobile}` });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().updatedProfile[0]).toMatchObject({ mobileVerified: true, hasPassword: false });
    // …and proving a new number with a code moves the sign-in to it.
    const next = freshMobile();
    expect((await post('/api/user/mobile/request', { mobile: next }, headers)).statusCode).toBe(200);
    const proved = await post(
      '/api/user/mobile/verify',
      { mobile: next, otp: await latestCode(ctx.db, next) },
      headers,
    );
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json().user).toMatchObject({ mobile: next, mobileVerified: true });
  });

  it('an e-mail account with a password may still change its mobile by hand (it is then unverified)', async () => {
    const shopper = await quickUser(ctx.app, { mobile: freshMobile(), mobileVerifiedAt: new Date() });
    const res = await call('PUT', '/api/user/update-profile', shopper, { mobile: freshMobile() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updatedProfile[0]).toMatchObject({ mobileVerified: false, hasPassword: true });
  });
});

describe('POST /api/user/mobile/request|verify', () => {
  it('without a token: 401; with a seller token: 403; nothing sent', async () => {
    const mobile = freshMobile();
    const before = await accountState();
    for (const path of ['request', 'verify']) {
      const body = path === 'request' ? { mobile } : { mobile, otp: '123456' };
      refused(await post(`/api/user/mobile/${path}`, body), 401);
      refused(await post(`/api/user/mobile/${path}`, body, { 'auth-token': 'not.a.token' }), 401);
      refused(await post(`/api/user/mobile/${path}`, body, seller.headers), 403);
    }
    expect(await accountState()).toEqual(before);
  });

  it('bad input from a shopper: 400, nothing sent or verified', async () => {
    const shopper = await quickUser(ctx.app, { mobile: freshMobile() });
    const before = await accountState();
    for (const body of [
      {},
      { mobile: '+14155552671' },
      { mobile: ['9876543210'] },
      { mobile: '98765\u000043210' },
    ])
      refused(await post('/api/user/mobile/request', body, shopper.headers), 400);
    for (const body of [
      { mobile: freshMobile() },
      { mobile: freshMobile(), otp: '12345' },
      { mobile: freshMobile(), otp: 1234567 },
    ])
      refused(await post('/api/user/mobile/verify', body, shopper.headers), 400);
    expect(await accountState()).toEqual(before);
  });

  it('a code sent to sign in does not prove the mobile of another account', async () => {
    const shopper = await quickUser(ctx.app, { mobile: freshMobile() });
    const mobile = freshMobile();
    expect((await post('/api/auth/otp/request', { mobile })).statusCode).toBe(200);
    const otp = await latestCode(ctx.db, mobile);
    refused(await post('/api/user/mobile/verify', { mobile, otp }, shopper.headers), 400);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row!.mobileVerifiedAt).toBeNull();
    expect(row!.mobile).not.toBe(mobile);
    // …and it still signs in (it was not used up).
    expect((await post('/api/auth/otp/verify', { mobile, otp })).statusCode).toBe(200);
  });

  it("one shopper's mobile code does not prove it for another shopper", async () => {
    const [a, b] = [await quickUser(ctx.app), await quickUser(ctx.app)];
    const mobile = freshMobile();
    expect((await post('/api/user/mobile/request', { mobile }, a.headers)).statusCode).toBe(200);
    const otp = await latestCode(ctx.db, mobile);
    refused(await post('/api/user/mobile/verify', { mobile, otp }, b.headers), 400);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, b.id));
    expect(row!.mobileVerifiedAt).toBeNull();
    // Nor does it sign anyone in.
    refused(await post('/api/auth/otp/verify', { mobile, otp }), 400);
    expect(await ctx.db.select().from(users).where(eq(users.mobile, mobile))).toEqual([]);
  });
});

describe('GET|PUT /api/user/notifications', () => {
  const ALL_ON = {
    orders: { email: true, sms: true, whatsapp: true },
    offers: { email: true, sms: true, whatsapp: true },
  };
  const prefsRows = (userId: string) =>
    ctx.db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId));

  it('without a token: 401; a seller: 403', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? ALL_ON : undefined;
      refused(await call(method, '/api/user/notifications', undefined, payload), 401);
      refused(await call(method, '/api/user/notifications', seller, payload), 403);
    }
  });

  it.each([
    ['strings for booleans', { ...ALL_ON, orders: { email: 'true', sms: true, whatsapp: true } }],
    ['numbers for booleans', { ...ALL_ON, offers: { email: 1, sms: 0, whatsapp: 0 } }],
    ['null for a boolean', { ...ALL_ON, offers: { email: null, sms: false, whatsapp: false } }],
    ['a missing group', { orders: ALL_ON.orders }],
    ['a missing channel', { ...ALL_ON, orders: { email: true, sms: true } }],
    ['an unknown channel', { ...ALL_ON, orders: { ...ALL_ON.orders, pigeon: true } }],
    ['an unknown group', { ...ALL_ON, news: ALL_ON.orders }],
    ['arrays for groups', { orders: [true, true, true], offers: [true, true, true] }],
    ['an array body', [ALL_ON]],
    ['nothing', {}],
  ])('PUT refuses %s with a 400 and stores nothing', async (_name, body) => {
    const shopper = await quickUser(ctx.app);
    refused(await call('PUT', '/api/user/notifications', shopper, body as object), 400);
    expect(await prefsRows(shopper.id)).toEqual([]);
    const now = await call('GET', '/api/user/notifications', shopper);
    expect(now.json()).toMatchObject({ offers: { email: false, sms: false, whatsapp: false } });
  });
});

describe('GET /api/notifications/stop', () => {
  const stop = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/notifications/stop${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
    });
  const offersOn = {
    orders: { email: true, sms: true, whatsapp: false },
    offers: { email: true, sms: true, whatsapp: true },
  };

  it('refuses a missing, empty, huge, forged or altered token (400) and turns nothing off', async () => {
    const [a, b] = [await quickUser(ctx.app), await quickUser(ctx.app)];
    for (const who of [a, b])
      expect((await call('PUT', '/api/user/notifications', who, offersOn)).statusCode).toBe(200);
    const secret = ctx.app.deps.config.jwtSecret;
    const genuine = stopToken(secret, a.id, 'sms');
    const [, , sig] = genuine.split('.');
    const bad = [
      undefined,
      '',
      'x'.repeat(600),
      stopToken('another-secret', a.id, 'sms'),
      `${a.id}.whatsapp.${sig}`, // the signature of a's SMS link on another channel
      `${b.id}.sms.${sig}`, // …or on another shopper
      `${a.id}.sms.${sig}x`,
      `${a.id}.sms`,
      `${a.id}.pigeon.${sig}`,
      'a.b.c.d',
      `${a.id}.sms.${sig}\u0000`,
    ];
    for (const token of bad) {
      const res = await stop(token);
      expect(res.statusCode, `${token}: ${res.body}`).toBe(400);
    }
    for (const who of [a, b])
      expect((await call('GET', '/api/user/notifications', who)).json()).toMatchObject({
        offers: offersOn.offers,
      });
    // The genuine link turns off a's SMS offers only.
    expect((await stop(genuine)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/notifications', a)).json()).toMatchObject({
      offers: { email: true, sms: false, whatsapp: true },
    });
    expect((await call('GET', '/api/user/notifications', b)).json()).toMatchObject({
      offers: offersOn.offers,
    });
  });
});

describe('/api/webhooks/whatsapp', () => {
  /** A WhatsApp message in the outbox, sent and named by the provider's id. */
  async function sentMessage() {
    const providerMessageId = `wamid.${randomUUID()}`;
    const [row] = await ctx.db
      .insert(outboxMessages)
      .values({
        channel: 'whatsapp',
        kind: 'shipped',
        to: freshMobile(),
        text: 'Shipped',
        status: 'sent',
        providerMessageId,
      })
      .returning();
    return row!;
  }
  const readPayload = (id: string) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: { statuses: [{ id, status: 'read', timestamp: String(Math.floor(Date.now() / 1000)) }] },
            },
          ],
        },
      ],
    });
  const webhook = (body: string, signature?: string, contentType = 'application/json') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': contentType, ...(signature ? { 'x-hub-signature-256': signature } : {}) },
      payload: body,
    });
  const statusOf = async (id: string) =>
    (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!.status;

  it('GET: only the verify token answers the challenge; anything else 401', async () => {
    const handshake = (q: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp?${new URLSearchParams(q)}` });
    const ok = await handshake({
      'hub.mode': 'subscribe',
      'hub.verify_token': WHATSAPP_VERIFY_TOKEN,
      'hub.challenge': '42',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('42');
    const refusedQueries: Record<string, string>[] = [
      {},
      { 'hub.mode': 'subscribe', 'hub.challenge': '42' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '42' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': `${WHATSAPP_VERIFY_TOKEN}x`, 'hub.challenge': '42' },
      { 'hub.mode': 'unsubscribe', 'hub.verify_token': WHATSAPP_VERIFY_TOKEN, 'hub.challenge': '42' },
      { 'hub.mode': 'subscribe', 'hub.verify_token': WHATSAPP_VERIFY_TOKEN },
    ];
    for (const q of refusedQueries) refused(await handshake(q), 401);
    // Repeated parameters (arrays) are refused too, not a 500.
    const twice = await ctx.app.inject({
      method: 'GET',
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${WHATSAPP_VERIFY_TOKEN}&hub.verify_token=${WHATSAPP_VERIFY_TOKEN}&hub.challenge=1`,
    });
    refused(twice, 401);
  });

  it("POST: no, wrong or another body's signature: 401 and the message unchanged", async () => {
    const message = await sentMessage();
    const body = readPayload(message.providerMessageId!);
    for (const signature of [
      undefined,
      'sha256=',
      'sha256=00',
      `sha256=${'0'.repeat(64)}`,
      signBody(body, 'not-the-secret'),
      signBody(readPayload('wamid.other'), WHATSAPP_APP_SECRET),
      signBody(body).replace('sha256=', 'sha1='),
      `${signBody(body)}00`,
    ])
      refused(await webhook(body, signature), 401);
    expect(await statusOf(message.id)).toBe('sent');
    // The genuine signature moves it on (the refusals were about the signature alone).
    expect((await webhook(body, signBody(body))).statusCode).toBe(200);
    expect(await statusOf(message.id)).toBe('read');
  });

  it('POST: a validly signed body that is not JSON, or not a webhook payload: 400', async () => {
    for (const body of [
      '{"entry": [',
      'null',
      '[]',
      '{"entry": "x"}',
      '{"entry": [{"changes": [{"value": {"statuses": [{"id": 1}]}}]}]}',
      '',
    ])
      refused(await webhook(body, signBody(body)), 400);
  });

  it('POST: a signed payload with odd statuses (far-off time, NUL bytes) never answers 500', async () => {
    const message = await sentMessage();
    const status = (over: object) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            changes: [
              { value: { statuses: [{ id: message.providerMessageId, status: 'delivered', ...over }] } },
            ],
          },
        ],
      });
    for (const body of [
      status({ timestamp: '99999999999999999' }),
      status({ timestamp: 1e300 }),
      status({ timestamp: '-5' }),
      status({ id: 'wamid.\u0000x' }),
      status({ status: 'failed', errors: [{ code: 1, title: 'bad\u0000title' }] }),
    ]) {
      const res = await webhook(body, signBody(body));
      expect([200, 400], `${body}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('POST: no content type at all is refused without a 500', async () => {
    const body = readPayload('wamid.none');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'x-hub-signature-256': signBody(body) },
      payload: Buffer.from(body),
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
  });

  it('POST: a huge body is refused (413) before anything is read', async () => {
    const body = JSON.stringify({ object: 'x', entry: [], pad: 'x'.repeat(600 * 1024) });
    const res = await webhook(body, signBody(body));
    expect(res.statusCode).toBe(413);
  });

  it('POST: another content type is read as the same raw bytes (Meta signs bytes, not JSON)', async () => {
    const message = await sentMessage();
    const body = readPayload(message.providerMessageId!);
    refused(await webhook(body, signBody(`${body} `), 'text/plain'), 401);
    expect(await statusOf(message.id)).toBe('sent');
  });
});

describe('COD confirmation', () => {
  /** A COD order over COD_CONFIRM_ABOVE (Rs. 1,000), awaiting its shopper's confirmation. */
  async function awaiting(buyer?: FastAccount) {
    const shopper = buyer ?? (await quickUser(ctx.app, { mobile: freshMobile() }));
    const p = await insertProduct(ctx.db, seller.id, { pricePaise: 149_900, stock: 5 });
    const order = await placedOrder(call, ctx.app, shopper, [{ productId: p.id }]);
    expect(order.items.map((i) => i.status)).toEqual(['awaiting_confirmation']);
    return { shopper, order };
  }
  const stateOf = async (orderId: string) => {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const items = await ctx.db
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    return { confirmedAt: order!.codConfirmedAt, statuses: items.map((i) => i.status) };
  };
  const mobileOf = async (orderId: string) =>
    (await ctx.db.select({ m: orders.customerMobile }).from(orders).where(eq(orders.id, orderId)))[0]!.m!;

  describe('POST /api/orders/cod-confirm (the link)', () => {
    it.each([
      ['no token', {}],
      ['an empty token', { token: '' }],
      ['a numeric token', { token: 123 }],
      ['an array token', { token: ['a.b.c'] }],
      ['a huge token', { token: 'x'.repeat(10_000) }],
      ['a NUL byte', { token: 'a\u0000b' }],
      ['a made-up token', { token: `${randomUUID()}.zzzzzz.AAAAAAAAAAAAAAAAAAAAAA` }],
    ])('refuses %s with a 400', async (_name, body) => {
      const { order } = await awaiting();
      refused(await post('/api/orders/cod-confirm', body), 400);
      expect(await stateOf(order._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
    });

    it("a token signed elsewhere, or another order's token made to name this order: 400, unchanged", async () => {
      const [{ order: a }, { order: b }] = [await awaiting(), await awaiting()];
      const tokenA = await confirmTokenOf(ctx.app, a._id);
      const [, expires, sig] = tokenA.split('.');
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, b._id));
      for (const token of [
        `${b._id}.${expires}.${sig}`,
        codConfirmToken('not-our-secret', b._id, row!.codConfirmBy!),
        `${b._id.toUpperCase()}.${expires}.${sig}`,
      ])
        refused(await confirmByLink(ctx.app, token), 400);
      expect(await stateOf(b._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
      expect(await stateOf(a._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
    });

    it('an expired link (the deadline passed): 409, the order not confirmed', async () => {
      const { order } = await awaiting();
      const token = await confirmTokenOf(ctx.app, order._id);
      await ctx.db
        .update(orders)
        .set({ codConfirmBy: sql`now() - interval '1 minute'` })
        .where(eq(orders.id, order._id));
      refused(await confirmByLink(ctx.app, token), 409);
      expect(await stateOf(order._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
    });

    it('a link whose own deadline passed does not confirm, even if the order were given more time', async () => {
      const { order } = await awaiting();
      const token = codConfirmToken(ctx.app.deps.config.jwtSecret, order._id, new Date(Date.now() - 60_000));
      refused(await confirmByLink(ctx.app, token), 409);
      expect(await stateOf(order._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
    });
  });

  describe('POST /api/user/orders/{orderId}/cod-confirm[/request] (a code on the order page)', () => {
    const requestCode = (orderId: string, who?: FastAccount) =>
      call('POST', `/api/user/orders/${orderId}/cod-confirm/request`, who);
    const confirmCode = (orderId: string, otp: unknown, who?: FastAccount) =>
      call('POST', `/api/user/orders/${orderId}/cod-confirm`, who, { otp });

    it('without a token 401, a seller 403: no code sent, unchanged', async () => {
      const { order } = await awaiting();
      const mobile = await mobileOf(order._id);
      refused(await requestCode(order._id), 401);
      refused(await requestCode(order._id, seller), 403);
      refused(await confirmCode(order._id, '123456'), 401);
      refused(await confirmCode(order._id, '123456', seller), 403);
      expect(await codesOf(mobile)).toEqual([]);
      expect(await stateOf(order._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
    });

    it('a malformed order id: 400 or 404, nothing sent', async () => {
      const shopper = await quickUser(ctx.app, { mobile: freshMobile() });
      const before = await accountState();
      for (const id of ['not-a-uuid', '1', "1' or '1'='1", `${randomUUID()}x`, '%00']) {
        const a = await requestCode(id, shopper);
        const b = await confirmCode(id, '123456', shopper);
        for (const res of [a, b]) expect([400, 404], `${id}: ${res.body}`).toContain(res.statusCode);
      }
      refused(await requestCode(randomUUID(), shopper), 404);
      refused(await confirmCode(randomUUID(), '123456', shopper), 404);
      expect(await accountState()).toEqual(before);
    });

    it("someone else's order: 404, no code sent to its phone, unchanged", async () => {
      const { order } = await awaiting();
      const mobile = await mobileOf(order._id);
      const stranger = await quickUser(ctx.app, { mobile: freshMobile() });
      refused(await requestCode(order._id, stranger), 404);
      refused(await confirmCode(order._id, '123456', stranger), 404);
      expect(await codesOf(mobile)).toEqual([]);
      expect(await stateOf(order._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
    });

    it('bad codes: 400, unchanged', async () => {
      const { shopper, order } = await awaiting();
      expect((await requestCode(order._id, shopper)).statusCode).toBe(200);
      for (const otp of [undefined, '', '12345', '1234567', 'abcdef', 123456, ['123456'], '12\u00003456'])
        refused(await confirmCode(order._id, otp, shopper), 400);
      expect(await stateOf(order._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
    });

    it('an order that needs no confirmation (under the threshold, or prepaid): 409, no code', async () => {
      const shopper = await quickUser(ctx.app, { mobile: freshMobile() });
      const cheap = await insertProduct(ctx.db, seller.id, { pricePaise: 49_900, stock: 5 });
      const dear = await insertProduct(ctx.db, seller.id, { pricePaise: 149_900, stock: 5 });
      const cod = await placedOrder(call, ctx.app, shopper, [{ productId: cheap.id }]);
      const card = await placedOrder(call, ctx.app, shopper, [{ productId: dear.id }], 'card');
      for (const order of [cod, card]) {
        expect(order.items.every((i) => i.status !== 'awaiting_confirmation')).toBe(true);
        const before = await stateOf(order._id);
        const a = await requestCode(order._id, shopper);
        expect([404, 409], a.body).toContain(a.statusCode);
        const b = await confirmCode(order._id, '123456', shopper);
        expect([404, 409], b.body).toContain(b.statusCode);
        expect(await stateOf(order._id)).toEqual(before);
      }
      expect(await codesOf(await mobileOf(cod._id))).toEqual([]);
    });

    it('an order confirmed already, cancelled, or past its deadline: 409, no code sent', async () => {
      const { shopper, order: confirmed } = await awaiting();
      expect((await confirmByLink(ctx.app, await confirmTokenOf(ctx.app, confirmed._id))).statusCode).toBe(
        200,
      );
      const { order: cancelled } = await awaiting(shopper);
      expect(
        (await call('POST', `/api/user/orders/${cancelled.items[0]!._id}/cancel`, shopper)).statusCode,
      ).toBe(200);
      const { order: late } = await awaiting(shopper);
      await ctx.db
        .update(orders)
        .set({ codConfirmBy: sql`now() - interval '1 minute'` })
        .where(eq(orders.id, late._id));
      const mobile = await mobileOf(confirmed._id);
      for (const order of [confirmed, cancelled, late]) {
        const before = await stateOf(order._id);
        refused(await requestCode(order._id, shopper), 409);
        expect(await stateOf(order._id)).toEqual(before);
      }
      expect(await codesOf(mobile)).toEqual([]);
    });

    it("a code for one order's confirmation does not confirm another order; it still confirms its own", async () => {
      const { shopper, order: a } = await awaiting();
      const { order: b } = await awaiting(shopper);
      const mobile = await mobileOf(a._id);
      expect(await mobileOf(b._id)).toBe(mobile);
      expect((await requestCode(a._id, shopper)).statusCode).toBe(200);
      const otp = await latestCode(ctx.db, mobile);
      refused(await confirmCode(b._id, otp, shopper), 400);
      expect(await stateOf(b._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
      const ok = await confirmCode(a._id, otp, shopper);
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await stateOf(a._id)).statuses).toEqual(['pending']);
      expect(await stateOf(b._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
    });

    it('a code sent to sign in (or to prove the mobile) does not confirm an order on that mobile', async () => {
      const { shopper, order } = await awaiting();
      const mobile = await mobileOf(order._id);
      expect((await post('/api/auth/otp/request', { mobile })).statusCode).toBe(200);
      const signInCode = await latestCode(ctx.db, mobile);
      refused(await confirmCode(order._id, signInCode, shopper), 400);
      await backdateCodes(ctx.db, mobile, 60);
      expect((await post('/api/user/mobile/request', { mobile }, shopper.headers)).statusCode).toBe(200);
      const proofCode = await latestCode(ctx.db, mobile);
      refused(await confirmCode(order._id, proofCode, shopper), 400);
      expect(await stateOf(order._id)).toEqual({ confirmedAt: null, statuses: ['awaiting_confirmation'] });
      // Nor does an order's code sign anyone in.
      await backdateCodes(ctx.db, mobile, 60);
      expect((await requestCode(order._id, shopper)).statusCode).toBe(200);
      const orderCode = await latestCode(ctx.db, mobile);
      const before = await accountState();
      refused(await post('/api/auth/otp/verify', { mobile, otp: orderCode }), 400);
      expect((await accountState()).users).toBe(before.users);
    });
  });
});
