import type { Product } from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import { paiseToRupees } from '../../lib/money.ts';

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
}

export function toApiProduct(row: ProductRow): ApiProduct {
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
  };
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
