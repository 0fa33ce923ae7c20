import {
  type CartCoupon,
  type CartLine,
  type CartSummary,
  FREE_SHIPPING,
  type GstMode,
  gstStateCode,
  type PaymentMethodName,
  type PriceView,
  paymentMethodName,
  type ShipmentPromise,
  type ShippingSettings,
  sellerStateCode,
  supplyOf,
  type TaxedCharge,
  taxBreakdown,
  taxOrder,
} from '@vastra/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cartItems, products, productVariants, sellers } from '../../db/schema.ts';
import { paiseToRupees } from '../../lib/money.ts';
import {
  type CartPricing,
  colourOf,
  hsnOf,
  isVisible,
  type PricedCart,
  type ProductRow,
  productColumns,
  toApiProduct,
  type VariantRow,
  variantSalesSql,
} from '../catalog/index.ts';
import { promisesBySeller } from '../delivery/index.ts';
import type { CheckoutState } from './checkout.ts';

export interface CartLineRow {
  lineId: string;
  quantity: number;
  product: ProductRow;
  /** The size (and colour) on this line: its price is the line's. */
  variant: VariantRow;
}

/** A cart line's size (variant) as answers and orders read it. */
export const variantColumns = {
  id: productVariants.id,
  size: productVariants.size,
  color: productVariants.color,
  sku: productVariants.sku,
  stock: productVariants.stock,
  pricePaise: productVariants.pricePaise,
  mrpPaise: productVariants.mrpPaise,
  sales: variantSalesSql(productVariants.id),
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

/** How a cart is taxed: the shop's GST mode and the state it ships to (unknown for a visitor). */
export interface CartTax {
  mode: GstMode;
  shipState: string;
  /** The admin's shipping settings (none: free shipping, no COD fee). */
  shipping?: ShippingSettings;
  /** The checkout's method: the COD fee is charged only when it is Cash On Delivery. */
  method?: 'cod' | 'stripe';
}

/**
 * Cart summary in rupees, computed in paise by the one tax function (contracts/src/tax.ts) on the
 * priced lines, with its tax lines split by place of supply, as the order will be placed (DESIGN §4, §11).
 */
export function summarise(
  lines: readonly { quantity: number; product: ProductRow; variant: VariantRow }[],
  tax: CartTax,
  priced: PricedCart,
  now = new Date(),
): CartSummary {
  return priceCart(lines, tax, priced, now).summary;
}

/**
 * The cart priced as its order will be (draftOrder's taxOrder): the summary, and the shipping and
 * COD fees charged (by seller id) for the shipments' answer.
 */
export function priceCart(
  lines: readonly { quantity: number; product: ProductRow; variant: VariantRow }[],
  tax: CartTax,
  priced: PricedCart,
  now = new Date(),
): { summary: CartSummary; charges: TaxedCharge[] } {
  const taxed = taxOrder(
    tax.mode,
    lines.map((l, i) => ({
      key: l.variant.id,
      sellerId: l.product.sellerId,
      unitPricePaise: priced.lines[i]!.unitPaise,
      quantity: l.quantity,
      hsn: hsnOf(l.product),
      discountPaise: priced.lines[i]!.discountPaise,
    })),
    now,
    tax.shipping ?? FREE_SHIPPING,
    tax.method ?? 'stripe',
  );
  const placeCode = gstStateCode(tax.shipState) ?? null;
  const supplyOfSeller = (product: ProductRow) =>
    placeCode ? supplyOf(sellerStateCode(sellerOf(product)), placeCode) : null;
  const breakdown = taxBreakdown([
    ...taxed.lines.map((t, i) => ({
      ratePercent: t.ratePercent,
      taxPaise: t.taxPaise,
      supply: supplyOfSeller(lines[i]!.product),
    })),
    // A fee's tax is its seller's, split like that seller's goods.
    ...taxed.charges.map((c) => ({
      ratePercent: c.ratePercent,
      taxPaise: c.taxPaise,
      supply: supplyOfSeller(lines.find((l) => l.product.sellerId === c.sellerId)!.product),
    })),
  ]);
  const summary: CartSummary = {
    pieces: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: paiseToRupees(taxed.subtotalPaise),
    gst: paiseToRupees(taxed.gstPaise),
    shipping: paiseToRupees(taxed.shippingPaise),
    total: paiseToRupees(taxed.totalPaise),
    taxIncluded: taxed.taxIncluded,
    taxLines: breakdown.map((b) => ({
      label: b.label,
      rate: b.ratePercent,
      amount: paiseToRupees(b.amountPaise),
    })),
    discount: paiseToRupees(taxed.discountPaise),
    // Only when there is one (Cash On Delivery with a COD fee set): the answer stays as it was otherwise.
    ...(taxed.codFeePaise > 0 ? { codFee: paiseToRupees(taxed.codFeePaise) } : {}),
  };
  return { summary, charges: taxed.charges };
}

/**
 * The cart's shipments, one per seller (by seller id): the date promised to the checkout's PIN code
 * for an order now (null without a PIN code, one not served, or a seller without a pickup address)
 * and the shipment's shipping fee as set (rupees).
 */
export function cartShipments(
  lines: readonly { product: ProductRow }[],
  charges: readonly TaxedCharge[],
  postalCode: string,
  delivery: Config['delivery'],
  now: Date,
): ShipmentPromise[] {
  const promised = promisesBySeller(lines, postalCode, delivery, now);
  const bySeller = new Map<string, ShipmentPromise>();
  for (const { product: p } of lines) {
    if (bySeller.has(p.sellerId)) continue;
    const feePaise = charges
      .filter((c) => c.kind === 'shipping' && c.sellerId === p.sellerId)
      .reduce((n, c) => n + c.feePaise, 0);
    bySeller.set(p.sellerId, {
      sellerId: p.sellerId,
      companyName: p.companyName,
      deliverBy: promised.get(p.sellerId)?.deliverBy ?? null,
      shippingFee: paiseToRupees(feePaise),
    });
  }
  return [...bySeller.values()].sort((a, b) =>
    a.sellerId < b.sellerId ? -1 : a.sellerId > b.sellerId ? 1 : 0,
  );
}

/** The coupon on the cart as the answer shows it: its discount, or why it gives nothing now. */
export function cartCoupon(pricing: CartPricing, priced: PricedCart): CartCoupon | null {
  const { coupon } = pricing;
  if (!coupon || !priced.coupon) return null;
  const verdict = priced.coupon;
  return {
    code: coupon.terms.code,
    discount: verdict.ok ? paiseToRupees(verdict.discountPaise) : 0,
    fundedBy: coupon.terms.fundedBy,
    message: verdict.ok ? null : verdict.message,
  };
}

const sellerOf = (p: ProductRow) => ({ gstin: p.sellerGstin, state: p.sellerState });

export const methodName = (
  checkout: Pick<CheckoutState, 'paymentMethod' | 'provider'>,
): PaymentMethodName | '' =>
  checkout.paymentMethod ? paymentMethodName(checkout.paymentMethod, checkout.provider) : '';

export function toCartLine(
  line: CartLineRow,
  checkout: CheckoutState,
  priced: PricedCart['lines'][number],
  view: PriceView,
): CartLine {
  return {
    _id: line.lineId,
    productId: line.product.id,
    variantId: line.variant.id,
    size: line.variant.size,
    color: colourOf(line.variant, line.product),
    quantity: line.quantity,
    amount: paiseToRupees(priced.unitPaise * line.quantity),
    paymentMethod: methodName(checkout),
    address: checkout.address,
    city: checkout.city,
    state: checkout.state,
    postalCode: checkout.postalCode,
    product: [toApiProduct(line.product, view)],
    discount: paiseToRupees(priced.discountPaise),
  };
}
