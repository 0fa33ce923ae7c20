import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, registerSeller, registerUser } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

/**
 * Every CSV export goes through one writer (lib/csv.ts). Text people typed, given through the API,
 * that a spreadsheet would run as a formula comes out with a leading apostrophe; money stays a
 * plain number, negative amounts included.
 */
const COMPANY = '=HYPERLINK("http://evil.example","Click")';
const PRODUCT = '+SUM(A1:A9) Kurta';
const BRAND = '@SUM(1+1)';
const CUSTOMER = '-2+3 Meera';
const CITY = '=1+1';

let ctx: TestContext;
let admin: { 'auth-token': string };
let seller: { 'auth-token': string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = auth((await createAdmin(ctx.app, ctx.db)).token);
  seller = auth((await registerSeller(ctx.app, { companyName: COMPANY })).token);
  const buyer = auth(
    (
      await registerUser(ctx.app, {
        fullName: CUSTOMER,
        city: CITY,
        state: 'Karnataka',
        postalCode: '560001',
      })
    ).token,
  );
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => {
    const res = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const { product } = await call('POST', '/api/seller/add-product', seller, {
    productName: PRODUCT,
    brand: BRAND,
    price: 1299,
    stockQuantity: 5,
    category: 'Mens',
    subCategory: 'gentsShirt',
    imageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/kurta.jpg',
  });
  await call('POST', '/api/user/add-to-cart', buyer, { productId: product._id, quantity: 1 });
  const { order } = await call('PUT', '/api/user/order-success', buyer);
  const itemId = order.items[0]._id;
  await call('POST', `/api/seller/orders/${itemId}/ship`, seller, {});
  await call('POST', `/api/seller/orders/${itemId}/deliver`, seller);
});
afterAll(() => ctx?.close());

/** The export's rows as a spreadsheet reads them: one object per line, keyed by the header. */
async function download(url: string, headers: Record<string, string>): Promise<Record<string, string>[]> {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return parse(res.body, { columns: true });
}

const PLAIN_NUMBER = /^-?\d+\.\d\d$/;

describe('a formula typed into a shop’s text', () => {
  it('comes out as text in the admin’s TCS report, the amounts as numbers', async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const rows = await download(`/api/admin/tcs-report.csv?month=${month}`, admin);
    const mine = rows.find((r) => r['Trade name']!.includes('HYPERLINK'));
    expect(mine?.['Trade name']).toBe(`'${COMPANY}`);
    expect(mine?.['Gross value of supplies made']).toBe('1299.00');
    expect(mine?.['Integrated tax']).toMatch(PLAIN_NUMBER);
  });

  it('comes out as text in the seller’s order export', async () => {
    const [line] = await download('/api/seller/orders/export.csv', seller);
    expect(line).toMatchObject({
      product: `'${PRODUCT}`,
      customer_name: `'${CUSTOMER}`,
      city: `'${CITY}`,
      amount_inr: '1299.00',
    });
  });

  it('comes out as text in the seller’s catalogue export', async () => {
    const [line] = await download('/api/seller/catalogue/export.csv', seller);
    expect(line).toMatchObject({ product_name: `'${PRODUCT}`, brand: `'${BRAND}`, price: '1299.00' });
  });
});

describe('money in an export', () => {
  it('keeps a negative amount a plain number in the seller’s statement', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/seller/ledger.csv', headers: seller });
    const rows: Record<string, string>[] = parse(res.body, { columns: true });
    const commission = rows.find((r) => r.kind === 'commission')!;
    expect(commission.amount_inr).toMatch(PLAIN_NUMBER);
    expect(Number(commission.amount_inr)).toBeLessThan(0);
    // Written bare, so a spreadsheet sums it: no apostrophe, no quotes.
    expect(res.body).toContain(`,commission,${commission.amount_inr},`);
  });

  it('leaves the template’s cells as they are: nothing in it starts like a formula', async () => {
    const rows = await download('/api/seller/catalogue/template.csv', seller);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^'/);
  });
});
