import { orderNumber } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeMsg91 } from '../../../test/fake-msg91.ts';
import {
  FakeWhatsApp,
  signBody,
  statusWebhook,
  WHATSAPP_PHONE_NUMBER_ID,
  WHATSAPP_TOKEN,
  WHATSAPP_VERIFY_TOKEN,
} from '../../../test/fake-whatsapp.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { jobsSettled, messagesTo, shopperWithOrder } from '../../../test/message-fixtures.ts';
import { outboxMessages } from '../../db/schema.ts';

/**
 * WhatsApp order updates (issue 39) against local fakes of the Cloud API and MSG91: only to shoppers
 * who opted in, SMS otherwise (unless order SMS is off); a WhatsApp message that fails goes by SMS
 * once; the webhook's signature over the raw body, its handshake, and statuses recorded once and
 * forward only.
 */
const ORDERS_ON = { email: true, sms: true, whatsapp: true };
const OFFERS_OFF = { email: false, sms: false, whatsapp: false };

let whatsapp: FakeWhatsApp;
let msg91: FakeMsg91;
let ctx: TestContext;

beforeAll(async () => {
  whatsapp = new FakeWhatsApp();
  msg91 = new FakeMsg91();
  const env = { ...(await whatsapp.start()), ...(await msg91.start()) };
  ctx = await createTestContext({
    env: {
      ...env,
      WHATSAPP_TEMPLATE_SHIPPED: 'order_shipped_v2',
      WHATSAPP_TEMPLATE_DELIVERED: 'order_delivered',
      SMS_TEMPLATE_SHIPPED: '1107161234567890003',
      SMS_TEMPLATE_DELIVERED: '1107161234567890004',
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await whatsapp?.close();
  await msg91?.close();
});

const shipped = (orderId: string) =>
  ctx.app.deps.messenger.orderUpdate({
    kind: 'shipped',
    orderId,
    link: 'https://track.example/AWB1',
    dedupeKey: `shipped:${orderId}`,
  });

const postWebhook = (body: string, signature?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    payload: body,
  });

/** A shopper who opted in to WhatsApp, sent a `shipped` message that the Cloud API took. */
async function sentOnWhatsApp() {
  const made = await shopperWithOrder(ctx.app, { prefs: { orders: ORDERS_ON, offers: OFFERS_OFF } });
  await shipped(made.orderId);
  await jobsSettled(ctx.app);
  const [row] = await messagesTo(ctx.db, made.mobile);
  expect(row).toMatchObject({ channel: 'whatsapp', status: 'sent' });
  return { ...made, row: row! };
}

const rowById = async (id: string) =>
  (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

describe('whom WhatsApp goes to', () => {
  it('sends the approved template in the shopper’s language to one who opted in, keeping messages[0].id', async () => {
    const { mobile, orderId } = await shopperWithOrder(ctx.app, {
      locale: 'hi',
      prefs: { orders: ORDERS_ON, offers: OFFERS_OFF },
    });
    await shipped(orderId);
    await jobsSettled(ctx.app);
    const [request] = whatsapp.sentTo(mobile);
    expect(request).toMatchObject({
      path: `/v21.0/${WHATSAPP_PHONE_NUMBER_ID}/messages`,
      authorization: `Bearer ${WHATSAPP_TOKEN}`,
      body: {
        messaging_product: 'whatsapp',
        to: `91${mobile}`,
        type: 'template',
        template: {
          name: 'order_shipped_v2',
          language: { code: 'hi' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: orderNumber(orderId) },
                { type: 'text', text: 'https://track.example/AWB1' },
              ],
            },
          ],
        },
      },
    });
    const rows = await messagesTo(ctx.db, mobile);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'whatsapp', status: 'sent', providerMessageId: request!.id });
    expect(msg91.sentTo(mobile)).toHaveLength(0);
  });

  it('sends no WhatsApp without the opt-in (the default): SMS instead', async () => {
    const { mobile, orderId } = await shopperWithOrder(ctx.app);
    await shipped(orderId);
    await jobsSettled(ctx.app);
    expect(whatsapp.sentTo(mobile)).toHaveLength(0);
    expect(await messagesTo(ctx.db, mobile)).toMatchObject([{ channel: 'sms', status: 'sent' }]);
    expect(msg91.sentTo(mobile)).toHaveLength(1);
  });

  it('sends no update to a shopper who turned order SMS off and did not opt in to WhatsApp', async () => {
    const { mobile, orderId } = await shopperWithOrder(ctx.app, {
      prefs: { orders: { email: true, sms: false, whatsapp: false }, offers: OFFERS_OFF },
    });
    await shipped(orderId);
    await jobsSettled(ctx.app);
    expect(await messagesTo(ctx.db, mobile)).toEqual([]);
    expect(msg91.sentTo(mobile)).toHaveLength(0);
    // A COD order's confirmation link is a step the order waits on, not news: it still goes.
    await ctx.app.deps.messenger.orderUpdate({
      kind: 'cod_confirm',
      orderId,
      link: 'https://vastra.example/orders/confirm?token=t',
      dedupeKey: `cod_confirm:${orderId}`,
    });
    await jobsSettled(ctx.app);
    expect(await messagesTo(ctx.db, mobile)).toMatchObject([{ channel: 'sms', kind: 'cod_confirm' }]);
  });

  it('goes by SMS for a kind with no approved WhatsApp template', async () => {
    const { mobile, orderId } = await shopperWithOrder(ctx.app, {
      prefs: { orders: ORDERS_ON, offers: OFFERS_OFF },
    });
    await ctx.app.deps.messenger.orderUpdate({
      kind: 'out_for_delivery',
      orderId,
      dedupeKey: `out_for_delivery:${orderId}`,
    });
    await jobsSettled(ctx.app);
    expect(whatsapp.sentTo(mobile)).toHaveLength(0);
    expect((await messagesTo(ctx.db, mobile))[0]).toMatchObject({ channel: 'sms', kind: 'out_for_delivery' });
  });
});

