import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createAdmin,
  insertProduct,
  registerSeller,
  registerUser,
  sellerFields,
  userFields,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { cartItems, orders, users } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const noHashIn = (body: string) => {
  expect(body).not.toMatch(/argon2/);
  // `hasPassword` (a boolean: whether there is one, issue 39) is the only mention allowed.
  expect(body.toLowerCase().replace(/"haspassword":(true|false)/g, '')).not.toContain('password');
};

describe('user registration', () => {
  it('answers a token and the full name, and stores a normalised, hashed account', async () => {
    const fields = userFields({ email: 'Mixed.Case@Example.IN', mobile: '+91 98765-43210' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/user/register', payload: fields });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, authToken: expect.any(String), userFullName: 'Asha Verma' });
    noHashIn(res.body);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'mixed.case@example.in'));
    expect(row?.mobile).toBe('9876543210');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a duplicate e-mail with 409, whatever its case', async () => {
    const first = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/user/register',
      payload: userFields({ email: first.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/already exists/);
    expect(res.json().errors[0].msg).toBe(res.json().error);
  });

  it.each([
    ['email', 'not-an-email', /valid email/],
    ['password', 'short', /at least 8/],
    ['fullName', 'A', /at least 2/],
    ['fullName', 'x'.repeat(81), /at most 80/],
    ['mobile', '12345', /mobile/],
    ['mobile', '5876543210', /mobile/],
    ['postalCode', '011001', /PIN/],
    ['postalCode', '41100', /PIN/],
    ['city', '  ', /City/],
    ['state', '', /State/],
    ['address', '', /Address/],
  ])('rejects %s = %j with a clear message and stores nothing', async (field, value, message) => {
    const fields = userFields({ [field]: value });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/user/register', payload: fields });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.errors[0]).toMatchObject({ msg: expect.stringMatching(message), path: field });
    expect(body.error).toBe(body.errors[0].msg);
    const rows = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, String(fields.email).toLowerCase()));
    expect(rows).toHaveLength(0);
  });

  it('accepts mobile numbers written with 0 or 91 in front', async () => {
    for (const mobile of ['09876543210', '919876543210', 9876543210]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/user/register',
        payload: userFields({ mobile }),
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('lists every problem when several fields are wrong', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/user/register',
      payload: { email: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.length).toBeGreaterThan(3);
  });

  it('answers 400, not 500, to a body that is not a JSON object', async () => {
    for (const payload of ['[1,2]', '"text"', '{bad json']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/user/register',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('user login and profile', () => {
  it('logs in with the right password and answers success, authToken, userFullName', async () => {
    const user = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, authToken: expect.any(String), userFullName: user.fullName });
  });

  it('answers 401 Invalid Credentials for a wrong password or an unknown e-mail', async () => {
    const user = await registerUser(ctx.app);
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: 'nobody@example.in', password: 'whatever-123' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/user/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: 'Invalid Credentials' });
    }
  });

  it('answers the profile as a list whose first item is the user, without a hash', async () => {
    const user = await registerUser(ctx.app);
    const res = await ctx.app.inject({ url: '/api/auth/user/get-user-profile', headers: auth(user.token) });
    expect(res.statusCode).toBe(200);
    const [profile] = res.json();
    expect(profile).toMatchObject({
      _id: user.id,
      fullName: user.fullName,
      email: user.email,
      mobile: '9876543210',
      city: 'Pune',
      postalCode: '411001',
    });
    noHashIn(res.body);
  });

  it('updates the profile and answers updatedProfile', async () => {
    const user = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: auth(user.token),
      payload: { fullName: 'Asha V. Kulkarni', mobile: '0 9123456789', address: '2 FC Road', state: 'Goa' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(res.json().updatedProfile[0]).toMatchObject({
      fullName: 'Asha V. Kulkarni',
      mobile: '9123456789',
      state: 'Goa',
    });
    noHashIn(res.body);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.address).toBe('2 FC Road');
  });

  it('refuses a profile update to another account e-mail and changes nothing', async () => {
    const a = await registerUser(ctx.app);
    const b = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: auth(a.token),
      payload: { email: b.email, fullName: 'Changed Name' },
    });
    expect(res.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, a.id));
    expect(row?.fullName).toBe(a.fullName);
  });
});

