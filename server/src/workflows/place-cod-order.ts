import { type GstMode, type SizeChart, sellerStateCode } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { namedStatement } from '../db/named-statement.ts';
import type { StoredImage } from '../db/schema.ts';
import { pgErrorOf, violatesCheck } from '../lib/pg-errors.ts';
import { type CustomerSession, issuedBeforeChangeSql } from '../modules/accounts/index.ts';
import type { VariantRow } from '../modules/catalog/index.ts';
import type { LineSource, OrderHeader } from '../modules/orders/index.ts';
import { hsnSql, taxedLinesSql } from './tax-sql.ts';

const DEADLOCK_DETECTED = '40P01';
/** Raised by cod_within_limit (db/functions/cod-limit.sql). */
const OVER_COD_LIMIT = 'VA001';

export const NUMERIC_OUT_OF_RANGE = '22003';

/** What one attempt to turn the cart into a COD order came to. */
export type CodAttempt =
  | { kind: 'placed'; order: OrderHeader & Recipient; lines: PlacedLine[] }
  /** Nothing placed: the customer has an unpaid card order of the cart, settled by its own path. */
  | { kind: 'awaiting_card' }
  /** Nothing placed: the checkout is set to card. */
  | { kind: 'card_checkout' }
  /** Nothing placed: neither the checkout nor the profile has an address to ship to. */
  | { kind: 'no_address' }
  /** Nothing placed: no line of a product still in the shop. */
  | { kind: 'empty' }
  /** Nothing placed: a line asks for more than is left (the stock CHECK refused the statement). */
  | { kind: 'short' }
  /** Nothing placed: an amount would not fit the money columns (over Rs. 2 crore). */
  | { kind: 'too_large' }
  /** Nothing placed: the total is over COD_MAX_RUPEES. */
  | { kind: 'over_cod_limit' }
  | { kind: 'no_customer' }
  /** Nothing placed: the token predates the account's last password change. */
  | { kind: 'revoked' }
  /** Nothing placed: an admin suspended the account. */
  | { kind: 'suspended' };

export interface Recipient {
  customerName: string;
  customerEmail: string;
}

export type PlacedLine = LineSource & { sellerEmail: string };

/**
 * Cash On Delivery in one SQL statement, so one round trip and one commit (DESIGN §4,
 * docs/decisions/005-cod-order-in-one-statement.md). The statement locks the customer's row (a
 * double submit waits, then finds the cart lines gone), locks the cart's products in id order,
 * deletes the cart lines of products still in the shop and builds the order and its items from
 * exactly the deleted lines, at each line's size's price as the database holds it. Stock is taken
 * from each line's variant by `stock = stock - quantity`: the variants' CHECK (stock >= 0) fails the
 * whole statement when any line is short, so all lines succeed or none do and nothing is written —
 * PostgreSQL rolls a failed statement back entirely. The products are locked before their variants,
 * as every stock writer does, and the variants' trigger then updates each product's summary
 * (ADR 009).
 *
 * The card checks (checkout set to card, an unpaid card order of the cart) read the statement's
 * snapshot, taken before the customer lock is granted, so a card checkout committing in that instant
 * is not seen by them; it is seen by the DELETE of the cart lines, which re-reads each locked line at
 * its latest version and skips the lines that checkout marked. Then nothing is placed ('empty').
 */
