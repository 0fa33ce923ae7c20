import { FREE_SIZE, type SubCategory } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { SKU_CODE } from './variants.ts';

/** The sizes and colours of one generated product, which one statement turns into variant rows. */
export interface BulkVariantPlan {
  id: string;
  sellerId: string;
  subCategory: SubCategory;
  sizes: string[];
  colors: string[];
  pricePaise: number;
  mrpPaise: number | null;
  /** Added to the price (and marked price) of the `dearer` largest sizes. */
  extraPaise: number;
  dearer: number;
  soldOut: boolean;
  createdAt: string;
}

/**
 * Inserts the variants of many products with INSERT … SELECT: the plans travel as one JSON
 * parameter, and each product is crossed with its sizes and colours in SQL, so 1,000 products
 * cost one statement rather than seven thousand, and the product summary's trigger, which runs
 * once per statement (db/functions/product-summary.sql), recounts each product once. Stock comes
 * from a hash of the variant (repeatable, unlike random(), and different per row): about one size
 * in ten sold out (never the middle one), one in eight nearly gone, the rest 4–43. SKUs carry the
 * product id, so they stay unique for bench sellers reused over many runs.
 */
export async function insertBulkVariants(tx: Tx, plans: BulkVariantPlan[]) {
  const json = JSON.stringify(
    plans.map((p) => ({
      id: p.id,
      seller_id: p.sellerId,
      sku: `VB-${SKU_CODE[p.subCategory]}-${p.id.replace(/-/g, '').slice(0, 12).toUpperCase()}`,
      sizes: p.sizes,
      colors: p.colors,
      price: p.pricePaise,
      mrp: p.mrpPaise,
      extra: p.extraPaise,
      dearer: p.dearer,
      sold_out: p.soldOut,
      created_at: p.createdAt,
    })),
  );
  await tx.execute(sql`
    insert into product_variants (product_id, seller_id, size, color, sku, stock, price_paise, mrp_paise, created_at, updated_at)
    select p.id, p.seller_id, s.size,
      case when cardinality(p.colors) = 1 then '' else c.color end,
      p.sku || '-' || case when s.size = ${FREE_SIZE} then 'FS' else s.size end
        || '-' || upper(left(replace(c.color, ' ', ''), 3)),
      case
        when p.sold_out then 0
        when h.roll < 100 and s.i <> (cardinality(p.sizes) + 1) / 2 then 0
        when h.roll < 220 then 1 + h.depth % 4
        else 4 + h.depth % 40
      end,
      p.price + case when s.i > cardinality(p.sizes) - p.dearer then p.extra else 0 end,
      p.mrp + case when s.i > cardinality(p.sizes) - p.dearer then p.extra else 0 end,
      p.created_at, p.created_at
    from jsonb_to_recordset(${json}::jsonb) as p(id uuid, seller_id uuid, sku text, sizes text[],
      colors text[], price int, mrp int, extra int, dearer int, sold_out boolean, created_at timestamptz)
    cross join lateral unnest(p.sizes) with ordinality as s(size, i)
    cross join lateral unnest(p.colors) with ordinality as c(color, k)
    cross join lateral (
      select abs(hashtext(p.id::text || s.size || c.color)::bigint) % 1000 as roll,
        abs(hashtext(c.color || s.size || p.id::text)::bigint) as depth
    ) as h`);
}
