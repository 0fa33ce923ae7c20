import { orderNumber } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeMsg91, MSG91_AUTH_KEY, MSG91_SENDER_ID } from '../../../test/fake-msg91.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { freshMobile, jobsSettled, messagesTo, shopperWithOrder } from '../../../test/message-fixtures.ts';
import { outboxMessages } from '../../db/schema.ts';
import type { OutboxMessenger } from './outbox-messenger.ts';

/**
 * SMS through MSG91 (issue 39), against a local fake of its flow API: the DLT template id, sender id
 * and number sent; a kind without a template not sent at all (India's DLT rule); retries with backoff
 * after MSG91 fails; one SMS however many deliveries of a row race. And the development provider,
 * the default with no keys: the outbox row is the delivery.
 */
const OTP_TEMPLATE = '1107161234567890001';
const PLACED_TEMPLATE = '1107161234567890002';

let msg91: FakeMsg91;
let ctx: TestContext;
let dev: TestContext;
const messenger = (c: TestContext = ctx) => c.app.deps.messenger as OutboxMessenger;

beforeAll(async () => {
  msg91 = new FakeMsg91();
  const env = await msg91.start();
  ctx = await createTestContext({
    env: { ...env, SMS_TEMPLATE_OTP: OTP_TEMPLATE, SMS_TEMPLATE_ORDER_PLACED: PLACED_TEMPLATE },
  });
  dev = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  await dev?.close();
  await msg91?.close();
});

describe('SMS through MSG91', () => {
  it('sends a one-time code with its DLT template id, the sender id and the number with 91, keeping MSG91’s id', async () => {
    const mobile = freshMobile();
    await messenger().sendCode(mobile, '482913', 'sign_in', 'en');
    // Recorded before sendCode resolved: the code is in the outbox at once.
    const [queued] = await messagesTo(ctx.db, mobile);
    expect(queued).toMatchObject({ channel: 'sms', kind: 'otp', params: ['482913'], template: OTP_TEMPLATE });
    await jobsSettled(ctx.app);

    const [request] = msg91.sentTo(mobile);
    expect(request).toMatchObject({
      authkey: MSG91_AUTH_KEY,
      body: {
        template_id: OTP_TEMPLATE,
        sender: MSG91_SENDER_ID,
        recipients: [{ mobiles: `91${mobile}`, VAR1: '482913' }],
      },
    });
    const [row] = await messagesTo(ctx.db, mobile);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null });
    expect(row!.providerMessageId).toMatch(/^[0-9a-f]{24}$/);
    expect(row!.sentAt).not.toBeNull();
  });

  it('sends an order update in the shopper’s language with the order number as its variable', async () => {
    const { mobile, orderId } = await shopperWithOrder(ctx.app, { locale: 'hi' });
    await messenger().orderUpdate({ kind: 'order_placed', orderId, dedupeKey: `order_placed:${orderId}` });
    await jobsSettled(ctx.app);
    const [row] = await messagesTo(ctx.db, mobile);
    expect(row).toMatchObject({
      kind: 'order_placed',
      locale: 'hi',
      status: 'sent',
      template: PLACED_TEMPLATE,
    });
    expect(row!.text).toContain('आपका ऑर्डर');
    expect(msg91.sentTo(mobile)[0]?.body.recipients?.[0]).toMatchObject({ VAR1: orderNumber(orderId) });
  });

  it('does not send a kind with no DLT template: the row is skipped, saying which variable is missing', async () => {
    const { mobile, orderId } = await shopperWithOrder(ctx.app);
    await messenger().orderUpdate({
      kind: 'shipped',
      orderId,
      link: 'https://track.example/1',
      dedupeKey: `shipped:${orderId}`,
    });
    await jobsSettled(ctx.app);
    const [row] = await messagesTo(ctx.db, mobile);
    expect(row).toMatchObject({
      kind: 'shipped',
      status: 'skipped',
      template: null,
      providerMessageId: null,
    });
    expect(row!.error).toContain('SMS_TEMPLATE_SHIPPED');
    expect(msg91.sentTo(mobile)).toHaveLength(0);
  });

  it('writes one message per trigger: the same dedupe key again (a retried trigger, another process) writes nothing', async () => {
    const { mobile, orderId } = await shopperWithOrder(ctx.app);
    const update = { kind: 'order_placed' as const, orderId, dedupeKey: `order_placed:${orderId}` };
    await Promise.all([messenger().orderUpdate(update), messenger().orderUpdate(update)]);
    await messenger().orderUpdate(update);
    await jobsSettled(ctx.app);
    expect(await messagesTo(ctx.db, mobile)).toHaveLength(1);
    expect(msg91.sentTo(mobile)).toHaveLength(1);
  });

  it('retries with backoff while MSG91 is down, counting attempts; the error is kept until it is sent', async () => {
    const mobile = freshMobile();
    msg91.failNext(1, 503);
    await messenger().sendCode(mobile, '111222', 'sign_in', 'en');
    await jobsSettled(ctx.app);
    const [waiting] = await messagesTo(ctx.db, mobile);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.error).toMatch(/503/);
    // The job's retry (30 s later in production) delivers it: run it now.
    await messenger().deliverRows([waiting!.id]);
    const [sent] = await messagesTo(ctx.db, mobile);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(msg91.sentTo(mobile)).toHaveLength(1);
  });

  it('marks a message MSG91 refuses (4xx) failed, without retrying it', async () => {
    const mobile = freshMobile();
    msg91.failNext(1, 400);
    await messenger().sendCode(mobile, '333444', 'sign_in', 'en');
    await jobsSettled(ctx.app);
    const [row] = await messagesTo(ctx.db, mobile);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.failedAt).not.toBeNull();
    await messenger().deliverRows([row!.id]);
    expect((await messagesTo(ctx.db, mobile))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('sends a row once when two deliveries of it race, in two processes', async () => {
    const mobile = freshMobile();
    const [row] = await ctx.db
      .insert(outboxMessages)
      .values({
        channel: 'sms',
        kind: 'otp',
        to: mobile,
        params: ['909090'],
        text: '909090 is your Vastra code.',
        template: OTP_TEMPLATE,
      })
      .returning();
    const other = await ctx.spawnSeparateApp();
    msg91.delayMs = 150;
    try {
      await Promise.all([
        messenger().deliverRows([row!.id]),
        (other.deps.messenger as OutboxMessenger).deliverRows([row!.id]),
        messenger().deliverRows([row!.id]),
      ]);
    } finally {
      msg91.delayMs = 0;
    }
    expect(msg91.sentTo(mobile)).toHaveLength(1);
    const [after] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('the development provider (no MSG91_AUTH_KEY)', () => {
  it('records the message in the outbox and marks it sent, with or without a template', async () => {
    const mobile = freshMobile();
    await messenger(dev).sendCode(mobile, '765432', 'verify_mobile', 'hi');
    await jobsSettled(dev.app);
    const [row] = await messagesTo(dev.db, mobile);
    expect(row).toMatchObject({
      channel: 'sms',
      kind: 'otp',
      params: ['765432'],
      template: null,
      status: 'sent',
      locale: 'hi',
    });
    expect(row!.text).toContain('765432 आपका Vastra कोड है');
  });
});
