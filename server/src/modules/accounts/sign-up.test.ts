import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, registerSeller, userFields } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addresses, users } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const register = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/user/register', payload });
const essentials = (over: Record<string, unknown> = {}) => {
  const { fullName, email, mobile, password } = userFields(over);
  return { fullName, email, mobile, password };
};
const userByEmail = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];
const bookOf = (userId: string) => ctx.db.select().from(addresses).where(eq(addresses.userId, userId));

describe('lighter sign-up', () => {
  it('creates an account from name, e-mail, mobile and password alone, with an empty address book', async () => {
    const fields = essentials({ mobile: '+91 98450 01234' });
    const res = await register(fields);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, authToken: expect.any(String), userFullName: 'Asha Verma' });
    const row = await userByEmail(fields.email);
    expect(row).toMatchObject({ mobile: '9845001234', address: '', city: '', state: '', postalCode: '' });
    expect(await bookOf(row!.id)).toHaveLength(0);

    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user/get-user-profile',
      headers: auth(res.json().authToken),
    });
    expect(profile.json()[0]).toMatchObject({ address: '', city: '', state: '', postalCode: '' });
  });

  it("still takes the original client's eight fields: the address goes on the profile and becomes the default", async () => {
    const fields = userFields({ state: 'maharashtra' });
    const res = await register(fields);
    expect(res.statusCode).toBe(200);
    const row = await userByEmail(fields.email);
    expect(row).toMatchObject({
      address: '14 Residency Road',
      city: 'Pune',
      state: 'maharashtra',
      postalCode: '411001',
    });
    const book = await bookOf(row!.id);
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({
      fullName: 'Asha Verma',
      mobile: '9876543210',
      address: '14 Residency Road',
      state: 'Maharashtra',
      isDefault: true,
    });
  });

  it('still checks an address field the original client sends', async () => {
    const fields = userFields({ postalCode: '012345' });
    const res = await register(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ msg: 'Please enter a valid 6-digit PIN code', path: 'postalCode' }]);
    expect(await userByEmail(fields.email)).toBeUndefined();
  });

  it('answers every field error at once, each with its field', async () => {
    const res = await register({
      fullName: 'A',
      email: 'not-an-email',
      mobile: '12345',
      password: 'short',
      city: '',
      postalCode: '41100',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    const paths = body.errors.map((e: { path: string }) => e.path);
    expect(new Set(paths)).toEqual(
      new Set(['fullName', 'email', 'mobile', 'password', 'city', 'postalCode']),
    );
    expect(body.error).toBe(body.errors[0].msg);
  });

  it('names every missing field when the body is empty', async () => {
    const res = await register({});
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths.sort()).toEqual(['email', 'fullName', 'mobile', 'password']);
  });
});

describe('every field error at once on the other forms', () => {
  const pathsOf = (body: { errors: { path?: string }[] }) => new Set(body.errors.map((e) => e.path));

  it('seller registration', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/seller/register',
      payload: { fullName: '', companyName: '', email: 'x', password: '1', mobile: '1', companyAddress: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(pathsOf(res.json())).toEqual(
      new Set(['fullName', 'companyName', 'email', 'password', 'mobile', 'companyAddress']),
    );
  });

  it('login', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/user/login',
      payload: { email: 'x', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(pathsOf(res.json())).toEqual(new Set(['email', 'password']));
  });

  it('profile update', async () => {
    const account = await register(essentials());
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update-profile',
      headers: auth(account.json().authToken),
      payload: { fullName: 'A', email: 'x', mobile: '1', postalCode: '0' },
    });
    expect(res.statusCode).toBe(400);
    expect(pathsOf(res.json())).toEqual(new Set(['fullName', 'email', 'mobile', 'postalCode']));
  });

  it('contact form', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: '', email: 'x', subject: '', message: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(pathsOf(res.json())).toEqual(new Set(['name', 'email', 'subject', 'message']));
  });

  it('add product', async () => {
    const seller = await registerSeller(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/add-product',
      headers: auth(seller.token),
      payload: {
        productName: 'x',
        price: 'abc',
        stockQuantity: -1,
        category: 'Pets',
        subCategory: '',
        imageUrl: '',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(pathsOf(res.json())).toEqual(
      new Set(['productName', 'price', 'stockQuantity', 'category', 'subCategory', 'imageUrl']),
    );
  });

  it('review', async () => {
    const account = await register(essentials());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/add-review',
      headers: auth(account.json().authToken),
      payload: { reviewInput: '', productId: 'nope', rating: 9 },
    });
    expect(res.statusCode).toBe(400);
    expect(pathsOf(res.json())).toEqual(new Set(['reviewInput', 'productId', 'rating']));
  });
});