describe('a WhatsApp message that fails', () => {
  it('goes by SMS once when the Cloud API answers 500: the WhatsApp row failed and names its SMS', async () => {
    const { mobile, orderId } = await shopperWithOrder(ctx.app, {
      prefs: { orders: ORDERS_ON, offers: OFFERS_OFF },
    });
    whatsapp.failNext(1, 500);
    await shipped(orderId);
    await jobsSettled(ctx.app);
    const [wa, sms] = await messagesTo(ctx.db, mobile);
    expect(wa).toMatchObject({ channel: 'whatsapp', status: 'failed', fallbackId: sms!.id });
    expect(wa!.error).toMatch(/500/);
    expect(sms).toMatchObject({ channel: 'sms', kind: 'shipped', status: 'sent', params: wa!.params });
    expect(msg91.sentTo(mobile)).toHaveLength(1);
  });

  it('goes by SMS once when the webhook reports it failed, however often the webhook says so', async () => {
    const { mobile, row } = await sentOnWhatsApp();
    const failed = statusWebhook([
      {
        id: row.providerMessageId!,
        status: 'failed',
        errors: [{ code: 131026, title: 'Message undeliverable' }],
      },
    ]);
    for (let i = 0; i < 3; i++) {
      const res = await postWebhook(failed.body, failed.signature);
      expect(res.statusCode, res.body).toBe(200);
    }
    await jobsSettled(ctx.app);
    const [wa, sms, more] = await messagesTo(ctx.db, mobile);
    expect(more).toBeUndefined();
    expect(wa).toMatchObject({ status: 'failed', fallbackId: sms!.id, error: 'Message undeliverable' });
    expect(wa!.failedAt).not.toBeNull();
    expect(sms).toMatchObject({ channel: 'sms', status: 'sent' });
    expect(msg91.sentTo(mobile)).toHaveLength(1);
  });
});

describe('the WhatsApp webhook', () => {
  it('records delivered then read, with their times; a replay and a late "delivered" change nothing', async () => {
    const { row } = await sentOnWhatsApp();
    const id = row.providerMessageId!;
    const delivered = statusWebhook([{ id, status: 'delivered', timestamp: 1_790_000_000 }]);
    expect((await postWebhook(delivered.body, delivered.signature)).statusCode).toBe(200);
    expect(await rowById(row.id)).toMatchObject({
      status: 'delivered',
      deliveredAt: new Date(1_790_000_000_000),
      readAt: null,
    });

    const read = statusWebhook([{ id, status: 'read', timestamp: 1_790_000_060 }]);
    expect((await postWebhook(read.body, read.signature)).statusCode).toBe(200);
    const afterRead = await rowById(row.id);
    expect(afterRead).toMatchObject({ status: 'read', readAt: new Date(1_790_000_060_000) });

    const late = statusWebhook([{ id, status: 'delivered', timestamp: 1_790_000_090 }]);
    for (const again of [read, late, delivered])
      expect((await postWebhook(again.body, again.signature)).statusCode).toBe(200);
    const final = await rowById(row.id);
    expect(final).toMatchObject({
      status: 'read',
      deliveredAt: new Date(1_790_000_000_000),
      readAt: new Date(1_790_000_060_000),
      fallbackId: null,
    });
  });

  it('answers 401 to a missing or wrong signature, and records nothing', async () => {
    const { row } = await sentOnWhatsApp();
    const genuine = statusWebhook([{ id: row.providerMessageId!, status: 'read' }]);
    const forged = statusWebhook([{ id: row.providerMessageId!, status: 'read' }], 'not-the-secret');
    const tampered = genuine.body.replace('"read"', '"failed"');
    for (const [body, signature] of [
      [genuine.body, undefined],
      [forged.body, forged.signature],
      [tampered, genuine.signature],
      [genuine.body, genuine.signature.replace('sha256=', '')],
      [genuine.body, 'sha256=abc'],
    ] as const) {
      const res = await postWebhook(body, signature);
      expect(res.statusCode, `${signature}`).toBe(401);
    }
    expect(await rowById(row.id)).toMatchObject({ status: 'sent', readAt: null });
  });

  it('answers 200 to a signed status of a message the shop never sent', async () => {
    const unknown = statusWebhook([{ id: 'wamid.not-ours', status: 'delivered' }]);
    expect((await postWebhook(unknown.body, unknown.signature)).statusCode).toBe(200);
  });

  it('answers a signed body that is not a webhook payload with 400', async () => {
    for (const body of ['{"entry": "nope"}', 'not json'])
      expect((await postWebhook(body, signBody(body))).statusCode).toBe(400);
  });

  it('answers Meta’s handshake with the challenge for our verify token only', async () => {
    const verify = (token: string, mode = 'subscribe') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/webhooks/whatsapp?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`,
      });
    const ok = await verify(WHATSAPP_VERIFY_TOKEN);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect((await verify('wrong-token')).statusCode).toBe(401);
    expect((await verify(WHATSAPP_VERIFY_TOKEN, 'unsubscribe')).statusCode).toBe(401);
  });
});

describe('without WhatsApp configured', () => {
  it('answers 401 to every webhook call (no secret to check a signature with)', async () => {
    const plain = await createTestContext();
    try {
      const { body, signature } = statusWebhook([{ id: 'wamid.x', status: 'read' }]);
      const post = await plain.app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        payload: body,
      });
      expect(post.statusCode).toBe(401);
      const get = await plain.app.inject({
        method: 'GET',
        url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=&hub.challenge=1',
      });
      expect(get.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
