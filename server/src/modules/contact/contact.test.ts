import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { contactMessages, outboxEmails } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_CONTACT_MAX: '3', SHOP_EMAIL: 'owner@vastra.test' },
  });
});
afterAll(() => ctx?.close());

let ipCounter = 10;
const freshIp = () => `10.0.0.${ipCounter++}`;

const message = (over: Record<string, unknown> = {}) => ({
  name: 'Nisha Rao',
  email: 'Nisha.Rao@Example.IN',
  subject: 'Size exchange',
  message: 'Can I exchange a kurta for a larger size?',
  ...over,
});

const send = (payload: unknown, ip = freshIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });

describe('contact form', () => {
  it('stores the message, e-mails the shop owner and answers 201', async () => {
    const subject = `Order question ${Date.now()}`;
    const res = await send(message({ subject }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: expect.stringMatching(/thank you/i) });
    const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
    expect(row).toMatchObject({
      name: 'Nisha Rao',
      email: 'nisha.rao@example.in',
      message: 'Can I exchange a kurta for a larger size?',
    });
    const mails = await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'contact'));
    const mail = mails.find((m) => m.subject.includes(subject));
    expect(mail).toMatchObject({ to: 'owner@vastra.test', subject: `Contact form: ${subject}` });
    expect(mail!.text).toContain('nisha.rao@example.in');
    expect(mail!.text).toContain('Can I exchange a kurta for a larger size?');
  });

  it.each([
    ['name', 'N', /at least 2/],
    ['name', 'n'.repeat(81), /at most 80/],
    ['email', 'not-mail', /valid email/],
    ['subject', ' ', /at least 2/],
    ['subject', 's'.repeat(151), /at most 150/],
    ['message', 'too short', /at least 10/],
    ['message', 'm'.repeat(5001), /at most 5000/],
    ['message', undefined, /required/],
  ])('rejects %s = %j with 400, storing and sending nothing', async (field, value, msg) => {
    const subject = `Invalid ${field} ${Math.random()}`;
    const payload: Record<string, unknown> = message(field === 'subject' ? {} : { subject });
    payload[field] = value;
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: field, msg: expect.stringMatching(msg) });
    const stored = await ctx.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
    expect(stored).toHaveLength(0);
  });

  it('accepts the longest allowed fields', async () => {
    const res = await send(
      message({ name: 'n'.repeat(80), subject: 's'.repeat(150), message: 'm'.repeat(5000) }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('limits messages per IP address, not for everyone', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect((await send(message({ subject: `Burst ${i}` }), ip)).statusCode).toBe(201);
    const blocked = await send(message({ subject: 'Burst blocked' }), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/Too many messages/);
    const stored = await ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, 'Burst blocked'));
    expect(stored).toHaveLength(0);
    expect((await send(message({ subject: 'Other person' }))).statusCode).toBe(201);
  });
});

describe('shop details', () => {
  it('answers the configured owner, address, e-mail, two phones and policy details', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/.netlify/functions/server/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ownerName: 'Vastra Retail Pvt. Ltd.',
      address: ctx.config.shop.address,
      email: 'owner@vastra.test',
      phones: [ctx.config.shop.phone1, ctx.config.shop.phone2],
      gstin: ctx.config.shop.gstin,
      grievanceOfficer: { name: ctx.config.shop.grievanceOfficer, email: 'owner@vastra.test' },
      jurisdiction: 'Bengaluru, Karnataka',
      gstPercent: 18,
      returnWindowDays: expect.any(Number),
      refundDays: expect.any(Number),
    });
  });

  it('follows the environment', async () => {
    const other = await createTestContext({
      env: {
        SHOP_OWNER_NAME: 'Kala Kendra LLP',
        SHOP_PHONE_2: '+91 99000 11111',
        SHOP_JURISDICTION: 'Jaipur',
      },
    });
    try {
      const body = (await other.app.inject({ method: 'GET', url: '/api/site' })).json();
      expect(body.ownerName).toBe('Kala Kendra LLP');
      expect(body.phones[1]).toBe('+91 99000 11111');
      expect(body.jurisdiction).toBe('Jaipur');
    } finally {
      await other.close();
    }
  });
});