export async function placeCartCodOrder(
  db: Db,
  customer: CustomerSession,
  gstMode: GstMode,
  codMaxPaise: number,
): Promise<CodAttempt> {
  const { id: userId, issuedAtMs } = customer;
  let rows: PlacedRow[];
  for (let attempt = 1; ; attempt++) {
    try {
      rows = await placeStatements[gstMode](db, { userId, issuedAtMs, codMaxPaise });
      break;
    } catch (err) {
      if (violatesCheck(err, 'product_variants_stock_non_negative')) return { kind: 'short' };
      if (pgErrorOf(err)?.code === NUMERIC_OUT_OF_RANGE) return { kind: 'too_large' };
      if (pgErrorOf(err)?.code === OVER_COD_LIMIT) return { kind: 'over_cod_limit' };
      // Lines are updated in product-id order, as every other stock writer does, so a deadlock
      // should not happen; if the planner ever picks another order, the whole statement rolled back
      // and simply runs again.
      if (pgErrorOf(err)?.code === DEADLOCK_DETECTED && attempt < 3) continue;
      throw err;
    }
  }
  const head = rows[0];
  if (!head) return { kind: 'no_customer' };
  if (head.revoked) return { kind: 'revoked' };
  if (head.suspended) return { kind: 'suspended' };
  if (head.awaiting_card) return { kind: 'awaiting_card' };
  if (head.card_checkout) return { kind: 'card_checkout' };
  if (head.no_address) return { kind: 'no_address' };
  if (!head.order_id) return { kind: 'empty' };
  const order = {
    id: head.order_id,
    paymentMethod: 'cod' as const,
    paymentStatus: 'cod_due' as const,
    address: head.address,
    city: head.city,
    state: head.state,
    postalCode: head.postal_code,
    subtotalPaise: head.subtotal_paise!,
    gstPaise: head.gst_paise!,
    totalPaise: head.total_paise!,
    gstMode,
    createdAt: timestamp(head.order_created_at!),
    customerName: head.full_name,
    customerEmail: head.email,
  };
  // Each row carries its size's stock after this order; the products' size lists (read from the
  // statement's snapshot) get those, for every line of the same product.
  const left = new Map(rows.map((r) => [r.variant_id, r.variant_stock]));
  for (const r of rows) {
    r.current_variants = (r.current_variants ?? []).map((v) =>
      left.has(v.id) ? { ...v, stock: left.get(v.id)! } : v,
    );
  }
  const lines = rows
    .map((r): PlacedLine => toPlacedLine(r, order))
    .sort((a, b) => (a.item.id < b.item.id ? -1 : 1));
  return { kind: 'placed', order, lines };
}

/** Drizzle's drivers hand raw statements' timestamps over as text ('2026-11-23 13:07:32.072+00'). */
const timestamp = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toPlacedLine(r: PlacedRow, order: OrderHeader): PlacedLine {
  return {
    order,
    item: {
      id: r.item_id!,
      productId: r.product_id!,
      variantId: r.variant_id!,
      size: r.size!,
      color: r.color!,
      courier: null,
      awb: null,
      trackingUrl: null,
      sellerId: r.seller_id!,
      productName: r.product_name!,
      productImage: r.product_image!,
      productCategory: r.product_category!,
      productSubCategory: r.product_sub_category!,
      unitPricePaise: r.unit_price_paise!,
      quantity: r.quantity!,
      amountPaise: r.amount_paise!,
      hsn: r.hsn!,
      gstRateBp: r.gst_rate_bp!,
      taxablePaise: r.taxable_paise!,
      taxPaise: r.tax_paise!,
      invoiceId: null,
      creditNoteId: null,
      status: 'pending',
      createdAt: timestamp(r.item_created_at!),
    },
    // The product as it is now, after this order took its stock.
    current: {
      id: r.product_id!,
      name: r.current_name!,
      pricePaise: r.current_price_paise!,
      mrpPaise: r.current_mrp_paise,
      stock: (r.current_variants ?? []).reduce((n, v) => n + v.stock, 0),
      category: r.current_category!,
      subCategory: r.current_sub_category!,
      imageUrl: r.current_image_url!,
      imageId: r.current_image_id!,
      createdAt: timestamp(r.current_created_at!),
      ratingAvg: r.current_rating_avg!,
      ratingCount: r.current_rating_count!,
      color: r.current_color,
      brand: r.current_brand,
      companyName: r.company_name!,
      sellerId: r.seller_id!,
      description: r.current_description!,
      images: r.current_images!,
      sizeChart: r.current_size_chart,
      hsn: r.current_hsn!,
      sellerGstin: r.seller_gstin,
      sellerState: r.seller_state!,
      variants: r.current_variants ?? [],
    },
    company: r.company_name!,
    sellerStateCode: sellerStateCode({ gstin: r.seller_gstin, state: r.seller_state! }),
    sellerEmail: r.seller_email!,
  };
}

/** One row per placed item (or a single row with the customer's state when nothing was placed). */
interface PlacedRow {
  revoked: boolean;
  suspended: boolean;
  card_checkout: boolean;
  awaiting_card: boolean;
  no_address: boolean;
  full_name: string;
  email: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  order_id: string | null;
  subtotal_paise: number | null;
  gst_paise: number | null;
  total_paise: number | null;
  order_created_at: Date | string | null;
  item_id: string | null;
  product_id: string | null;
  variant_id: string | null;
  size: string | null;
  color: string | null;
  seller_id: string | null;
  product_name: string | null;
  product_image: string | null;
  product_category: string | null;
  product_sub_category: string | null;
  unit_price_paise: number | null;
  quantity: number | null;
  amount_paise: number | null;
  hsn: string | null;
  gst_rate_bp: number | null;
  taxable_paise: number | null;
  tax_paise: number | null;
  item_created_at: Date | string | null;
  seller_email: string | null;
  company_name: string | null;
  seller_gstin: string | null;
  seller_state: string | null;
  current_name: string | null;
  current_price_paise: number | null;
  current_mrp_paise: number | null;
  current_category: string | null;
  current_sub_category: string | null;
  current_image_url: string | null;
  current_image_id: string | null;
  current_created_at: Date | string | null;
  current_rating_avg: number | null;
  current_rating_count: number | null;
  current_color: string | null;
  current_brand: string | null;
  current_description: string | null;
  current_images: StoredImage[] | null;
  current_size_chart: SizeChart | null;
  current_hsn: string | null;
  current_variants: VariantRow[] | null;
  variant_stock: number | null;
}

