import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, registerSeller, registerUser, sellerFields, userFields } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { outboxEmails, sellers, users } from '../../db/schema.ts';
import { cancellationMail, orderConfirmationMail, shipmentMail } from '../mail/index.ts';
import { afterAnswerSettled } from './after-answer.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const setLocale = (token: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user/locale',
    headers: token ? auth(token) : {},
    payload: payload as object,
  });
const localeOf = async (id: string) =>
  (await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;
const mailsTo = (to: string, kind: string) =>
  ctx.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to), eq(outboxEmails.kind, kind)));

describe("the shopper's language (issue 21)", () => {
  it('is English for a new shopper and follows PUT /api/user/locale', async () => {
    const user = await registerUser(ctx.app);
    expect(await localeOf(user.id)).toBe('en');
    const res = await setLocale(user.token, { locale: 'hi' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, locale: 'hi' });
    expect(await localeOf(user.id)).toBe('hi');
    expect((await setLocale(user.token, { locale: 'en' })).json()).toEqual({ success: true, locale: 'en' });
    expect(await localeOf(user.id)).toBe('en');
  });

  it('refuses another language with a 400 naming the field, and anyone not a shopper', async () => {
    const user = await registerUser(ctx.app);
    const bad = await setLocale(user.token, { locale: 'fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      error: expect.any(String),
      errors: [{ msg: expect.any(String), path: 'locale' }],
    });
    expect((await setLocale(undefined, { locale: 'hi' })).statusCode).toBe(401);
    const seller = await registerSeller(ctx.app);
    expect((await setLocale(seller.token, { locale: 'hi' })).statusCode).toBe(403);
    expect(await localeOf(user.id)).toBe('en');
  });

  it('takes the language the shopper signed up in (lang cookie) and mails them in it', async () => {
    const fields = userFields();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/user/register',
      payload: fields,
      headers: { cookie: 'theme=dark; lang=hi' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, fields.email));
    expect(row?.locale).toBe('hi');
    const [welcome] = await mailsTo(fields.email, 'email_verification');
    expect(welcome?.subject).toBe('वस्त्र के लिए अपना ई-मेल पता पुष्टि करें');
    expect(welcome?.text).toContain(`नमस्ते ${fields.fullName},`);
    expect(welcome?.text).toMatch(/\/verify-email\?token=/);
  });

  it('is a seller’s too: the sign-up’s lang cookie, then PUT /api/seller/locale, for their e-mails', async () => {
    const fields = sellerFields();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/seller/register',
      payload: fields,
      headers: { cookie: 'lang=hi' },
    });
    expect(res.statusCode).toBe(200);
    const sellerLocale = async () =>
      (
        await ctx.db.select({ locale: sellers.locale }).from(sellers).where(eq(sellers.email, fields.email))
      )[0]?.locale;
    expect(await sellerLocale()).toBe('hi');
    const [welcome] = await mailsTo(fields.email, 'email_verification');
    expect(welcome?.subject).toBe('वस्त्र के लिए अपना ई-मेल पता पुष्टि करें');
    const token = res.json().authToken as string;
    const put = (as: string | undefined, payload: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/seller/locale',
        headers: as ? auth(as) : {},
        payload: payload as object,
      });
    expect((await put(token, { locale: 'en' })).json()).toEqual({ success: true, locale: 'en' });
    expect(await sellerLocale()).toBe('en');
    expect((await put(token, { locale: 'fr' })).statusCode).toBe(400);
    expect((await put(undefined, { locale: 'hi' })).statusCode).toBe(401);
    expect((await put((await registerUser(ctx.app)).token, { locale: 'hi' })).statusCode).toBe(403);
    expect(await sellerLocale()).toBe('en');
    // Without a cookie, English.
    const plain = await registerSeller(ctx.app);
    const [row] = await ctx.db
      .select({ locale: sellers.locale })
      .from(sellers)
      .where(eq(sellers.id, plain.id));
    expect(row?.locale).toBe('en');
  });

  it('sends the password reset link in Hindi to a Hindi shopper, in English to others', async () => {
    const hindi = await registerUser(ctx.app);
    await setLocale(hindi.token, { locale: 'hi' });
    const english = await registerUser(ctx.app);
    for (const u of [hindi, english]) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/user/forgot-password',
        payload: { email: u.email },
      });
    }
    await afterAnswerSettled();
    const [hi] = await mailsTo(hindi.email, 'password_reset');
    const [en] = await mailsTo(english.email, 'password_reset');
    expect(hi?.subject).toBe('अपना वस्त्र पासवर्ड रीसेट करें');
    expect(hi?.text).toMatch(/\/reset-password\?token=[\w-]+&role=user/);
    expect(en?.subject).toBe('Reset your Vastra password');
  });
});

describe('order e-mails in Hindi', () => {
  const order = {
    id: '0b5e7c1a-1111-4a2b-9c3d-123456789abc',
    customerName: 'आशा वर्मा',
    customerEmail: 'asha@example.in',
    paymentMethod: 'cod' as const,
    address: '14 Residency Road, Pune, Maharashtra 411001',
    subtotalPaise: 100000,
    gstPaise: 18000,
    totalPaise: 118000,
    items: [{ name: 'Kurta (M, Indigo)', quantity: 1, amountPaise: 100000 }],
  };

  it('confirms an order with hi-IN prices; English stays as it was', () => {
    const hi = orderConfirmationMail({ ...order, customerLocale: 'hi' });
    expect(hi.subject).toMatch(/^आपका वस्त्र ऑर्डर .+ पक्का हो गया है$/);
    expect(hi.text).toContain('कुल: ₹1,180.00');
    expect(hi.text).toContain('भुगतान: डिलीवरी पर नकद');
    expect(hi.text).toContain('Kurta (M, Indigo) × 1'); // product data stays as the seller wrote it
    const en = orderConfirmationMail(order);
    expect(en.text).toContain('Total: Rs. 1,180.00');
    expect(en.text).toContain('Payment: Cash On Delivery');
  });

  it('tells of a shipment and a cancellation in Hindi', () => {
    const item = order.items[0]!;
    expect(shipmentMail('a@b.in', 'आशा', order.id, item, 'hi').text).toContain('रास्ते में है');
    const cancelled = cancellationMail({
      orderNumber: 'VS-1',
      customerName: 'आशा',
      customerEmail: 'a@b.in',
      sellerEmail: 's@b.in',
      item,
      by: 'customer',
      paymentMethod: 'stripe',
      refundPaise: 118000,
      customerLocale: 'hi',
    });
    expect(cancelled.subject).toBe('रद्द: आपके वस्त्र ऑर्डर VS-1 से Kurta (M, Indigo)');
    expect(cancelled.text).toContain('₹1,180.00 का रिफ़ंड आपके कार्ड पर कर दिया गया है');
    expect(cancelled.html).toContain('आपके कहने पर');
  });
});
