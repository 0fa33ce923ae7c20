import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';

/**
 * Gives every product that has no variant yet one "Free Size" variant holding the product's stock
 * and prices (what the SPEC §7 payloads make, and what migration 0008 did to existing products).
 */
export async function addFreeSizeVariants(db: DbOrTx) {
  await db.execute(sql`
    insert into product_variants (product_id, seller_id, size, color, sku, stock, price_paise, mrp_paise)
    select p.id, p.seller_id, 'Free Size', '', 'VA-' || upper(replace(p.id::text, '-', '')), p.stock,
      p.price_paise, p.mrp_paise
    from products p
    where not exists (select 1 from product_variants v where v.product_id = p.id)`);
}