describe('tokens and roles', () => {
  it('answers 401 without a token and stops there', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      payload: { fullName: 'x' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('You Must Login First');
  });

  it('answers 401 for a forged or expired token', async () => {
    const user = await registerUser(ctx.app);
    const forged = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret'));
    const expired = await new SignJWT({ role: 'user' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    for (const token of [forged, expired, 'garbage', `${user.token}x`]) {
      const res = await ctx.app.inject({ url: '/api/auth/user/get-user-profile', headers: auth(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json().success).toBe(false);
    }
  });

  it('refuses a token of another role with 403', async () => {
    const seller = await registerSeller(ctx.app);
    const user = await registerUser(ctx.app);
    const admin = await createAdmin(ctx.app, ctx.db);
    const asSeller = await ctx.app.inject({
      url: '/api/auth/user/get-user-profile',
      headers: auth(seller.token),
    });
    expect(asSeller.statusCode).toBe(403);
    expect(asSeller.json().error).toBe('You are in a seller account');
    const asAdmin = await ctx.app.inject({
      url: '/api/auth/user/get-user-profile',
      headers: auth(admin.token),
    });
    expect(asAdmin.statusCode).toBe(403);
    const userAsSeller = await ctx.app.inject({
      url: '/api/auth/seller/get-seller-profile',
      headers: auth(user.token),
    });
    expect(userAsSeller.statusCode).toBe(403);
  });

  it('accepts the header spelled auth-Token, as the admin dashboard sends it', async () => {
    const user = await registerUser(ctx.app);
    const res = await ctx.app.inject({
      url: '/api/auth/user/get-user-profile',
      headers: { 'auth-Token': user.token },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('account deletion', () => {
  it('removes the user and their cart, keeps their orders detached, and kills the token at once', async () => {
    const user = await registerUser(ctx.app);
    const seller = await registerSeller(ctx.app);
    const product = await insertProduct(ctx.db, seller.id);
    await ctx.db
      .insert(cartItems)
      .values({ userId: user.id, productId: product.id, variantId: product.variantId, quantity: 1 });
    const [order] = await ctx.db
      .insert(orders)
      .values({
        userId: user.id,
        customerName: user.fullName,
        customerEmail: user.email,
        customerMobile: '9876543210',
        paymentMethod: 'cod',
        paymentStatus: 'cod_due',
        address: '1 Road',
        city: 'Pune',
        state: 'MH',
        postalCode: '411001',
        subtotalPaise: 100,
        gstPaise: 18,
        totalPaise: 118,
      })
      .returning();

    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/user/delete-account',
      headers: auth(user.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);

    expect(await ctx.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);
    const [kept] = await ctx.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({
      userId: null,
      customerName: null,
      customerEmail: null,
      customerMobile: null,
    });

    const again = await ctx.app.inject({ url: '/api/auth/user/get-user-profile', headers: auth(user.token) });
    expect(again.statusCode).toBe(401);
  });
});

describe('sellers', () => {
  it('registers, logs in and reads the profile as a list', async () => {
    const fields = sellerFields();
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/auth/seller/register', payload: fields });
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toEqual({
      success: true,
      authToken: expect.any(String),
      sellerFullName: fields.fullName,
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/seller/login',
      payload: { email: fields.email, password: fields.password },
    });
    expect(login.json()).toEqual({
      success: true,
      authToken: expect.any(String),
      sellerFullName: fields.fullName,
    });
    const profile = await ctx.app.inject({
      url: '/api/auth/seller/get-seller-profile',
      headers: auth(login.json().authToken),
    });
    expect(profile.json()[0]).toMatchObject({
      fullName: fields.fullName,
      companyName: 'Ravi Textiles',
      companyAddress: fields.companyAddress,
      mobile: '9845012345',
    });
    noHashIn(profile.body);
  });

  it.each([
    ['companyName', '', /Company name/],
    ['companyAddress', ' ', /Company address/],
    ['email', 'bad@', /valid email/],
    ['password', '1234567', /at least 8/],
  ])('rejects %s = %j', async (field, value, message) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/seller/register',
      payload: sellerFields({ [field]: value }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toMatch(message);
  });

  it('refuses a wrong seller password with Invalid Credentials', async () => {
    const seller = await registerSeller(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/seller/login',
      payload: { email: seller.email, password: 'nope-nope-nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid Credentials');
  });
});

describe('admin login', () => {
  it('logs an admin in with adminFullName and refuses a wrong password', async () => {
    const admin = await createAdmin(ctx.app, ctx.db);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/admin-login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(ok.json()).toEqual({ success: true, authToken: expect.any(String), adminFullName: 'Test Admin' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/admin/admin-login',
      payload: { email: admin.email, password: 'wrong-one-1' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('Invalid Credentials');
  });
});

describe('paths', () => {
  it('serves every route under the legacy base path and case-insensitively', async () => {
    const user = await registerUser(ctx.app);
    for (const url of [
      '/.netlify/functions/server/api/auth/user/get-user-profile',
      '/API/Auth/User/Get-User-Profile',
      '/.netlify/functions/server/api/auth/user/GET-user-profile',
    ]) {
      const res = await ctx.app.inject({ url, headers: auth(user.token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()[0]._id).toBe(user.id);
    }
  });

  it('answers the health check', async () => {
    const res = await ctx.app.inject({ url: '/.netlify/functions/server/api/health' });
    expect(res.json()).toMatchObject({ success: true, status: 'ok' });
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message after too many logins for one e-mail', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_AUTH_MAX: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/user/login',
          payload: { email: 'target@example.in', password: 'guess-guess' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error).toMatch(/Too many attempts/);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
