import { SUB_CATEGORIES, SUB_CATEGORY_PARENT, type SubCategory } from '@vastra/contracts';
import { inArray, sql } from 'drizzle-orm';
import { bumpCatalogVersion } from '../../modules/catalog/index.ts';
import type { MediaStorage } from '../../modules/media/index.ts';
import type { Db } from '../client.ts';
import { products, reviews } from '../schema.ts';
import { CATALOGUE_DATA, PRICE_ANCHORS, REVIEW_TEXTS, seededRandom, shopPrice } from './catalogue-data.ts';
import { type GarmentColor, garmentImageId, storeGarmentImages } from './garment-images.ts';
import { addFreeSizeVariants } from './variants.ts';

export interface Reviewer {
  id: string;
  fullName: string;
}

const HOUR = 3_600_000;

/** Every (sub-category, colour) picture the demo catalogue shows. */
export function demoImageCombos(): Array<[SubCategory, GarmentColor]> {
  return SUB_CATEGORIES.flatMap((sub) =>
    CATALOGUE_DATA[sub].colors.map((c): [SubCategory, GarmentColor] => [sub, c]),
  );
}

/** A marked price 25–80% above the price, ending in 99 like a shop tag. */
const markPriceFor = (price: number, random: () => number) =>
  Math.ceil((price * (1.25 + random() * 0.55)) / 100) * 100 - 1;

/**
 * The demo catalogue: every garment name of every sub-category, spread over the demo sellers,
 * with prices Rs. 199–4,999, a few sold out, and star reviews by the demo reviewers so ratings are
 * real averages. Pictures are drawn locally (garment-images.ts). Returns the product ids.
 */
export async function seedDemoProducts(
  db: Db,
  storage: MediaStorage,
  sellerIds: string[],
  reviewers: Reviewer[],
  now = new Date(),
): Promise<string[]> {
  const images = await storeGarmentImages(storage, demoImageCombos());
  const random = seededRandom(20_24);
  const rows: Array<typeof products.$inferInsert> = [];
  for (const subCategory of SUB_CATEGORIES) {
    const data = CATALOGUE_DATA[subCategory];
    data.names.forEach((name, i) => {
      const color = data.colors[i % data.colors.length]!;
      const price = PRICE_ANCHORS[name] ?? shopPrice(random, data.minPrice, data.maxPrice);
      const n = rows.length;
      rows.push({
        sellerId: sellerIds[n % sellerIds.length]!,
        name: `${color} ${name}`,
        category: SUB_CATEGORY_PARENT[subCategory],
        subCategory,
        pricePaise: price * 100,
        mrpPaise: random() < 0.65 ? markPriceFor(price, random) * 100 : null,
        // Every ninth product is sold out; a few others are nearly gone.
        stock:
          n % 9 === 4 ? 0 : random() < 0.15 ? 1 + Math.floor(random() * 4) : 5 + Math.floor(random() * 120),
        ...images.get(garmentImageId(subCategory, color))!,
        color,
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
    await addFreeSizeVariants(tx);
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
