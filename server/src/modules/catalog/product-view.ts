import {
  compareSizes,
  defaultHsnFor,
  FREE_SIZE,
  inEarlyAccess,
  type PriceView,
  type Product,
  type ProductSale,
  priceOf,
  type SaleOffer,
  type SizeChart,
} from '@vastra/contracts';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, type StoredImage, sellers } from '../../db/schema.ts';
import { paiseToRupees } from '../../lib/money.ts';

/** One size/colour of a product as the product answers read it (variantsJson). */
export interface VariantRow {
  id: string;
  size: string;
  color: string;
  sku: string;
  stock: number;
  pricePaise: number;
  mrpPaise: number | null;
  /**
   * Its sale prices in events not ended yet (null: none). Which one applies, if any, is decided at
   * the time of reading by the offers rule (contracts/src/offers.ts `priceOf`), never stored.
   */
  sales: SaleOffer[] | null;
}

/** A size's sale prices in events not ended yet, with their windows (offers module's tables). */
export const variantSalesSql = (variantId: SQLWrapper) =>
  sql<
    SaleOffer[] | null
  >`(select json_agg(json_build_object('eventId', e.id, 'name', e.name, 'salePaise', sp.sale_price_paise, 'startsAt', e.starts_at, 'earlyAccessAt', e.early_access_at, 'endsAt', e.ends_at) order by e.id) from sale_prices sp join sale_events e on e.id = sp.event_id where sp.variant_id = ${variantId} and e.ends_at > now())`;

/**
 * A product's variants as one JSON array, read by a correlated subquery in the same statement as
 * the product (one statement per list, never one per product).
 */
export const variantsJson = sql<
  VariantRow[]
>`(select coalesce(json_agg(json_build_object('id', v.id, 'size', v.size, 'color', v.color, 'sku', v.sku, 'stock', v.stock, 'pricePaise', v.price_paise, 'mrpPaise', v.mrp_paise, 'sales', ${variantSalesSql(sql`v.id`)})), '[]'::json) from product_variants v where v.product_id = "products"."id")`;

/** A product as every API answer carries it (SPEC §3): prices in rupees, ids as `_id`. */
export type ApiProduct = Product;

/** The columns every product answer needs, with the seller's company joined (one statement, no N+1). */
export const productColumns = {
  id: products.id,
  name: products.name,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  stock: products.stock,
  category: products.category,
  subCategory: products.subCategory,
  imageUrl: products.imageUrl,
  imageId: products.imageId,
  createdAt: products.createdAt,
  ratingAvg: products.ratingAvg,
  ratingCount: products.ratingCount,
  color: products.color,
  brand: products.brand,
  companyName: sellers.companyName,
  sellerId: products.sellerId,
  description: products.description,
  images: products.images,
  sizeChart: products.sizeChart,
  hsn: products.hsn,
  sellerGstin: sellers.gstin,
  sellerState: sellers.state,
  sellerPickupPostalCode: sellers.pickupPostalCode,
  sellerDispatchDays: sellers.dispatchDays,
  sellerCutoffHour: sellers.cutoffHour,
  variants: variantsJson,
};

export interface ProductRow {
  id: string;
  name: string;
  pricePaise: number;
  mrpPaise: number | null;
  stock: number;
  category: string;
  subCategory: string;
  imageUrl: string;
  imageId: string;
  createdAt: Date;
  ratingAvg: number;
  ratingCount: number;
  color: string | null;
  brand: string | null;
  companyName: string;
  sellerId: string;
  description: string;
  images: StoredImage[];
  sizeChart: SizeChart | null;
  hsn: string;
  /** The seller's GST registration: decides CGST + SGST or IGST (not part of the product answer). */
  sellerGstin: string | null;
  sellerState: string;
  /** Where and how the seller ships (delivery `promiseFor`): null pickup pincode until one is set. */
  sellerPickupPostalCode: string | null;
  sellerDispatchDays: number;
  sellerCutoffHour: number;
  variants: VariantRow[];
}

/** The product's HSN code, or its sub-category's when none was stored. */
export const hsnOf = (p: { hsn: string; subCategory: string }) => p.hsn || defaultHsnFor(p.subCategory);

/**
 * A size's colour: its own, else its product's. A one-size product made through the SPEC §7 payloads
 * keeps its colour on the product, and a size grid may leave colour out. What a cart line and an
 * order item show and snapshot (the COD statement applies the same rule to the rows it reads).
 */
export const colourOf = (variant: { color: string }, product: { color: string | null }) =>
  variant.color || product.color || '';

/** "Name (M, Blue)": how a line is named in messages, so the shopper knows which size is meant. */
export const lineName = (name: string, v: { size: string; color: string }) =>
  v.size === FREE_SIZE && !v.color ? name : `${name} (${[v.size, v.color].filter(Boolean).join(', ')})`;

/**
 * The variant a request names, or the product's only one when it names none: undefined when the
 * named one is not this product's, or when none is named and there are several sizes to choose from.
 * The rule add-to-cart's statement applies in SQL, for Buy Now and the guest cart.
 */