// Data-modifying CTEs all run, once and to completion, whether or not the final SELECT reads them;
// they share one snapshot, so later steps use what earlier ones RETURN rather than re-reading tables.
const placeStatement = (gstMode: GstMode) =>
  namedStatement<PlacedRow, { userId: string; issuedAtMs: number; codMaxPaise: number }>(
    `place_cod_order_${gstMode}`,
    sql`
with customer as (
  select u.id, u.full_name, u.email, u.mobile, c.payment_method,
    -- a token issued before the last password change no longer places orders
    ${issuedBeforeChangeSql(sql`u.password_changed_at`)} as revoked,
    u.status = 'suspended' as suspended,
    -- the address saved on this checkout, else the profile's default (as readCheckout does)
    (c.address is not null and c.city is not null and c.state is not null and c.postal_code is not null) as saved,
    u.address as profile_address, u.city as profile_city, u.state as profile_state,
    u.postal_code as profile_postal_code,
    c.address as checkout_address, c.city as checkout_city, c.state as checkout_state,
    c.postal_code as checkout_postal_code
  from users u left join checkouts c on c.user_id = u.id
  where u.id = ${sql.placeholder('userId')}
  for update of u
),
buyer as (
  select id, full_name, email, mobile, revoked, suspended,
    coalesce(payment_method = 'stripe', false) as card_checkout,
    exists (
      select 1 from orders o
      where o.user_id = customer.id and o.payment_status = 'awaiting_payment' and o.source = 'cart'
    ) as awaiting_card,
    case when saved then checkout_address else profile_address end as address,
    case when saved then checkout_city else profile_city end as city,
    case when saved then checkout_state else profile_state end as state,
    case when saved then checkout_postal_code else profile_postal_code end as postal_code,
    -- since sign-up stopped asking for an address, a shopper may have none to ship to: nothing placed
    case when saved then checkout_address = '' or checkout_city = '' or checkout_state = ''
        or checkout_postal_code = ''
      else profile_address = '' or profile_city = '' or profile_state = '' or profile_postal_code = ''
    end as no_address
  from customer
),
-- The cart's products, locked in id order (card checkouts and product removals also lock products
-- before their variants and cart lines, so no two of them wait on each other in a cycle). A locked
-- row is re-read at its latest version: a product removed meanwhile drops out here.
shelf as materialized (
  select p.id, p.seller_id, p.name, p.image_url, p.image_id, p.category, p.sub_category, p.price_paise,
    p.mrp_paise, p.created_at, p.rating_avg, p.rating_count, p.color, p.brand, p.description, p.images,
    p.size_chart, ${hsnSql(sql`p.hsn`, sql`p.sub_category`)} as hsn, s.email as seller_email, s.company_name, s.gstin as seller_gstin,
    s.state as seller_state,
    -- the product's sizes as this statement's snapshot has them (the taken ones are corrected from
    -- \`taken\` in toPlacedLine)
    (select json_agg(json_build_object('id', v.id, 'size', v.size, 'color', v.color, 'sku', v.sku,
        'stock', v.stock, 'pricePaise', v.price_paise, 'mrpPaise', v.mrp_paise))
      from product_variants v where v.product_id = p.id) as variants
  from products p
  join sellers s on s.id = p.seller_id
  where p.id in (
      select ci.product_id from cart_items ci join buyer b on b.id = ci.user_id
      where not b.revoked and not b.suspended and not b.card_checkout and not b.awaiting_card and not b.no_address
    )
    and p.status = 'active'
    and s.status = 'active'
  order by p.id
  for no key update of p
),
-- Only lines no card checkout is paying for: the mark is re-read at its committed version when a
-- card checkout held the customer's lock first (see markCartPending), so then nothing is placed.
lines as (
  delete from cart_items ci
  using shelf p, buyer b
  where ci.user_id = b.id and ci.product_id = p.id and ci.pending_order_id is null
  returning ci.quantity, ci.variant_id, p.id as product_id, p.seller_id, p.name, p.image_url, p.category,
    p.sub_category, p.hsn, p.seller_email, p.company_name, p.color as product_color
),
-- Each line's size: its stock taken (the CHECK refuses the whole statement when any is short) and
-- its price read at the latest version, the price the order is placed at.
taken as (
  update product_variants v set stock = v.stock - l.quantity, updated_at = now()
  from lines l
  where v.id = l.variant_id
  returning v.id, v.size, v.color, v.price_paise, v.stock
),
-- A size without a colour of its own has its product's (colourOf in catalog/product-view.ts).
priced as (
  select l.*, t.size, coalesce(nullif(t.color, ''), l.product_color, '') as color, t.price_paise
  from lines l join taken t on t.id = l.variant_id
),
-- Each line's tax (contracts/src/tax.ts, as GST_MODE says), and the order's sums of them.
taxed as (${taxedLinesSql(gstMode, sql`priced`)}),
totals as (
  select sum(taxable)::int as subtotal, sum(tax)::int as gst from taxed having count(*) > 0
),
placed as (
  insert into orders (user_id, customer_name, customer_email, customer_mobile, payment_method,
    payment_status, address, city, state, postal_code, subtotal_paise, gst_paise, total_paise, source, gst_mode)
  select b.id, b.full_name, b.email, b.mobile, 'cod', 'cod_due', b.address, b.city, b.state,
    b.postal_code, t.subtotal, t.gst, cod_within_limit(t.subtotal + t.gst, ${sql.placeholder('codMaxPaise')}::int), 'cart', ${sql.raw(`'${gstMode}'`)}
  from buyer b, totals t
  returning id, subtotal_paise, gst_paise, total_paise, created_at
),
items as (
  insert into order_items (order_id, product_id, variant_id, size, color, seller_id, product_name,
    product_image, product_category, product_sub_category, unit_price_paise, quantity, amount_paise, hsn,
    gst_rate_bp, taxable_paise, tax_paise, status)
  select o.id, l.product_id, l.variant_id, l.size, l.color, l.seller_id, l.name, l.image_url, l.category,
    l.sub_category, l.price_paise, l.quantity, l.amount, l.hsn, l.rate_bp, l.taxable, l.tax, 'pending'
  from placed o, taxed l
  returning id, product_id, variant_id, size, color, seller_id, product_name, product_image,
    product_category, product_sub_category, unit_price_paise, quantity, amount_paise, hsn, gst_rate_bp,
    taxable_paise, tax_paise, created_at
),
-- A plain CTE runs only when read: the final SELECT joins it once, after the order is placed.
bumped as materialized (
  select bump_catalog_version() as bumped where exists (select 1 from placed)
),
checkout_cleared as (
  delete from checkouts where user_id = ${sql.placeholder('userId')} and exists (select 1 from placed)
  returning user_id
)
select b.revoked, b.suspended, b.card_checkout, b.awaiting_card, b.no_address, b.full_name, b.email, b.address, b.city, b.state,
  b.postal_code,
  o.id as order_id, o.subtotal_paise, o.gst_paise, o.total_paise, o.created_at as order_created_at,
  i.id as item_id, i.product_id, i.variant_id, i.size, i.color, i.seller_id, i.product_name,
  i.product_image, i.product_category, i.product_sub_category, i.unit_price_paise, i.quantity,
  i.amount_paise, i.hsn, i.gst_rate_bp, i.taxable_paise, i.tax_paise, i.created_at as item_created_at,
  p.seller_email, p.company_name, p.seller_gstin, p.seller_state,
  p.name as current_name, p.price_paise as current_price_paise, p.mrp_paise as current_mrp_paise,
  p.category as current_category, p.sub_category as current_sub_category,
  p.image_url as current_image_url, p.image_id as current_image_id, p.created_at as current_created_at,
  p.rating_avg as current_rating_avg, p.rating_count as current_rating_count,
  p.color as current_color, p.brand as current_brand, p.description as current_description,
  p.images as current_images, p.size_chart as current_size_chart, p.hsn as current_hsn,
  t.stock as variant_stock, p.variants as current_variants
from buyer b
left join placed o on true
left join items i on true
left join shelf p on p.id = i.product_id
left join taken t on t.id = i.variant_id
left join bumped on true
`,
  );
const placeStatements = { flat18: placeStatement('flat18'), india: placeStatement('india') };
