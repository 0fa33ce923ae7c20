import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, testConfig } from '../../test/harness.ts';
import { type App, buildApp } from '../app.ts';
import { ConfigError } from '../config.ts';
import { contactMessages } from '../db/schema.ts';

/**
 * Per-IP limits are keyed on the client's address. X-Forwarded-For names it only when the request
 * comes through a proxy that TRUST_PROXY trusts; from anyone else it is a forgery (DESIGN §5).
 * Each app here has its own limiter and shares one database.
 */
let ctx: TestContext;
const apps: App[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await ctx?.close();
});

/** Login allows 5 × RATE_LIMIT_AUTH_MAX attempts per IP; contact RATE_LIMIT_CONTACT_MAX messages. */
async function appWith(env: Record<string, string>) {
  const app = await buildApp({
    config: testConfig({ RATE_LIMIT_AUTH_MAX: '1', RATE_LIMIT_CONTACT_MAX: '2', ...env }),
    database: ctx.database,
  });
  apps.push(app);
  return app;
}

/** A failed login for a fresh e-mail each time, so only the per-IP limit can stop it. */
const login = (app: App, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/user/login',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: `nobody.${randomBytes(4).toString('hex')}@example.in`, password: 'guess-guess' },
  });

/** Uses up the 5 login attempts of one client, checking each was allowed. */
async function exhaustLogins(app: App, remoteAddress: string, forwardedFor?: string) {
  for (let i = 0; i < 5; i++) expect((await login(app, remoteAddress, forwardedFor)).statusCode).toBe(401);
  expect((await login(app, remoteAddress, forwardedFor)).statusCode).toBe(429);
}

const forged = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;

describe('the client address with TRUST_PROXY unset', () => {
  it('is the socket peer: a forged X-Forwarded-For gives no fresh login attempts', async () => {
    const app = await appWith({});
    await exhaustLogins(app, '203.0.113.7');
    for (let i = 0; i < 3; i++) {
      const res = await login(app, '203.0.113.7', forged());
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatch(/Too many attempts/);
    }
    // Someone else is not limited.
    expect((await login(app, '203.0.113.8')).statusCode).toBe(401);
  });

  it('is the socket peer for the contact form too, which then stores nothing', async () => {
    const app = await appWith({});
    const send = (subject: string, forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '203.0.113.20',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { name: 'Nisha Rao', email: 'nisha@example.in', subject, message: 'Is this in stock?' },
      });
    const tag = randomBytes(4).toString('hex');
    expect((await send(`First ${tag}`, forged())).statusCode).toBe(201);
    expect((await send(`Second ${tag}`, forged())).statusCode).toBe(201);
    const blocked = await send(`Third ${tag}`, forged());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Too many messages/);
    const third = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, `Third ${tag}`));
    expect(third).toHaveLength(0);
  });
});

describe('the client address behind a trusted proxy', () => {
  it('is the forwarded one when the request comes from a proxy TRUST_PROXY lists', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' });
    await exhaustLogins(app, '10.0.0.1', '198.51.100.50');
    // Another customer behind the same proxy, here through the other listed range, is not limited.
    expect((await login(app, '10.1.4.2', '198.51.100.51')).statusCode).toBe(401);
    // The limited customer stays limited through either proxy.
    expect((await login(app, '10.1.4.2', '198.51.100.50')).statusCode).toBe(429);
    // A client that is not a listed proxy cannot borrow (or escape) an address by naming it.
    await exhaustLogins(app, '203.0.113.30', forged());
    expect((await login(app, '203.0.113.30', forged())).statusCode).toBe(429);
  });

  it('with a hop count, is the address the nearest proxy saw, not what the client wrote before it', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    // The proxy appends the address it saw; whatever the client put first is not believed.
    await exhaustLogins(app, '10.0.0.1', `${forged()}, 198.51.100.60`);
    expect((await login(app, '10.0.0.1', `${forged()}, 198.51.100.60`)).statusCode).toBe(429);
    expect((await login(app, '10.0.0.1', `${forged()}, 198.51.100.61`)).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses a value that is not a hop count or a list of addresses, instead of guessing', () => {
    for (const value of ['yes', '10.0.0.1/40', '10.0.0.300', 'proxy.internal', '1.5'])
      expect(() => testConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    expect(testConfig({}).trustProxy).toBe(false);
    expect(testConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(testConfig({ TRUST_PROXY: 'loopback, ::1, 172.16.0.0/12' }).trustProxy).toEqual([
      'loopback',
      '::1',
      '172.16.0.0/12',
    ]);
  });
});