export function namedVariant(product: ProductRow, variantId: string | undefined): VariantRow | undefined {
  if (variantId) return product.variants.find((v) => v.id === variantId);
  return product.variants.length === 1 ? product.variants[0] : undefined;
}

/** Size order, then colour: the order variants are shown and listed in. */
export const byVariantOrder = (a: VariantRow, b: VariantRow) =>
  compareSizes(a.size, b.size) || a.color.localeCompare(b.color);

/** Anyone, now: the price view of an answer not made for one shopper. */
export const publicView = (now = new Date()): PriceView => ({ now, signedIn: false });

/**
 * Prices with no sale open: a seller's own product answers, whose forms edit the regular price (a
 * view from before any sale could start).
 */
export const REGULAR_PRICES: PriceView = Object.freeze({ now: new Date(0), signedIn: false });

/** An open sale as a product answer names it. */
const saleOf = (sale: SaleOffer, now: Date): ProductSale => ({
  eventId: sale.eventId,
  name: sale.name,
  startsAt: new Date(sale.startsAt).toISOString(),
  endsAt: new Date(sale.endsAt).toISOString(),
  earlyAccess: inEarlyAccess(sale, now),
});

/**
 * A product as the shopper in `view` sees it: each size at the price they pay now (offers rule
 * `priceOf`), and the product at its lowest in stock (lowest of all when sold out, as the summary
 * columns are kept); while a sale is open, the price it replaces is struck through when there is no MRP.
 */
export function toApiProduct(row: ProductRow, view: PriceView = publicView()): ApiProduct {
  const variants = [...row.variants].sort(byVariantOrder);
  const priced = variants.map((v) => ({ v, ...priceOf(v, view) }));
  let pricePaise = row.pricePaise;
  let markPaise = row.mrpPaise;
  let sale: ProductSale | null = null;
  const open = priced.find((p) => p.sale);
  if (open) {
    const inStock = priced.filter((p) => p.v.stock > 0);
    const pool = inStock.length > 0 ? inStock : priced;
    const best = pool.reduce((a, b) => (b.pricePaise < a.pricePaise ? b : a));
    pricePaise = best.pricePaise;
    const shown = best.sale ?? open.sale!;
    sale = saleOf(shown, view.now);
    markPaise = best.v.mrpPaise ?? row.mrpPaise ?? (best.sale ? best.regularPaise : null);
  }
  return {
    _id: row.id,
    productName: row.name,
    price: paiseToRupees(pricePaise),
    markPrice: markPaise == null ? null : paiseToRupees(markPaise),
    stockQuantity: row.stock,
    category: row.category,
    subCategory: row.subCategory,
    image: row.imageUrl,
    public_id: row.imageId,
    date: row.createdAt.toISOString(),
    rating: Math.round(row.ratingAvg * 100) / 100,
    ratingCount: row.ratingCount,
    color: row.color ?? '',
    brand: row.brand ?? '',
    companyName: row.companyName,
    sellerId: row.sellerId,
    description: row.description,
    images:
      row.images.length > 0
        ? row.images.map((i) => ({ url: i.url, alt: i.alt, public_id: i.publicId }))
        : [{ url: row.imageUrl, alt: row.name, public_id: row.imageId }],
    variants: priced.map(({ v, pricePaise: paid }) => ({
      _id: v.id,
      size: v.size,
      color: v.color,
      sku: v.sku,
      stock: v.stock,
      price: paiseToRupees(paid),
      mrp: v.mrpPaise == null ? null : paiseToRupees(v.mrpPaise),
      regularPrice: paiseToRupees(v.pricePaise),
    })),
    sizes: [...new Set(variants.map((v) => v.size))],
    sizeChart: row.sizeChart,
    hsn: hsnOf(row),
    regularPrice: paiseToRupees(row.pricePaise),
    sale,
  };
}

/**
 * A product in its seller's own lists: with whether it is on sale and, when not, why (added while
 * unregistered in `india` GST mode, or hidden by an admin with a reason).
 */
export function toOwnProduct(
  row: ProductRow & { status: 'active' | 'removed' | 'unpublished' | 'hidden'; hiddenReason: string | null },
): ApiProduct {
  const listing =
    row.status === 'hidden'
      ? { status: 'hidden' as const, reason: row.hiddenReason ?? 'Hidden by the marketplace' }
      : row.status === 'unpublished'
        ? { status: 'unpublished' as const, reason: 'Add your GSTIN in your profile to put it on sale' }
        : { status: 'active' as const, reason: null };
  return { ...toApiProduct(row, REGULAR_PRICES), listing };
}

/** Visible in the shop: not removed, and its seller not suspended. */
export const isVisible = and(eq(products.status, 'active'), eq(sellers.status, 'active'));

/** One visible product with its seller joined, or undefined. */
export async function findVisibleProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(eq(products.id, id), isVisible))
    .limit(1);
  return row;
}
