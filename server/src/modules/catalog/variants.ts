import { FREE_SIZE, sizeIssues, type VariantData } from '@vastra/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productVariants } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import { pgErrorOf } from '../../lib/pg-errors.ts';

/** One cell of a product's size grid, prices in paise: what the seller's services write. */
export interface GridCell {
  /** An existing variant of this product to change; absent for a new one. */
  id?: string;
  size: string;
  color: string;
  /** Absent: a new cell gets `defaultSku`, an existing one keeps its SKU. */
  sku?: string;
  stock: number;
  pricePaise: number;
  mrpPaise: number | null;
}

export const skuTaken = (sku: string) => `SKU ${sku} is already used by another of your products`;

/** A SKU unique per seller when the seller gives none: product id's first 8 hex digits, size, colour. */
export function defaultSku(productId: string, size: string, color: string): string {
  const part = (t: string) => t.toUpperCase().replace(/[^A-Z0-9]+/g, '');
  return ['VA', productId.replace(/-/g, '').slice(0, 8).toUpperCase(), part(size), part(color)]
    .filter(Boolean)
    .join('-');
}

/** The grid a request sends (`variants`, rupees) as cells in paise. */
export const cellsOf = (variants: VariantData[]): GridCell[] =>
  variants.map((v) => ({
    id: v._id,
    size: v.size,
    color: v.color,
    sku: v.sku,
    stock: v.stock,
    pricePaise: rupeesToPaise(v.price),
    mrpPaise: v.mrp == null ? null : rupeesToPaise(v.mrp),
  }));

/** The SPEC §7 payload's one cell: "Free Size", no colour, the product's stock and prices. */
export const freeSizeCell = (stock: number, pricePaise: number, mrpPaise: number | null): GridCell => ({
  size: FREE_SIZE,
  color: '',
  stock,
  pricePaise,
  mrpPaise,
});

/** Refuses a size (of the grid or the size chart) the sub-category does not offer, naming the field. */
export function checkSizes(
  subCategory: string,
  variants: readonly { size: string }[] | undefined,
  chart?: { rows: readonly { size: string }[] } | null,
) {
  const [first] = sizeIssues(subCategory, variants, chart);
  if (first) throw badRequest(first.message, first.path.join('.'));
}

/**
 * Refuses SKUs another of the seller's products already uses, naming the first (the unique index
 * would refuse them too, but without saying which one; `explainGridConflict` covers a race).
 */
async function refuseTakenSkus(tx: DbOrTx, sellerId: string, productId: string, cells: GridCell[]) {
  const skus = cells.flatMap((c) => (c.sku ? [c.sku] : []));
  if (skus.length === 0) return;
  const [taken] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.sellerId, sellerId),
        inArray(productVariants.sku, skus),
        ne(productVariants.productId, productId),
      ),
    )
    .limit(1);
  if (taken) throw conflict(skuTaken(taken.sku));
}

const rowOf = (productId: string, sellerId: string, c: GridCell) => ({
  productId,
  sellerId,
  size: c.size,
  color: c.color,
  sku: c.sku ?? defaultSku(productId, c.size, c.color),
  stock: c.stock,
  pricePaise: c.pricePaise,
  mrpPaise: c.mrpPaise,
});

/** The variants of a product just inserted (in the caller's transaction). */
export async function insertGrid(tx: DbOrTx, productId: string, sellerId: string, cells: GridCell[]) {
  await refuseTakenSkus(tx, sellerId, productId, cells);
  await tx.insert(productVariants).values(cells.map((c) => rowOf(productId, sellerId, c)));
}

/**
 * Makes the product's variants exactly `cells`: cells with an id change that variant (it must be
 * this product's), the others are added, and variants left out are deleted (their cart lines go
 * with them; order items keep their snapshot). The caller has locked the product row first, as
 * every stock writer does, and deletes come before inserts so a size dropped and added back fits
 * the (product, size, colour) index.
 */
export async function replaceGrid(tx: DbOrTx, productId: string, sellerId: string, cells: GridCell[]) {
  const existing = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const known = new Set(existing.map((v) => v.id));
  cells.forEach((c, i) => {
    if (c.id && !known.has(c.id))
      throw badRequest(
        'This size is not one of this product’s; reload the page and try again',
        `variants.${i}._id`,
      );
  });
  await refuseTakenSkus(tx, sellerId, productId, cells);
  const kept = new Set(cells.flatMap((c) => (c.id ? [c.id] : [])));
  const gone = existing.filter((v) => !kept.has(v.id)).map((v) => v.id);
  if (gone.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
  for (const c of cells.filter((c) => c.id)) {
    await tx
      .update(productVariants)
      .set({
        size: c.size,
        color: c.color,
        ...(c.sku ? { sku: c.sku } : {}),
        stock: c.stock,
        pricePaise: c.pricePaise,
        mrpPaise: c.mrpPaise,
        updatedAt: new Date(),
      })
      .where(eq(productVariants.id, c.id!));
  }
  const added = cells.filter((c) => !c.id);
  if (added.length > 0)
    await tx.insert(productVariants).values(added.map((c) => rowOf(productId, sellerId, c)));
}

/**
 * Turns a unique-index refusal from writing a grid into the seller's error: a SKU taken meanwhile
 * (409), or two existing sizes swapped in one request (400). Anything else is rethrown.
 */
export function explainGridConflict(err: unknown): never {
  const constraint = pgErrorOf(err)?.constraint;
  if (pgErrorOf(err)?.code === '23505' && constraint === 'product_variants_seller_sku_uq')
    throw conflict('A SKU you gave is already used by another of your products');
  if (pgErrorOf(err)?.code === '23505' && constraint === 'product_variants_product_size_color_uq')
    throw badRequest('Each size and colour can be listed only once', 'variants');
  throw err;
}
