import { randomBytes } from 'node:crypto';
import type { SubCategory } from '@vastra/contracts';
import { FREE_SIZE, SUB_CATEGORY_PARENT } from '@vastra/contracts';
import type { App } from '../src/app.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { products, productVariants } from '../src/db/schema.ts';
import { upsertAdmin } from '../src/modules/accounts/service.ts';
import { bumpCatalogVersion } from '../src/modules/catalog/version.ts';

const unique = () => randomBytes(5).toString('hex');

export interface Account {
  id: string;
  token: string;
  email: string;
  password: string;
  fullName: string;
}

/** Fields a user registration needs; override any of them. */
export const userFields = (over: Record<string, unknown> = {}) => ({
  fullName: 'Asha Verma',
  email: `asha.${unique()}@example.in`,
  password: 'correct-horse-42',
  mobile: '9876543210',
  address: '14 Residency Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  ...over,
});

export const sellerFields = (over: Record<string, unknown> = {}) => ({
  fullName: 'Ravi Textiles Owner',
  companyName: 'Ravi Textiles',
  email: `ravi.${unique()}@example.in`,
  password: 'seller-pass-42',
  mobile: '+91 98450 12345',
  companyAddress: '7 Linking Road, Mumbai 400050',
  ...over,
});

async function idOf(app: App, token: string, path: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: path, headers: { 'auth-token': token } });
  return (res.json() as Array<{ _id: string }>)[0]!._id;
}

export async function registerUser(app: App, over: Record<string, unknown> = {}): Promise<Account> {
  const fields = userFields(over);
  const res = await app.inject({ method: 'POST', url: '/api/auth/user/register', payload: fields });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  const token = res.json().authToken as string;
  return { ...fields, token, id: await idOf(app, token, '/api/auth/user/get-user-profile') };
}

export async function registerSeller(app: App, over: Record<string, unknown> = {}): Promise<Account> {
  const fields = sellerFields(over);
  const res = await app.inject({ method: 'POST', url: '/api/auth/seller/register', payload: fields });
  if (res.statusCode !== 200) throw new Error(`seller register failed: ${res.body}`);
  const token = res.json().authToken as string;
  return { ...fields, token, id: await idOf(app, token, '/api/auth/seller/get-seller-profile') };
}

export async function createAdmin(app: App, db: DbOrTx): Promise<Account> {
  const email = `admin.${unique()}@vastra.test`;
  const password = 'admin-pass-42';
  const admin = await upsertAdmin(db, email, password, 'Test Admin');
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/admin/admin-login',
    payload: { email, password },
  });
  return { id: admin.id, email, password, fullName: admin.fullName, token: res.json().authToken };
}

/** Inserts a product straight into the catalogue (tests of other modules need one quickly). */
export async function insertProduct(
  db: DbOrTx,
  sellerId: string,
  over: Partial<typeof products.$inferInsert> & { subCategory?: SubCategory } = {},
) {
  const subCategory = (over.subCategory ?? 'gentsShirt') as SubCategory;
  const [row] = await db
    .insert(products)
    .values({
      name: `Cotton Shirt ${unique()}`,
      category: SUB_CATEGORY_PARENT[subCategory],
      pricePaise: 129_900,
      stock: 10,
      imageUrl: '/media/test/sample-640.webp',
      imageId: `test/${unique()}`,
      color: 'Blue',
      brand: 'Vastra Basics',
      ...over,
      subCategory,
      sellerId,
    })
    .returning();
  // Like the SPEC §7 add-product: one "Free Size" variant holding the stock and price.
  const [variant] = await db
    .insert(productVariants)
    .values({
      productId: row!.id,
      sellerId,
      size: FREE_SIZE,
      sku: `SKU-${unique()}`,
      stock: row!.stock,
      pricePaise: row!.pricePaise,
      mrpPaise: row!.mrpPaise,
    })
    .returning({ id: productVariants.id });
  // Like the real add-product service: a new product changes public lists, so caches must see it.
  await bumpCatalogVersion(db);
  return { ...row!, variantId: variant!.id };
}

/**
 * A product in several sizes (and colours): `sizes` gives each variant's stock and, optionally, its
 * price in paise (default 999_00). Returns the product and its variants by "size" or "size/colour".
 */
export async function insertSizedProduct(
  db: DbOrTx,
  sellerId: string,
  sizes: Array<{ size: string; color?: string; stock: number; pricePaise?: number }>,
  over: Partial<typeof products.$inferInsert> & { subCategory?: SubCategory } = {},
) {
  const subCategory = (over.subCategory ?? 'gentsShirt') as SubCategory;
  const [row] = await db
    .insert(products)
    .values({
      name: `Linen Kurta ${unique()}`,
      category: SUB_CATEGORY_PARENT[subCategory],
      pricePaise: 99_900,
      imageUrl: '/media/test/sample-640.webp',
      imageId: `test/${unique()}`,
      brand: 'Vastra Basics',
      ...over,
      subCategory,
      sellerId,
    })
    .returning();
  const variants = await db
    .insert(productVariants)
    .values(
      sizes.map((v) => ({
        productId: row!.id,
        sellerId,
        size: v.size,
        color: v.color ?? '',
        sku: `SKU-${unique()}`,
        stock: v.stock,
        pricePaise: v.pricePaise ?? 99_900,
      })),
    )
    .returning();
  await bumpCatalogVersion(db);
  const bySize = new Map(variants.map((v) => [v.color ? `${v.size}/${v.color}` : v.size, v]));
  return { product: row!, variants, variant: (key: string) => bySize.get(key)! };
}

export const auth = (token: string) => ({ 'auth-token': token });
