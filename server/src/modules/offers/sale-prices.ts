import {
  compareSizes,
  SALE_GRID_MAX,
  type SalePricesInput,
  type SellerSaleGrid,
  type SellerSaleGridRow,
  salePriceRefusal,
  type salePricesInputSchema,
} from '@vastra/contracts';
import { and, asc, count, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { products, productVariants } from '../../db/schema.ts';
import { AppError, type FieldError } from '../../lib/errors.ts';
import { paiseToRupees, rupeesToPaise } from '../../lib/money.ts';
import { bumpCatalogVersion, lineName } from '../catalog/index.ts';
import { findSaleEvent, hasEnded, SALE_EVENT_NOT_FOUND } from './sale-events.ts';
import { saleEvents, salePrices } from './tables.ts';

/**
 * A seller's sale prices in one event (issue 36): the grid of its sizes, and the one write that
 * replaces its whole set, checked by the shared rule (`salePriceRefusal`) all or nothing.
 */

export type SalePriceItems = z.output<typeof salePricesInputSchema>['items'];
export type { SalePricesInput };

/** What a sale price is checked against, and named by, for one size. */
const sizeColumns = {
  variantId: productVariants.id,
  productId: productVariants.productId,
  productName: products.name,
  size: productVariants.size,
  color: productVariants.color,
  pricePaise: productVariants.pricePaise,
  mrpPaise: productVariants.mrpPaise,
};

interface SizeRow {
  variantId: string;
  productId: string;
  productName: string;
  size: string;
  color: string;
  pricePaise: number;
  mrpPaise: number | null;
}

/** Within each product (in the order given), sizes in size order then colour. */
function bySizeWithinProduct<T extends { productId: string; size: string; color: string }>(rows: T[]): T[] {
  const rank = new Map<string, number>();
  for (const r of rows) if (!rank.has(r.productId)) rank.set(r.productId, rank.size);
  return [...rows].sort(
    (a, b) =>
      rank.get(a.productId)! - rank.get(b.productId)! ||
      compareSizes(a.size, b.size) ||
      a.color.localeCompare(b.color),
  );
}

const priceRow = (r: SizeRow & { salePricePaise: number }) => ({
  variantId: r.variantId,
  productId: r.productId,
  productName: r.productName,
  size: r.size,
  color: r.color,
  price: paiseToRupees(r.pricePaise),
  mrp: r.mrpPaise == null ? null : paiseToRupees(r.mrpPaise),
  salePrice: paiseToRupees(r.salePricePaise),
});

/** The seller's sale prices in an event, by product name then size. */
export async function listSellerSalePrices(db: DbOrTx, sellerId: string, eventId: string) {
  const rows = await db
    .select({ ...sizeColumns, salePricePaise: salePrices.salePricePaise })
    .from(salePrices)
    .innerJoin(productVariants, eq(productVariants.id, salePrices.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(salePrices.eventId, eventId), eq(salePrices.sellerId, sellerId)))
    .orderBy(asc(products.name), asc(products.id));
  return bySizeWithinProduct(rows).map(priceRow);
}

/** The first index of each variant listed twice: a set of prices names each size once. */
function refuseDuplicates(items: SalePriceItems) {
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  items.forEach((item, i) => {
    const id = item.variantId.toLowerCase();
    if (seen.has(id))
      fields.push({ msg: `variantId ${item.variantId} is listed twice`, path: `items.${i}.variantId` });
    seen.add(id);
  });
  if (fields.length > 0) throw new AppError('BAD_REQUEST', fields[0]!.msg, fields);
}

/**
 * Replaces the seller's set of sale prices in an event: the sizes listed get their price, the
 * others leave the event (an empty list takes the seller out of it). Each size must be one of the
 * seller's (not removed: another seller's is answered like an unknown one, 404) and pass the shared
 * rule; every refusal is named at once and nothing is written. An ended event is history (409).
 * The event row is locked for share, so an admin ending it waits for this write or is waited for;
 * the sizes too, so their prices cannot move under the check; and the seller's set in the event is
 * written by one save at a time.
 */
export async function replaceSellerSalePrices(
  db: DbOrTx,
  sellerId: string,
  eventId: string,
  items: SalePriceItems,
  minPercent: number,
  now: Date,
) {
  refuseDuplicates(items);
  const ids = items.map((i) => i.variantId.toLowerCase());
  await db.transaction(async (tx) => {
    // Two saves of one seller's set at once would each delete only what the other had not yet
    // written, leaving the union: one at a time per seller and event (others run side by side).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`sale-prices:${eventId}:${sellerId}`}, 0))`,
    );
    const [event] = await tx.select().from(saleEvents).where(eq(saleEvents.id, eventId)).for('share');
    if (!event) throw new AppError('NOT_FOUND', SALE_EVENT_NOT_FOUND);
    if (hasEnded(event, now))
      throw new AppError('CONFLICT', `${event.name} has ended: its prices cannot change`);
    const sizes =
      ids.length === 0
        ? []
        : await tx
            .select({ ...sizeColumns, sellerId: productVariants.sellerId, status: products.status })
            .from(productVariants)
            .innerJoin(products, eq(products.id, productVariants.productId))
            .where(inArray(productVariants.id, ids))
            .for('share', { of: productVariants });
    const byId = new Map(sizes.map((s) => [s.variantId, s]));
    const missing: FieldError[] = [];
    const refused: FieldError[] = [];
    const rows = items.map((item, i) => {
      const size = byId.get(ids[i]!);
      if (!size || size.sellerId !== sellerId || size.status === 'removed') {
        missing.push({
          msg: `None of your products has a size ${item.variantId}`,
          path: `items.${i}.variantId`,
        });
        return undefined;
      }
      const salePricePaise = rupeesToPaise(item.salePrice);
      const refusal = salePriceRefusal(salePricePaise, size, minPercent);
      if (refusal)
        refused.push({
          msg: `${lineName(size.productName, size)}: ${refusal}`,
          path: `items.${i}.salePrice`,
        });
      return { eventId, variantId: size.variantId, productId: size.productId, sellerId, salePricePaise };
    });
    if (missing.length > 0) throw new AppError('NOT_FOUND', missing[0]!.msg, missing);
    if (refused.length > 0) throw new AppError('BAD_REQUEST', refused[0]!.msg, refused);
    const mine = and(eq(salePrices.eventId, eventId), eq(salePrices.sellerId, sellerId));
    await tx
      .delete(salePrices)
      .where(ids.length > 0 ? and(mine, notInArray(salePrices.variantId, ids)) : mine);
    if (rows.length > 0)
      await tx
        .insert(salePrices)
        .values(rows.map((r) => r!))
        .onConflictDoUpdate({
          target: [salePrices.eventId, salePrices.variantId],
          set: { salePricePaise: sql`excluded.sale_price_paise`, updatedAt: now },
        });
    await bumpCatalogVersion(tx);
  });
  return listSellerSalePrices(db, sellerId, eventId);
}

