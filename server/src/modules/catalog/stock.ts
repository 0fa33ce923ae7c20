import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bumpCatalogVersion } from './version.ts';

/**
 * Takes `quantity` units of one variant's stock, or nothing. The rule that stops overselling
 * (DESIGN §4, per variant) is the table's CHECK (product_variants_stock_non_negative): every writer
 * subtracts, and PostgreSQL refuses any statement that would leave a variant below zero, under any
 * number of concurrent buyers, on both payment paths (the COD statement relies on it alone). Here the
 * subtraction also asks for `stock >= quantity`, so a card checkout learns of a shortage as `false`
 * instead of an error that would abort its transaction.
 *
 * The product row is locked first (the `shelf` CTE, read before the variant is touched): every stock
 * writer locks a product before its variants, as the variants trigger that keeps the product's
 * summary does, so no two writers wait on each other in a cycle. Call it inside the order's
 * transaction so all lines succeed or none do.
 */
export async function takeStock(
  tx: DbOrTx,
  line: { productId: string; variantId: string },
  quantity: number,
): Promise<boolean> {
  const taken = (await tx.execute(sql`
    with shelf as materialized (
      select id from products where id = ${line.productId} and status = 'active' for no key update
    )
    update product_variants v set stock = v.stock - ${quantity}, updated_at = now()
    from shelf
    where v.id = ${line.variantId} and v.product_id = shelf.id and v.stock >= ${quantity}
    returning v.id`)) as { rows: unknown[] };
  if (taken.rows.length === 0) return false;
  await bumpCatalogVersion(tx);
  return true;
}

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
