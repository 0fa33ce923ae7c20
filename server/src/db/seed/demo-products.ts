import { randomUUID } from 'node:crypto';
import { defaultHsnFor, SUB_CATEGORIES, SUB_CATEGORY_PARENT, type SubCategory } from '@vastra/contracts';
import { inArray, sql } from 'drizzle-orm';
import { bumpCatalogVersion } from '../../modules/catalog/index.ts';
import type { MediaStorage } from '../../modules/media/index.ts';
import type { Db } from '../client.ts';
import { products, productVariants, reviews, type StoredImage } from '../schema.ts';
import { CATALOGUE_DATA, PRICE_ANCHORS, REVIEW_TEXTS, seededRandom, shopPrice } from './catalogue-data.ts';
import { describeProduct } from './descriptions.ts';
import {
  GARMENT_VIEWS,
  type GarmentColor,
  type GarmentPicture,
  type GarmentView,
  garmentImageId,
  storeGarmentImages,
} from './garment-images.ts';
import { sizeChartOf } from './size-charts.ts';
import { colorsOf, type PlannedVariant, planVariants, sizesOf } from './variants.ts';

export interface Reviewer {
  id: string;
  fullName: string;
}

const HOUR = 3_600_000;

/** Every picture the demo catalogue shows: each (sub-category, colour) from the front, back and close. */
export function demoPictures(): GarmentPicture[] {
  return SUB_CATEGORIES.flatMap((subCategory) =>
    CATALOGUE_DATA[subCategory].colors.flatMap((color) =>
      GARMENT_VIEWS.map((view) => ({ subCategory, color, view })),
    ),
  );
}

const VIEW_ALT: Record<GarmentView, string> = { front: 'front', back: 'back', 'close-up': 'fabric close-up' };

/**
 * A product's 2–4 photos: front and back in its main colour, then the front in each other colour
 * it comes in, or else (mostly) a close-up of the fabric. The first is the cover.
 */
export function photosOf(
  subCategory: SubCategory,
  garment: string,
  colors: GarmentColor[],
  urlOf: (imageId: string) => string,
  random: () => number,
): StoredImage[] {
  const main = colors[0]!;
  const shots: Array<[GarmentColor, GarmentView]> = [
    [main, 'front'],
    [main, 'back'],
    ...colors.slice(1).map((c): [GarmentColor, GarmentView] => [c, 'front']),
  ];
  if (shots.length < 4 && random() < 0.7) shots.push([main, 'close-up']);
  return shots.map(([color, view]) => {
    const publicId = garmentImageId(subCategory, color, view);
    return { url: urlOf(publicId), publicId, alt: `${garment} in ${color}, ${VIEW_ALT[view]}` };
  });
}

/** A marked price 25–80% above the price, ending in 99 like a shop tag. */
const markPriceFor = (price: number, random: () => number) =>
  Math.ceil((price * (1.25 + random() * 0.55)) / 100) * 100 - 1;

/**
 * The demo catalogue: every garment name of every sub-category, spread over the demo sellers,
 * with prices Rs. 199–4,999, sizes and colours with their own stock (a few products sold out),
 * descriptions, photos, size charts, and star reviews by the demo reviewers so ratings are real
 * averages. Pictures are drawn locally (garment-images.ts). Returns the product ids.
 */
