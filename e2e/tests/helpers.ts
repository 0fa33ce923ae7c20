import { type APIRequestContext, expect, type Page } from '@playwright/test';

let counter = 0;

/** A fresh customer's details; the e-mail is unique per run and per call. */
export function newCustomer() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    fullName: `Asha Verma ${counter}`,
    email: `asha.${id}@example.in`,
    password: 'a-strong-pass-1',
    mobile: '9876543210',
    address: '14 Residency Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560025',
  };
}

/** Registers through the API and stores the session the way the app does (SPEC §3 keys). */
export async function registerViaApi(page: Page, request: APIRequestContext) {
  const c = newCustomer();
  const res = await request.post('/api/auth/user/register', { data: c });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { authToken: string; userFullName: string };
  await page.goto('/home-page');
  await page.evaluate(
    ([token, name]: readonly [string, string]) => {
      // Runs in the page; the e2e project has no DOM typings.
      const ls = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
        .localStorage;
      ls.setItem('userToken', token);
      ls.setItem('userFullName', name);
    },
    [body.authToken, body.userFullName] as const,
  );
  return { ...c, token: body.authToken };
}

/** Ids of the first products of a listing endpoint that have stock. */
export async function productsInStock(
  request: APIRequestContext,
  count: number,
  endpoint = '/api/get-all-Products',
) {
  const res = await request.get(`${endpoint}?limit=100`);
  const list = (await res.json()) as {
    _id: string;
    productName: string;
    stockQuantity: number;
    price: number;
  }[];
  return list.filter((p) => p.stockQuantity >= 5).slice(0, count);
}

/** Adds a product to the user's cart through the API. */
export async function addToCartViaApi(request: APIRequestContext, token: string, productId: string) {
  const res = await request.post('/api/user/add-to-cart', {
    data: { productId },
    headers: { 'auth-token': token },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}
