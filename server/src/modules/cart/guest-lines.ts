import type { CappedLine, CartPreviewAnswer, CartSummary, SkippedLine } from '@vastra/contracts';
import { MAX_LINE_QUANTITY } from '@vastra/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import { paiseToRupees } from '../../lib/money.ts';
import { isVisible, type ProductRow, productColumns, toApiProduct } from '../catalog/index.ts';
import { summarise } from './cart-lines.ts';

/** A line of a visitor's browser cart, as the request sent it (already validated). */
export interface WantedLine {
  productId: string;
  quantity: number;
}

/** The same product sent twice is one line: quantities add up, in the order first sent. */
export function combineLines(lines: WantedLine[]): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  return wanted;
}

/** The visible products among `ids` (one statement), by id; removed and unknown ones are absent. */
export async function visibleProducts(db: DbOrTx, ids: string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(inArray(products.id, ids), isVisible));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * How many pieces a line may hold: what is wanted, at most the stock on hand and MAX_LINE_QUANTITY
 * (the same bounds `add-to-cart` keeps). `held` pieces already in the line are never taken away.
 */
export function allowedQuantity(product: ProductRow, held: number, wanted: number): number {
  const limit = Math.min(product.stock, MAX_LINE_QUANTITY);
  return Math.max(held, Math.min(held + wanted, limit));
}

/** A line left out: its product is gone, or none is in stock. */
export function skippedFor(productId: string, product: ProductRow | undefined): SkippedLine | undefined {
  if (!product) return { productId, reason: 'unavailable' };
  if (product.stock <= 0) return { productId, reason: 'sold out' };
  return undefined;
}

/**
 * Prices a visitor's cart from the database (`POST /api/cart/preview`): each line as the cart would
 * hold it (capped like a merge), with the summary computed by the one totals function, so the web
 * shows a guest the same figures it shows a customer. Nothing is written.
 */
export async function previewGuestCart(db: DbOrTx, lines: WantedLine[]): Promise<CartPreviewAnswer> {
  const wanted = combineLines(lines);
  const found = await visibleProducts(db, [...wanted.keys()]);
  const priced: Array<{ quantity: number; product: ProductRow }> = [];
  const capped: CappedLine[] = [];
  const skipped: SkippedLine[] = [];
  for (const [productId, requested] of wanted) {
    const product = found.get(productId);
    const skip = skippedFor(productId, product);
    if (skip || !product) {
      if (skip) skipped.push(skip);
      continue;
    }
    const quantity = allowedQuantity(product, 0, requested);
    if (quantity < requested) capped.push({ productId, requested, quantity });
    priced.push({ quantity, product });
  }
  const summary: CartSummary = summarise(priced.map((l) => ({ ...l, lineId: '' })));
  return {
    success: true,
    lines: priced.map(({ quantity, product }) => ({
      productId: product.id,
      quantity,
      amount: paiseToRupees(product.pricePaise * quantity),
      product: toApiProduct(product),
    })),
    summary,
    capped,
    skipped,
  };
}