export async function seedDemoProducts(
  db: Db,
  storage: MediaStorage,
  sellerIds: string[],
  reviewers: Reviewer[],
  now = new Date(),
): Promise<string[]> {
  const images = await storeGarmentImages(storage, demoPictures());
  const urlOf = (imageId: string) => images.get(imageId)!.imageUrl;
  const random = seededRandom(20_24);
  const rows: Array<typeof products.$inferInsert> = [];
  const variantsOf: PlannedVariant[][] = [];
  for (const subCategory of SUB_CATEGORIES) {
    const data = CATALOGUE_DATA[subCategory];
    data.names.forEach((name, i) => {
      const n = rows.length;
      const colors = colorsOf(data.colors[i % data.colors.length]!, data.colors, random);
      const sizes = sizesOf(subCategory, name, random);
      const price = PRICE_ANCHORS[name] ?? shopPrice(random, data.minPrice, data.maxPrice);
      const mrp = random() < 0.65 ? markPriceFor(price, random) : null;
      // Every ninth product is sold out; in the others some sizes are gone or nearly gone.
      const plan = { subCategory, productNo: n + 1, sizes, colors, price, mrp, soldOut: n % 9 === 4 };
      const variants = planVariants(plan, random);
      variantsOf.push(variants);
      const photos = photosOf(subCategory, name, colors, urlOf, random);
      rows.push({
        id: randomUUID(),
        sellerId: sellerIds[n % sellerIds.length]!,
        name: colors.length === 1 ? `${colors[0]} ${name}` : name,
        category: SUB_CATEGORY_PARENT[subCategory],
        subCategory,
        description: describeProduct(subCategory, name, colors, sizes, random),
        // The variants' trigger keeps these three in step; written here so the row is whole already.
        pricePaise: price * 100,
        mrpPaise: mrp == null ? null : mrp * 100,
        stock: variants.reduce((sum, v) => sum + v.stock, 0),
        imageUrl: photos[0]!.url,
        imageId: photos[0]!.publicId,
        images: photos,
        sizeChart: sizeChartOf(subCategory, sizes),
        hsn: defaultHsnFor(subCategory),
        color: colors[0]!,
        brand: data.brands[i % data.brands.length]!,
      });
    });
  }
  // Interleave the sub-categories in time so "newest first" lists show a mix, one to 20 hours apart.
  const order = rows.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let at = now.getTime() - HOUR;
  for (const i of order) {
    rows[i]!.createdAt = new Date(at);
    rows[i]!.updatedAt = new Date(at);
    at -= HOUR * (1 + Math.floor(random() * 20));
  }

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(products)
      .values(rows)
      .returning({ id: products.id, createdAt: products.createdAt });
    // Products first, then their variants: the variants' trigger writes the products' summary.
    await tx
      .insert(productVariants)
      .values(
        rows.flatMap((p, n) => variantsOf[n]!.map((v) => ({ ...v, productId: p.id!, sellerId: p.sellerId }))),
      );
    const reviewRows: Array<typeof reviews.$inferInsert> = [];
    for (const p of inserted) {
      if (reviewers.length === 0 || random() < 0.3) continue;
      const quality = 2.6 + random() * 2.4;
      const count = 1 + Math.floor(random() * reviewers.length);
      const start = Math.floor(random() * reviewers.length);
      for (let k = 0; k < count; k++) {
        const reviewer = reviewers[(start + k) % reviewers.length]!;
        const rating = Math.min(5, Math.max(1, Math.round(quality + (random() - 0.5) * 2))) as
          | 1
          | 2
          | 3
          | 4
          | 5;
        const texts = REVIEW_TEXTS[rating];
        const when = new Date(Math.min(now.getTime(), p.createdAt.getTime() + HOUR * (2 + k * 7)));
        reviewRows.push({
          productId: p.id,
          userId: reviewer.id,
          customerName: reviewer.fullName,
          rating,
          text: texts[Math.floor(random() * texts.length)]!,
          createdAt: when,
          updatedAt: when,
        });
      }
    }
    if (reviewRows.length > 0) await tx.insert(reviews).values(reviewRows);
    const ids = inserted.map((p) => p.id);
    // Stored ratings are the real averages of the reviews just written (one statement for all).
    await tx
      .update(products)
      .set({
        ratingAvg: sql`coalesce((select avg(r.rating)::float8 from ${reviews} r where r.product_id = "products"."id"), 0)`,
        ratingCount: sql`(select count(*)::int from ${reviews} r where r.product_id = "products"."id")`,
      })
      .where(inArray(products.id, ids));
    await bumpCatalogVersion(tx);
    return ids;
  });
}