/**
 * The seller's grid for an event: every size of its products not removed, with its price, MRP and
 * sale price if set; priced sizes first, then newest products; at most `SALE_GRID_MAX` rows, as
 * many as one write may send back. `total` counts every size.
 */
export async function sellerSaleGrid(
  db: DbOrTx,
  sellerId: string,
  eventId: string,
  minPercent: number,
  now: Date,
): Promise<SellerSaleGrid> {
  const event = await findSaleEvent(db, eventId, now, sellerId);
  const priced = and(eq(salePrices.eventId, eventId), eq(salePrices.variantId, productVariants.id));
  const where = and(eq(productVariants.sellerId, sellerId), ne(products.status, 'removed'));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...sizeColumns,
        salePricePaise: salePrices.salePricePaise,
        stock: productVariants.stock,
        image: products.imageUrl,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(salePrices, priced)
      .where(where)
      .orderBy(
        sql`${salePrices.variantId} is null`,
        desc(products.createdAt),
        desc(products.id),
        asc(productVariants.id),
      )
      .limit(SALE_GRID_MAX),
    db
      .select({ n: count() })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where),
  ]);
  const items: SellerSaleGridRow[] = bySizeWithinProduct(rows).map((r) => ({
    ...priceRow({ ...r, salePricePaise: 0 }),
    salePrice: r.salePricePaise == null ? null : paiseToRupees(r.salePricePaise),
    stock: r.stock,
    image: r.image,
  }));
  return { event, items, total: total?.n ?? 0, minDiscountPercent: minPercent };
}
