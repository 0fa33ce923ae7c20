import { compareSizes, defaultHsnFor, FREE_SIZE, type Product, type SizeChart } from '@vastra/contracts';
import { and, eq, sql } from 'drizzle-orm';
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
}

/**
 * A product's variants as one JSON array, read by a correlated subquery in the same statement as
 * the product (one statement per list, never one per product).
 */
export const variantsJson = sql<
  VariantRow[]
>`(select coalesce(json_agg(json_build_object('id', v.id, 'size', v.size, 'color', v.color, 'sku', v.sku, 'stock', v.stock, 'pricePaise', v.price_paise, 'mrpPaise', v.mrp_paise)), '[]'::json) from product_variants v where v.product_id = "products"."id")`;

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

export function toApiProduct(row: ProductRow): ApiProduct {
  const variants = [...row.variants].sort(byVariantOrder);
  return {
    _id: row.id,
    productName: row.name,
    price: paiseToRupees(row.pricePaise),
    markPrice: row.mrpPaise == null ? null : paiseToRupees(row.mrpPaise),
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
    variants: variants.map((v) => ({
      _id: v.id,
      size: v.size,
      color: v.color,
      sku: v.sku,
      stock: v.stock,
      price: paiseToRupees(v.pricePaise),
      mrp: v.mrpPaise == null ? null : paiseToRupees(v.mrpPaise),
    })),
    sizes: [...new Set(variants.map((v) => v.size))],
    sizeChart: row.sizeChart,
    hsn: hsnOf(row),
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
  return { ...toApiProduct(row), listing };
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
