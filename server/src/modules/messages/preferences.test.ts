import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { freshMobile, jobsSettled, messagesTo } from '../../../test/message-fixtures.ts';
import { callerOf, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { notificationPrefs } from '../../db/schema.ts';
import type { OutboxMessenger } from './outbox-messenger.ts';

/**
 * A shopper's notification choices (issue 39): order updates on by e-mail and SMS, WhatsApp and
 * every offer off until turned on; strict input; each offer carries a link that turns offers off.
 */
let ctx: TestContext;
const call = callerOf(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://vastra.example' } });
});
afterAll(() => ctx?.close());

const ALL_ON = {
  orders: { email: true, sms: true, whatsapp: true },
  offers: { email: true, sms: true, whatsapp: true },
};

describe('GET and PUT /api/user/notifications', () => {
  it('answers the defaults before any choice: orders by e-mail and SMS, offers on no channel', async () => {
    const shopper = await quickUser(ctx.app);
    const res = await call('GET', '/api/user/notifications', shopper);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      orders: { email: true, sms: true, whatsapp: false },
      offers: { email: false, sms: false, whatsapp: false },
    });
  });

  it('stores the six choices and answers them; they are read back and can change again', async () => {
    const shopper = await quickUser(ctx.app);
    const chosen = {
      orders: { email: false, sms: true, whatsapp: true },
      offers: { email: true, sms: false, whatsapp: false },
    };
    const put = await call('PUT', '/api/user/notifications', shopper, chosen);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ success: true, ...chosen });
    expect((await call('GET', '/api/user/notifications', shopper)).json()).toEqual({
      success: true,
      ...chosen,
    });
    const [row] = await ctx.db
      .select()
      .from(notificationPrefs)
      .where(eq(notificationPrefs.userId, shopper.id));
    expect(row).toMatchObject({
      ordersEmail: false,
      ordersWhatsapp: true,
      offersEmail: true,
      offersSms: false,
    });

    const again = await call('PUT', '/api/user/notifications', shopper, ALL_ON);
    expect(again.json()).toEqual({ success: true, ...ALL_ON });
  });

  it('refuses anything but six booleans with 400, changing nothing', async () => {
    const shopper = await quickUser(ctx.app);
    for (const body of [
      { orders: { email: 'yes', sms: true, whatsapp: false }, offers: ALL_ON.offers },
      { orders: { email: 1, sms: true, whatsapp: false }, offers: ALL_ON.offers },
      { orders: ALL_ON.orders },
      { orders: { email: true, sms: true }, offers: ALL_ON.offers },
      { ...ALL_ON, orders: { ...ALL_ON.orders, push: true } },
      { ...ALL_ON, marketing: true },
    ]) {
      const res = await call('PUT', '/api/user/notifications', shopper, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const raw = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/notifications',
      headers: { ...shopper.headers, 'content-type': 'application/json' },
      payload: '[true]',
    });
    expect(raw.statusCode).toBe(400);
    const rows = await ctx.db
      .select()
      .from(notificationPrefs)
      .where(eq(notificationPrefs.userId, shopper.id));
    expect(rows).toEqual([]);
  });

  it('is the signed-in shopper’s own: 401 without a token, 403 for a seller', async () => {
    expect((await call('GET', '/api/user/notifications')).statusCode).toBe(401);
    expect((await call('PUT', '/api/user/notifications', undefined, ALL_ON)).statusCode).toBe(401);
    const seller = await quickSeller(ctx.app);
    expect((await call('GET', '/api/user/notifications', seller)).statusCode).toBe(403);
  });
});

describe('offers', () => {
  const offer = (userId: string, key: string) =>
    (ctx.app.deps.messenger as OutboxMessenger).offer({
      userId,
      offer: '20% off silk sarees till Sunday.',
      link: 'https://vastra.example/offers',
      dedupeKey: key,
    });

  it('are not sent to a shopper who never turned them on', async () => {
    const mobile = freshMobile();
    const shopper = await quickUser(ctx.app, { mobile });
    await offer(shopper.id, `offer:1:${shopper.id}`);
    await jobsSettled(ctx.app);
    expect(await messagesTo(ctx.db, mobile)).toEqual([]);
  });

  it('carry a stop link that turns offers off on that channel, without signing in', async () => {
    const mobile = freshMobile();
    const shopper = await quickUser(ctx.app, { mobile, locale: 'hi' });
    await call('PUT', '/api/user/notifications', shopper, ALL_ON);
    await offer(shopper.id, `offer:2:${shopper.id}`);
    await jobsSettled(ctx.app);
    const [row] = await messagesTo(ctx.db, mobile);
    // WhatsApp is not configured here: the offer goes by SMS, the channel it names to stop.
    expect(row).toMatchObject({ channel: 'sms', kind: 'offer', status: 'sent' });
    expect(row!.text).toContain('STOP');
    const link = row!.text.match(/https:\/\/vastra\.example\/api\/notifications\/stop\?token=\S+/)?.[0];
    expect(link, row!.text).toBeDefined();

    const stop = await ctx.app.inject({ method: 'GET', url: link!.replace('https://vastra.example', '') });
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toContain('Offers by SMS are off');
    const now = (await call('GET', '/api/user/notifications', shopper)).json();
    expect(now.offers).toEqual({ email: true, sms: false, whatsapp: true });
    expect(now.orders).toEqual(ALL_ON.orders);

    await offer(shopper.id, `offer:3:${shopper.id}`);
    await jobsSettled(ctx.app);
    expect(await messagesTo(ctx.db, mobile)).toHaveLength(1);
  });

  it('refuse a stop link whose signature is not the shop’s (400), turning nothing off', async () => {
    const shopper = await quickUser(ctx.app);
    await call('PUT', '/api/user/notifications', shopper, ALL_ON);
    for (const token of [`${shopper.id}.sms.forged`, `${shopper.id}.sms`, 'x', `${shopper.id}.fax.abc`]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/notifications/stop?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode, token).toBe(400);
    }
    expect((await call('GET', '/api/user/notifications', shopper)).json().offers).toEqual(ALL_ON.offers);
  });
});
