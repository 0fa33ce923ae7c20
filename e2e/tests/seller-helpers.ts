import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A real RGB PNG (diagonal stripes plus noise, so it does not compress to nothing and the upload
 * takes several progress events), written at test time.
 */
export function makePng(width = 480, height = 480): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const stripe = ((x + y) >> 4) & 1;
      const i = row + 1 + x * 3;
      raw[i] = stripe ? 35 : 244;
      raw[i + 1] = stripe ? 57 : 169;
      raw[i + 2] = ((stripe ? 93 : 59) + (seed % 24)) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let n = 0;
/** A unique seller's registration details. */
export function newSeller(label = 'Seller') {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return {
    fullName: `Ravi Kapoor ${label}`,
    companyName: `${label} Textiles ${id}`,
    email: `ravi.${id}@seller.example.in`,
    password: 'seller-pass-123',
    mobile: '9812345678',
    companyAddress: '42 Linking Road, Bandra West, Mumbai 400050',
  };
}

export async function registerSellerViaApi(request: APIRequestContext, label = 'Other') {
  const s = newSeller(label);
  const res = await request.post('/api/auth/seller/register', { data: s });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { authToken } = (await res.json()) as { authToken: string };
  return { ...s, token: authToken };
}

/** Uploads a generated PNG and adds a product as this seller (API). */
export async function addProductViaApi(request: APIRequestContext, token: string, productName: string) {
  const up = await request.post('/api/media/upload', {
    headers: { 'auth-token': token },
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: makePng(64, 64) } },
  });
  expect(up.ok(), await up.text()).toBeTruthy();
  const { secure_url, public_id } = (await up.json()) as { secure_url: string; public_id: string };
  const res = await request.post('/api/seller/add-product', {
    headers: { 'auth-token': token },
    data: {
      productName,
      price: 799,
      stockQuantity: 10,
      category: 'Kids',
      subCategory: 'KidsWear',
      color: 'Yellow',
      brand: 'Tiny Threads',
      imageUrl: secure_url,
      public_id,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

interface WebStorage {
  clear(): void;
  setItem(key: string, value: string): void;
  getItem(key: string): string | null;
}

/** Reads a localStorage entry of the page. */
export function readStorage(page: Page, key: string) {
  return page.evaluate(
    (k) => (globalThis as unknown as { localStorage: WebStorage }).localStorage.getItem(k),
    key,
  );
}

/** Stores a role's session in the browser the way the app does (SPEC §3 keys). */
export async function signInAs(page: Page, role: 'user' | 'seller' | 'admin', token: string, name: string) {
  const keys = {
    user: ['userToken', 'userFullName'],
    seller: ['sellerToken', 'sellerFullName'],
    admin: ['adminToken', 'adminName'],
  };
  await page.goto('/contacts');
  await page.evaluate(
    ([tk, nk, t, nm]) => {
      // (e2e compiles without the DOM lib; this runs in the page)
      const ls = (globalThis as unknown as { localStorage: WebStorage }).localStorage;
      ls.clear();
      ls.setItem(tk!, t!);
      ls.setItem(nk!, nm!);
    },
    [...keys[role], token, name],
  );
}

export const rupees = (n: number) =>
  `Rs. ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Screenshot at phone and desktop widths into e2e/screenshots/. */
export async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({
      path: fileURLToPath(new URL(`../screenshots/${name}-${width}.png`, import.meta.url)),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A customer orders `quantity` of a product, cash on delivery, through the API as the storefront does. */
export async function placeCodOrderViaApi(
  request: APIRequestContext,
  userToken: string,
  address: { address: string; city: string; state: string; postalCode: string },
  productId: string,
  quantity: number,
) {
  const headers = { 'auth-token': userToken };
  const { address: street, city, state, postalCode } = address;
  for (const [method, path, data] of [
    ['post', '/api/user/add-to-cart', { productId, quantity }],
    ['put', '/api/user/set-payment-method', { selectedMethod: 'COD' }],
    ['put', '/api/user/save-shipping-address', { address: street, city, state, postalCode }],
    ['put', '/api/user/order-success', undefined],
  ] as const) {
    const res = await request[method](path, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  }
}
