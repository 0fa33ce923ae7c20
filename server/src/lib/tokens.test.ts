import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.ts';

const SUB = '0b9f4c1e-7f3a-4a57-9a1b-3f0c2d4e5f60';

describe('session tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies a token again and again (from memory after the first time) with the same claims', async () => {
    const tokens = new TokenService('a-test-secret-that-is-long-enough-0123456789');
    const token = await tokens.sign({ sub: SUB, role: 'seller' });
    const claims = { sub: SUB, role: 'seller', issuedAtMs: expect.any(Number) };
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('keeps the issue time to the millisecond (a password change compares with it)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00.789Z'));
    const tokens = new TokenService('a-test-secret-that-is-long-enough-0123456789');
    const token = await tokens.sign({ sub: SUB, role: 'user' });
    expect((await tokens.verify(token))?.issuedAtMs).toBe(Date.parse('2026-01-01T00:00:00.789Z'));
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const tokens = new TokenService('a-test-secret-that-is-long-enough-0123456789');
    const token = await tokens.sign({ sub: SUB, role: 'user' });
    expect(await tokens.verify(token)).toMatchObject({ sub: SUB, role: 'user' });
    vi.setSystemTime(new Date('2026-01-08T00:00:01Z'));
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token signed with another secret or altered, even after the genuine one was seen', async () => {
    const tokens = new TokenService('a-test-secret-that-is-long-enough-0123456789');
    const other = new TokenService('another-secret-that-is-long-enough-9876543210');
    const genuine = await tokens.sign({ sub: SUB, role: 'user' });
    expect(await tokens.verify(genuine)).toBeDefined();
    const forged = await other.sign({ sub: SUB, role: 'admin' });
    expect(await tokens.verify(forged)).toBeUndefined();
    const [header, , signature] = genuine.split('.');
    const adminPayload = Buffer.from(JSON.stringify({ role: 'admin', sub: SUB, exp: 4e9 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${adminPayload}.${signature}`)).toBeUndefined();
  });
});
