import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { mailDir } from '../mail-sink.ts';

/** Undoes quoted-printable (soft line breaks, =XX bytes), which nodemailer uses for long lines. */
const unQuote = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The first match of `link` in the newest mail the e2e server sent to this address that has one
 * (read from the mail sink, so only when this run started the server), as a path on the shop.
 */
export function linkMailedTo(email: string, link: RegExp): string | undefined {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) return undefined;
  const dir = mailDir(dataDir);
  const found = readdirSync(dir)
    .sort()
    .map((f) => unQuote(readFileSync(path.join(dir, f), 'utf8')))
    .filter((m) => m.includes(`To: ${email}`))
    .map((m) => link.exec(m)?.[0])
    .filter((l) => l !== undefined);
  return found
    .at(-1)
    ?.replace('&amp;', '&')
    .replace(/^https?:\/\/[^/]+/, '');
}

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

/** A product's size (and colour) as the product answer lists it. */
export interface ShopVariant {
  _id: string;
  size: string;
  color: string;
  stock: number;
  price: number;
}

/**
 * The first products of a listing endpoint with a size holding at least 5 pieces, each with that
 * size (`variant`) and its price. `oneSize`: only products sold in one size and colour (no choice
 * to make, e.g. for a card's or the wishlist's buttons).
 */
export async function productsInStock(
  request: APIRequestContext,
  count: number,
  endpoint = '/api/get-all-Products',
  { oneSize = false } = {},
) {
  const res = await request.get(`${endpoint}?limit=100`);
  const list = (await res.json()) as {
    _id: string;
    productName: string;
    stockQuantity: number;
    price: number;
    variants: ShopVariant[];
  }[];
  return list
    .filter((p) => !oneSize || p.variants.length === 1)
    .flatMap((p) => {
      const variant = p.variants.find((v) => v.stock >= 5);
      return variant ? [{ ...p, variant, price: variant.price }] : [];
    })
    .slice(0, count);
}

/** On a product page: picks the variant's colour and size when the page offers a choice. */
export async function chooseVariant(page: Page, variant: ShopVariant) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (variant.color) await page.getByRole('button', { name: variant.color, exact: true }).click();
  const sizes = page.getByRole('group', { name: /^Size/ });
  if ((await sizes.count()) > 0) await sizes.getByRole('button', { name: variant.size, exact: true }).click();
}

/** Adds a product (in a size, when given) to the user's cart through the API. */
export async function addToCartViaApi(
  request: APIRequestContext,
  token: string,
  productId: string,
  variantId?: string,
) {
  const res = await request.post('/api/user/add-to-cart', {
    data: variantId ? { productId, variantId } : { productId },
    headers: { 'auth-token': token },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A call that must succeed, answering its JSON. */
export async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** A day (`YYYY-MM-DD`) as the shop writes it in English: 'Wed, 2 Dec'. */
export const shopDay = (day: string) =>
  new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(`${day}T00:00:00+05:30`));

/** Serious or critical accessibility problems axe finds on the page (none expected). */
export async function axeProblems(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
}
