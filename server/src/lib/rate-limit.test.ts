import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, logLines, type TestContext } from '../../test/harness.ts';
import type { App } from '../app.ts';

/** Five login attempts for one e-mail; the limit is RATE_LIMIT_AUTH_MAX = 3 per e-mail. */
async function attempts(apps: App[], email: string, n = 5): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await apps[i % apps.length]!.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email, password: 'guess-guess' },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

const freshEmail = () => `target-${randomBytes(6).toString('hex')}@example.in`;

describe('rate limits with Redis unreachable (ADR 016)', () => {
  let ctx: TestContext;
  const logged = logLines();
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    ctx = await createTestContext({
      env: { RATE_LIMIT_AUTH_MAX: '3', REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'error' },
      logStream: logged.stream,
    });
  });
  afterAll(() => ctx?.close());

  it('still limits, counting in this process, and says so in the log once', async () => {
    expect(await attempts([ctx.app], freshEmail())).toEqual([401, 401, 401, 429, 429]);
    expect(await attempts([ctx.app], freshEmail(), 2)).toEqual([401, 401]);
    const lines = logged
      .text()
      .split('\n')
      .filter((l) => l.includes('rate limits: Redis unreachable'));
    expect(lines).toHaveLength(1);
  });

  it('is not ready, and names Redis', async () => {
    const res = await ctx.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      status: 'not_ready',
      checks: { database: 'ok', redis: 'unreachable' },
    });
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('rate limits in Redis (TEST_REDIS_URL)', () => {
  let one: TestContext;
  let two: TestContext;
  beforeAll(async () => {
    const env = { RATE_LIMIT_AUTH_MAX: '3', REDIS_URL: process.env.TEST_REDIS_URL! };
    one = await createTestContext({ env });
    two = await createTestContext({ env });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('counts the attempts of every process together', async () => {
    // Alternating between two apps (two processes' worth of memory): the fourth attempt is refused.
    expect(await attempts([one.app, two.app], freshEmail())).toEqual([401, 401, 401, 429, 429]);
  });

  it('is ready with Redis answering', async () => {
    const res = await one.app.inject({ url: '/api/ready' });
    expect(res.json().checks).toMatchObject({ redis: 'ok' });
  });
});
