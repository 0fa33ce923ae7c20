import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A size's sale prices in events not ended, as one text: what a Cash On Delivery order checks is
 * unchanged between its read and its write (workflows/place-cod-order.ts). Which price applies is
 * decided once, in TypeScript (contracts/src/offers.ts); this only says whether the rows it was
 * decided from are still the same, by the same expression in both statements.
 */
export const saleKeySql = (variantId: SQLWrapper) =>
  sql<string>`(select coalesce(string_agg(sp.event_id::text || ':' || sp.sale_price_paise || ':' || e.starts_at::text || ':' || coalesce(e.early_access_at::text, '') || ':' || e.ends_at::text, ',' order by sp.event_id), '') from sale_prices sp join sale_events e on e.id = sp.event_id where sp.variant_id = ${variantId} and e.ends_at > now())`;

/** The COD write's check: every size's sale rows as read (placeholders `variantIds`, `saleKeys`). */
export const salesChecked = sql`not exists (
  select 1 from unnest(${sql.placeholder('variantIds')}::uuid[], ${sql.placeholder('saleKeys')}::text[]) as w(id, k)
  where ${saleKeySql(sql`w.id`)} <> w.k)`;
