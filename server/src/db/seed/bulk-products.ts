import { randomUUID } from 'node:crypto';
import {
  defaultHsnFor,
  demoGstin,
  IMAGE_DEFAULT_WIDTH,
  SUB_CATEGORIES,
  SUB_CATEGORY_PARENT,
} from '@vastra/contracts';
import { and, inArray, isNull, like, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import { bumpCatalogVersion } from '../../modules/catalog/index.ts';
import type { MediaStorage } from '../../modules/media/index.ts';
import { renditionKey } from '../../modules/media/index.ts';
import type { Db } from '../client.ts';
import { products, sellers } from '../schema.ts';
import { type BulkVariantPlan, insertBulkVariants } from './bulk-variants.ts';
import { CATALOGUE_DATA, seededRandom, shopPrice } from './catalogue-data.ts';
import { demoPictures, photosOf } from './demo-products.ts';
import { describeProduct } from './descriptions.ts';
import { garmentImageId, storeGarmentImages } from './garment-images.ts';
import { sizeChartOf } from './size-charts.ts';
import { colorsOf, sizesOf } from './variants.ts';

/** Rows per INSERT: 19 columns × 1,000 rows stays below PostgreSQL's 65,535 parameters. */
const BATCH = 1_000;
const STYLES = [
  'Classic',
  'Festive',
  'Everyday',
  'Premium',
  'Handwoven',
  'Summer',
  'Winter',
  'Organic',
  'Designer',
  'Regular Fit',
];
const DAY = 86_400_000;

/**
 * Where the bench sellers ship from: real Gujarat pincodes (their GST registration's state), one in
 * turn, so promises to the same shoppers differ by zone (Ahmadabad is a metro).
 */
export const BENCH_PICKUPS = [
  { line1: 'Textile Market, Ring Road', city: 'Surat', postalCode: '395003' },
  { line1: 'Relief Road', city: 'Ahmadabad', postalCode: '380001' },
  { line1: 'Mandvi Road', city: 'Vadodara', postalCode: '390001' },
  { line1: 'Dhebar Road', city: 'Rajkot', postalCode: '360001' },
] as const;

const benchPickup = (k: number, phone: string) => {
  const place = BENCH_PICKUPS[k % BENCH_PICKUPS.length]!;
  return {
    pickupLine1: `${k} ${place.line1}`,
    pickupCity: place.city,
    pickupState: 'Gujarat',
    pickupPostalCode: place.postalCode,
    pickupPhone: phone,
  };
};

/** Sellers for a large catalogue: one per 2,500 products (at least 3, at most 40), reused on later runs. */
async function benchSellers(db: Db, wanted: number): Promise<string[]> {
  const existing = await db
    .select({ id: sellers.id, email: sellers.email })
    .from(sellers)
    .where(like(sellers.email, 'bench-seller-%@vastra.demo'));
  const ids = existing.map((s) => s.id);
  // Bench sellers made before pickup addresses came ship from Surat.
  if (ids.length > 0)
    await db
      .update(sellers)
      .set(benchPickup(0, '9900000000'))
      .where(and(inArray(sellers.id, ids), isNull(sellers.pickupPostalCode)));
  if (ids.length >= wanted) return ids.slice(0, wanted);
  const passwordHash = await hashPassword(`not-a-login-${Date.now()}-${Math.random()}`);
  const taken = new Set(existing.map((s) => s.email));
  const rows = [];
  for (let k = 1; rows.length + ids.length < wanted; k++) {
    const email = `bench-seller-${k}@vastra.demo`;
    if (taken.has(email)) continue;
    const mobile = `9${String(900_000_000 + k).slice(0, 9)}`;
    rows.push({
      email,
      passwordHash,
      fullName: `Bench Seller ${k}`,
      companyName: `Bench Traders ${k}`,
      companyAddress: `${k} Textile Market, Surat, Gujarat 395002`,
      gstin: demoGstin('24', k % 10_000),
      legalName: `Bench Traders ${k}`,
      state: 'Gujarat',
      mobile,
      ...benchPickup(k, mobile),
    });
  }
  const created = await db.insert(sellers).values(rows).returning({ id: sellers.id });
  return [...ids, ...created.map((s) => s.id)];
}

/** The demo pictures, drawn only when missing (the large catalogue reuses them). */
async function ensureImages(storage: MediaStorage) {
  const missing = [];
  for (const picture of demoPictures()) {
    const imageId = garmentImageId(picture.subCategory, picture.color, picture.view);
    if (!(await storage.exists(renditionKey(imageId, IMAGE_DEFAULT_WIDTH)))) missing.push(picture);
  }
  await storeGarmentImages(storage, missing);
  return (imageId: string) => storage.urlFor(renditionKey(imageId, IMAGE_DEFAULT_WIDTH));
}

export interface BulkSeedResult {
  inserted: number;
  sellers: number;
  ms: number;
}

/**
 * Adds `count` generated products (for benchmarks) in multi-row INSERTs of 1,000, spread over the
 * last two years, across every sub-category, with ratings set directly (no review rows). Each
 * batch's sizes and colours are expanded into variants by one INSERT … SELECT (bulk-variants.ts).
 */
export async function seedBulkProducts(
  db: Db,
  storage: MediaStorage,
  count: number,
  seed = Date.now(),
): Promise<BulkSeedResult> {
  const started = performance.now();
  const random = seededRandom(seed);
  const sellerIds = await benchSellers(db, Math.min(40, Math.max(3, Math.ceil(count / 2_500))));
  const urlOf = await ensureImages(storage);
  const now = Date.now();
  for (let done = 0; done < count; done += BATCH) {
    const rows: Array<typeof products.$inferInsert> = [];
    const plans: BulkVariantPlan[] = [];
    for (let i = done; i < Math.min(count, done + BATCH); i++) {
      const subCategory = SUB_CATEGORIES[Math.floor(random() * SUB_CATEGORIES.length)]!;
      const data = CATALOGUE_DATA[subCategory];
      const colors = colorsOf(data.colors[Math.floor(random() * data.colors.length)]!, data.colors, random);
      const name = data.names[Math.floor(random() * data.names.length)]!;
      const sizes = sizesOf(subCategory, name, random);
      const price = shopPrice(random, data.minPrice, data.maxPrice);
      const mrp = random() < 0.6 ? Math.ceil((price * 1.4) / 100) * 100 - 1 : null;
      const rated = random() < 0.6;
      const createdAt = new Date(now - Math.floor(random() * 730 * DAY));
      const photos = photosOf(subCategory, name, colors, urlOf, random);
      const id = randomUUID();
      const sellerId = sellerIds[i % sellerIds.length]!;
      rows.push({
        id,
        sellerId,
        name: `${STYLES[Math.floor(random() * STYLES.length)]} ${colors.length === 1 ? `${colors[0]} ` : ''}${name}`,
        category: SUB_CATEGORY_PARENT[subCategory],
        subCategory,
        description: describeProduct(subCategory, name, colors, sizes, random),
        // Overwritten by the variants' trigger (stock summed, cheapest price in stock).
        pricePaise: price * 100,
        mrpPaise: mrp == null ? null : mrp * 100,
        stock: 0,
        imageUrl: photos[0]!.url,
        imageId: photos[0]!.publicId,
        images: photos,
        sizeChart: sizeChartOf(subCategory, sizes),
        hsn: defaultHsnFor(subCategory),
        color: colors[0]!,
        brand: data.brands[Math.floor(random() * data.brands.length)]!,
        ratingAvg: rated ? Math.round((2.5 + random() * 2.5) * 100) / 100 : 0,
        ratingCount: rated ? 1 + Math.floor(random() * 250) : 0,
        createdAt,
        updatedAt: createdAt,
      });
      const extra = sizes.length >= 4 && random() < 0.3 ? (random() < 0.5 ? 5_000 : 10_000) : 0;
      plans.push({
        id,
        sellerId,
        subCategory,
        sizes,
        colors,
        pricePaise: price * 100,
        mrpPaise: mrp == null ? null : mrp * 100,
        extraPaise: extra,
        dearer: extra > 0 ? 1 + Math.floor(random() * 2) : 0,
        soldOut: random() < 0.05,
        createdAt: createdAt.toISOString(),
      });
    }
    await db.transaction(async (tx) => {
      await tx.insert(products).values(rows);
      await insertBulkVariants(tx, plans);
    });
  }
  await bumpCatalogVersion(db);
  // Fresh planner statistics: right after a bulk load PostgreSQL would otherwise pick poor plans.
  await db.execute(sql`analyze products, product_variants, sellers`);
  return { inserted: count, sellers: sellerIds.length, ms: Math.round(performance.now() - started) };
}
