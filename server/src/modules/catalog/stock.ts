import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isVisible } from './product-view.ts';
import { bumpCatalogVersion } from './version.ts';

/** Units of one size (variant) of a product to take. */
export interface StockLine {
  productId: string;
  variantId: string;
  quantity: number;
}

/**
 * Takes every line's units from its size's stock in one statement; answers the stock left of each
 * size taken. A line missing from the answer asked for more than is left: then the caller must abort
 * its transaction (the other lines were taken), so all lines succeed or none do.
 * The rule that stops overselling (DESIGN §4, per variant) is the table's CHECK
 * (product_variants_stock_non_negative): every writer subtracts, and PostgreSQL refuses any statement
 * that would leave a size below zero, under any number of concurrent buyers. Here the subtraction also
 * asks for `stock >= quantity`, so a shortage is an answer instead of an error that would abort the
 * caller's transaction. Lines of removed products take nothing (a shortage too).
 *
 * The products are locked first, in id order (the `shelf` CTE, read before any size is touched):
 * every stock writer locks a product before its sizes, as the sizes' trigger that keeps the product's
 * summary does, so no two writers wait on each other in a cycle. Call it inside the order's
 * transaction; the catalogue's version is bumped with it. A size appears at most once in `lines`.
 */
export async function takeStockOf(tx: DbOrTx, lines: readonly StockLine[]): Promise<Map<string, number>> {
  if (lines.length === 0) return new Map();
  const taken = (await tx.execute(sql`
    with shelf as materialized (
      select products.id from products join sellers on sellers.id = products.seller_id
      where products.id = any(${`{${lines.map((l) => l.productId).join(',')}}`}::uuid[]) and ${isVisible}
      order by products.id
      for no key update of products
    ),
    wanted as (
      select * from unnest(${`{${lines.map((l) => l.variantId).join(',')}}`}::uuid[],
        ${`{${lines.map((l) => l.quantity).join(',')}}`}::int[]) as w(variant_id, quantity)
    ),
    took as (
      update product_variants v set stock = v.stock - w.quantity, updated_at = now()
      from wanted w
      where v.id = w.variant_id and v.product_id in (select id from shelf) and v.stock >= w.quantity
      returning v.id, v.stock
    ),
    bumped as materialized (
      select bump_catalog_version() where exists (select 1 from took)
    )
    select took.id, took.stock from took left join bumped on true`)) as {
    rows: { id: string; stock: number }[];
  };
  return new Map(taken.rows.map((r) => [r.id, r.stock]));
}

/** Takes `quantity` units of one size, or nothing (false): `takeStockOf` for one line. */
export async function takeStock(
  tx: DbOrTx,
  line: { productId: string; variantId: string },
  quantity: number,
): Promise<boolean> {
  return (await takeStockOf(tx, [{ ...line, quantity }])).has(line.variantId);
}

/**
 * Part of the Cash On Delivery order's one statement (workflows/place-cod-order.ts). Placeholders:
 * `productIds` (each product once), and per line `variantIds`, `quantities`, `prices` (the price each
 * size was read at). Locks come first, in the order every stock writer takes them: the products
 * (`shelf`, visible ones whose HSN code and sub-category, which decide their tax, are as read;
 * placeholders `productHsns`, `productSubCategories` beside `productIds`; in id order), then each line's size (`sizes`) while its price is still the
 * one read and its stock covers the line; a locked row is re-read at its latest version.
 * `stockChecked` says both found every row. Then `took` takes the stock and `bumped` bumps the
 * catalogue's version, only when `ok` (all the statement's checks) holds.
 */
export const stockLocksSql = sql`
shelf as materialized (
  select products.id from products join sellers on sellers.id = products.seller_id
  join unnest(${sql.placeholder('productIds')}::uuid[], ${sql.placeholder('productHsns')}::text[],
    ${sql.placeholder('productSubCategories')}::text[]) as w(id, hsn, sub_category) on w.id = products.id
  where ${isVisible} and products.hsn = w.hsn and products.sub_category = w.sub_category
  order by products.id
  for no key update of products
),
sizes as materialized (
  select v.id from product_variants v
  join unnest(${sql.placeholder('variantIds')}::uuid[], ${sql.placeholder('quantities')}::int[],
    ${sql.placeholder('prices')}::int[]) as w(id, quantity, price) on w.id = v.id
  where v.product_id in (select id from shelf) and v.price_paise = w.price and v.stock >= w.quantity
  order by v.id
  for no key update of v
)`;

export const stockChecked = sql`(select count(*) from shelf) = cardinality(${sql.placeholder('productIds')}::uuid[])
  and (select count(*) from sizes) = cardinality(${sql.placeholder('variantIds')}::uuid[])`;

export const stockWriteSql = (ok: SQL) => sql`
took as (
  update product_variants v set stock = v.stock - w.quantity, updated_at = now()
  from unnest(${sql.placeholder('variantIds')}::uuid[], ${sql.placeholder('quantities')}::int[]) as w(id, quantity)
  where v.id = w.id and v.id in (select id from sizes) and ${ok}
  returning v.id, v.stock
),
bumped as materialized (
  select bump_catalog_version() where exists (select 1 from took)
)`;

/**
 * Puts stock back (cancelled item, expired or failed payment). Callers make sure it happens once.
 * A variant the seller has since deleted has nothing to return to (the item keeps its snapshot).
 */
export async function returnStock(tx: DbOrTx, variantId: string, quantity: number): Promise<void> {
  await tx.execute(sql`
    with shelf as materialized (
      select p.id from products p
      where p.id = (select product_id from product_variants where id = ${variantId})
      for no key update
    )
    update product_variants v set stock = v.stock + ${quantity}, updated_at = now()
    from shelf
    where v.id = ${variantId} and v.product_id = shelf.id`);
  await bumpCatalogVersion(tx);
}
