import type { CartLine, CartSummary, PaymentMethodName } from '@vastra/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cartItems, products, productVariants, sellers } from '../../db/schema.ts';
import { computeTotals, paiseToRupees } from '../../lib/money.ts';
import {
  isVisible,
  type ProductRow,
  productColumns,
  toApiProduct,
  type VariantRow,
} from '../catalog/index.ts';
import type { CheckoutState } from './checkout.ts';

export interface CartLineRow {
  lineId: string;
  quantity: number;
  product: ProductRow;
  /** The size (and colour) on this line: its price is the line's. */
  variant: VariantRow;
}

const variantColumns = {
  id: productVariants.id,
  size: productVariants.size,
  color: productVariants.color,
  sku: productVariants.sku,
  stock: productVariants.stock,
  pricePaise: productVariants.pricePaise,
  mrpPaise: productVariants.mrpPaise,
};

/**
 * The user's cart lines for products still in the shop, newest first, each with its product
 * (one statement). Lines of products removed since are left out: they cannot be bought.
 */
export async function readCartLines(db: DbOrTx, userId: string): Promise<CartLineRow[]> {
  const rows = await db
    .select({
      lineId: cartItems.id,
      quantity: cartItems.quantity,
      product: productColumns,
      variant: variantColumns,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(eq(cartItems.userId, userId), isVisible))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.id));
  return rows;
}

export const subtotalOf = (lines: Array<{ quantity: number; variant: { pricePaise: number } }>) =>
  lines.reduce((sum, l) => sum + l.variant.pricePaise * l.quantity, 0);

/** Cart summary in rupees, computed in paise (DESIGN §4). */
export function summarise(lines: CartLineRow[]): CartSummary {
  const totals = computeTotals(subtotalOf(lines));
  return {
    pieces: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: paiseToRupees(totals.subtotalPaise),
    gst: paiseToRupees(totals.gstPaise),
    shipping: paiseToRupees(totals.shippingPaise),
    total: paiseToRupees(totals.totalPaise),
  };
}

export const methodName = (method: 'stripe' | 'cod' | null | undefined): PaymentMethodName | '' =>
  method === 'stripe' ? 'Stripe' : method === 'cod' ? 'COD' : '';

export function toCartLine(line: CartLineRow, checkout: CheckoutState): CartLine {
  return {
    _id: line.lineId,
    productId: line.product.id,
    variantId: line.variant.id,
    size: line.variant.size,
    color: line.variant.color,
    quantity: line.quantity,
    amount: paiseToRupees(line.variant.pricePaise * line.quantity),
    paymentMethod: methodName(checkout.paymentMethod),
    address: checkout.address,
    city: checkout.city,
    state: checkout.state,
    postalCode: checkout.postalCode,
    product: [toApiProduct(line.product)],
  };
}
