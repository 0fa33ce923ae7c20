import type { CappedLine, CartPreviewAnswer, CartSummary, GstMode, SkippedLine } from '@vastra/contracts';
import { MAX_LINE_QUANTITY } from '@vastra/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import { paiseToRupees } from '../../lib/money.ts';
import {
  colourOf,
  isVisible,
  namedVariant,
  type ProductRow,
  priceLines,
  productColumns,
  toApiProduct,
  type VariantRow,
} from '../catalog/index.ts';
import { readShippingSettings } from '../delivery/index.ts';
import { summarise } from './cart-lines.ts';

/** A line of a visitor's browser cart, as the request sent it (already validated). */
export interface WantedLine {
  productId: string;
  variantId?: string;
  quantity: number;
}

/** A wanted line with its quantities summed over repeats of the same product and size. */
export interface CombinedLine {
  productId: string;
  variantId: string | undefined;
  quantity: number;
}

/** The same product and size sent twice is one line: quantities add up, in the order first sent. */
export function combineLines(lines: WantedLine[]): CombinedLine[] {
  const wanted = new Map<string, CombinedLine>();
  for (const l of lines) {
    const key = `${l.productId}/${l.variantId ?? ''}`;
    const known = wanted.get(key);
    if (known) known.quantity += l.quantity;
    else wanted.set(key, { productId: l.productId, variantId: l.variantId, quantity: l.quantity });
  }
  return [...wanted.values()];
}

/** The visible products among `ids` (one statement), by id; removed and unknown ones are absent. */
export async function visibleProducts(db: DbOrTx, ids: string[]): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(productColumns)
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(inArray(products.id, [...new Set(ids)]), isVisible));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * How many pieces a line may hold: what is wanted, at most the variant's stock and MAX_LINE_QUANTITY
 * (the same bounds `add-to-cart` keeps). `held` pieces already in the line are never taken away.
 */
export function allowedQuantity(variant: VariantRow, held: number, wanted: number): number {
  const limit = Math.min(variant.stock, MAX_LINE_QUANTITY);
  return Math.max(held, Math.min(held + wanted, limit));
}

/** The line's product and size, or why it is left out (gone, sold out, no size named). */
export function resolveLine(
  line: CombinedLine,
  product: ProductRow | undefined,
): { product: ProductRow; variant: VariantRow } | { skipped: SkippedLine } {
  const { productId, variantId } = line;
  if (!product) return { skipped: { productId, reason: 'unavailable' } };
  const variant = namedVariant(product, variantId);
  if (!variant) {
    const reason = variantId ? 'unavailable' : 'choose a size';
    return { skipped: { productId, ...(variantId ? { variantId } : {}), reason } };
  }
  if (variant.stock <= 0) return { skipped: { productId, variantId: variant.id, reason: 'sold out' } };
  return { product, variant };
}

/**
 * Prices a visitor's cart from the database (`POST /api/cart/preview`): each line as the cart would
 * hold it (capped like a merge), with the summary computed by the one totals function, so the web
 * shows a guest the same figures it shows a customer. Nothing is written.
 */
export async function previewGuestCart(
  db: DbOrTx,
  lines: WantedLine[],
  gstMode: GstMode,
): Promise<CartPreviewAnswer> {
  const wanted = combineLines(lines);
  const [found, shipping] = await Promise.all([
    visibleProducts(
      db,
      wanted.map((l) => l.productId),
    ),
    readShippingSettings(db),
  ]);
  const priced: Array<{ quantity: number; product: ProductRow; variant: VariantRow }> = [];
  const capped: CappedLine[] = [];
  const skipped: SkippedLine[] = [];
  for (const line of wanted) {
    const resolved = resolveLine(line, found.get(line.productId));
    if ('skipped' in resolved) {
      skipped.push(resolved.skipped);
      continue;
    }
    const { product, variant } = resolved;
    const quantity = allowedQuantity(variant, 0, line.quantity);
    if (quantity < line.quantity)
      capped.push({ productId: product.id, variantId: variant.id, requested: line.quantity, quantity });
    priced.push({ quantity, product, variant });
  }
  // A visitor: no early access, no coupon (coupons are applied to an account's cart).
  const pricing = { view: { now: new Date(), signedIn: false }, coupon: null };
  const prices = priceLines(priced, pricing);
  // A visitor's shipping state is not known yet: the tax shows as GST, not split. Their shipping
  // fees are the admin's (no COD fee: the method is chosen at checkout).
  const summary: CartSummary = summarise(
    priced,
    { mode: gstMode, shipState: '', shipping, method: 'stripe' },
    prices,
    pricing.view.now,
  );
  return {
    success: true,
    lines: priced.map(({ quantity, product, variant }, i) => ({
      productId: product.id,
      variantId: variant.id,
      size: variant.size,
      color: colourOf(variant, product),
      quantity,
      amount: paiseToRupees(prices.lines[i]!.unitPaise * quantity),
      product: toApiProduct(product, pricing.view),
    })),
    summary,
    capped,
    skipped,
  };
}
