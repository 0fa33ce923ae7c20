import { type GstMode, type ShippingSettings, type TaxedCharge, taxOrder } from '@vastra/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orderCharges, orderItems, orders } from '../../db/schema.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { type Customer, lockCustomer } from '../accounts/index.ts';
import type { ShippingAddress } from '../cart/index.ts';
import type { ProductRow, VariantRow } from '../catalog/index.ts';
import { colourOf, hsnOf, lineName, priceLines, takeStockOf } from '../catalog/index.ts';
import { codOffered, noCodHere, promisesBySeller } from '../delivery/index.ts';
import { type ReadCoupon, type Redemption, redeemCoupon } from '../offers/index.ts';

/** One line to order: the product, the size/colour bought (its price is the variant's) and how many. */
export interface DraftLine {
  product: ProductRow;
  variant: VariantRow;
  quantity: number;
}

export interface NewOrder {
  userId: string;
  /** The customer's row, when the caller has already locked it with lockCustomer. */
  customer?: Customer;
  address: ShippingAddress;
  lines: DraftLine[];
  method: 'cod' | 'stripe';
  source: 'cart' | 'buy_now';
  provider?: string;
  reservationExpiresAt?: Date;
  /** How the lines are taxed (the shop's GST_MODE). */
  gstMode: GstMode;
  /** Cash On Delivery: the largest total accepted (COD_MAX_RUPEES), refused with a 409 above it. */
  codMaxPaise?: number;
  /** The coupon on the cart with the shopper's uses of it (cart orders), decided again here. */
  coupon?: ReadCoupon | null;
  /** The total the shopper saw (paise), when their client sent it: another total is a 409. */
  expectedTotalPaise?: number;
  /** The admin's shipping settings (delivery `readShippingSettings`): the order's shipping and COD fees. */
  shipping: ShippingSettings;
  /** Holidays, transit days and the pincodes without COD (config.delivery): promised dates, COD refused. */
  delivery: Config['delivery'];
}

/** The money columns are 32-bit paise: an order past Rs. 2 crore cannot be written. */
const MAX_ORDER_PAISE = 2 ** 31 - 1;
export const TOO_LARGE = 'This order is too large to place at once: please order fewer units';

/** COD_MAX_RUPEES refused an order: what the shopper reads. */
export const overCodLimit = (maxPaise: number) =>
  `Cash On Delivery is available for orders up to Rs. ${(maxPaise / 100).toLocaleString('en-IN')}: please pay online`;

/** Why an order was refused: the line asking for more than is left, by product name and quantity. */
export const notEnoughStock = (productName: string, quantity: number) =>
  `Not enough stock for "${productName}": fewer than ${quantity} left`;

/** The rows an order is written as: the order and its items, priced and taxed. */
export interface OrderDraft {
  order: typeof orders.$inferInsert & {
    subtotalPaise: number;
    gstPaise: number;
    totalPaise: number;
    paymentMethod: 'cod' | 'stripe';
  };
  items: Omit<typeof orderItems.$inferInsert, 'orderId'>[];
  /** The order's shipping and COD fees, one row each (order_charges), by seller id. */
  charges: Omit<typeof orderCharges.$inferInsert, 'orderId'>[];
  /** The coupon's use this order takes (written with the order, exactly: offers module). */
  redemption: Redemption | null;
}

/**
 * The order priced again at the order comes to another total than the shopper saw (a sale started
 * or ended, the seller changed a price): 409, nothing placed, the new total said.
 */
export function pricesChanged(totalPaise: number) {
  const now = (totalPaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
  return new AppError(
    'CONFLICT',
    `Prices in your cart have changed: the total is now Rs. ${now}. Check your cart and place the order again`,
    [{ msg: 'Prices in your cart have changed', path: 'expectedTotal' }],
  );
}

/** A coupon on the cart that does not apply to the order as it is now: what the shopper reads. */
export const couponRefused = (message: string) =>
  `${message}. Remove the coupon from your cart to place the order`;

/** Lines in the order their stock is taken (product id, then size id): no deadlock cycles. */
export const inLockOrder = <L extends { product: { id: string }; variant: { id: string } }>(
  lines: readonly L[],
) =>
  [...lines].sort((a, b) =>
    a.product.id === b.product.id
      ? a.variant.id < b.variant.id
        ? -1
        : 1
      : a.product.id < b.product.id
        ? -1
        : 1,
  );

/**
 * Prices the lines as the shopper pays them at `on` (a sale price open then, the coupon's shares:
 * catalog `priceLines`, the offers rules), taxes them with the one tax function (contracts/src/tax.ts,
 * as GST_MODE says) and checks what an order may be: within the money columns and the COD limit,
 * with a coupon that still applies (409 otherwise). Card checkouts and Cash On Delivery both place
 * what this drafts. COD orders start `cod_due` with items `pending`; card orders `awaiting_payment` on both.
 */
export function draftOrder(customer: Customer, input: NewOrder, on = new Date()): OrderDraft {
  const { postalCode } = input.address;
  // Cash On Delivery where the courier does not collect cash: refused before anything is written.
  if (input.method === 'cod' && !codOffered(postalCode, input.delivery))
    throw conflict(noCodHere(postalCode));
  const lines = inLockOrder(input.lines);
  const coupon = input.coupon ?? null;
  const priced = priceLines(lines, { view: { now: on, signedIn: true }, coupon });
  if (priced.coupon && !priced.coupon.ok) throw conflict(couponRefused(priced.coupon.message));
  const taxed = taxOrder(
    input.gstMode,
    lines.map((l, i) => ({
      key: l.variant.id,
      sellerId: l.product.sellerId,
      unitPricePaise: priced.lines[i]!.unitPaise,
      quantity: l.quantity,
      hsn: hsnOf(l.product),
      discountPaise: priced.lines[i]!.discountPaise,
    })),
    on,
    input.shipping,
    input.method,
  );
  const promised = promisesBySeller(lines, postalCode, input.delivery, on);
  if (taxed.totalPaise > MAX_ORDER_PAISE) throw conflict(TOO_LARGE);
  if (input.expectedTotalPaise !== undefined && input.expectedTotalPaise !== taxed.totalPaise)
    throw pricesChanged(taxed.totalPaise);
  if (input.codMaxPaise !== undefined && taxed.totalPaise > input.codMaxPaise) {
    throw conflict(overCodLimit(input.codMaxPaise));
  }
  const card = input.method === 'stripe';
  return {
    order: {
      userId: input.userId,
      customerName: customer.fullName,
      customerEmail: customer.email,
      customerMobile: customer.mobile,
      paymentMethod: input.method,
      paymentStatus: card ? 'awaiting_payment' : 'cod_due',
      address: input.address.address,
      city: input.address.city,
      state: input.address.state,
      postalCode: input.address.postalCode,
      subtotalPaise: taxed.subtotalPaise,
      gstPaise: taxed.gstPaise,
      totalPaise: taxed.totalPaise,
      shippingPaise: taxed.shippingPaise,
      codFeePaise: taxed.codFeePaise,
      discountPaise: taxed.discountPaise,
      couponCode: coupon && taxed.discountPaise > 0 ? coupon.terms.code : null,
      couponFundedBy: coupon && taxed.discountPaise > 0 ? coupon.terms.fundedBy : null,
      gstMode: input.gstMode,
      provider: input.provider ?? null,
      source: input.source,
      reservationExpiresAt: input.reservationExpiresAt ?? null,
    },
    items: lines.map((l, i) => ({
      productId: l.product.id,
      variantId: l.variant.id,
      size: l.variant.size,
      color: colourOf(l.variant, l.product),
      sellerId: l.product.sellerId,
      productName: l.product.name,
      productImage: l.product.imageUrl,
      productCategory: l.product.category,
      productSubCategory: l.product.subCategory,
      unitPricePaise: priced.lines[i]!.unitPaise,
      quantity: l.quantity,
      amountPaise: taxed.lines[i]!.amountPaise,
      discountPaise: taxed.lines[i]!.discountPaise,
      hsn: taxed.lines[i]!.hsn,
      gstRateBp: taxed.lines[i]!.ratePercent * 100,
      taxablePaise: taxed.lines[i]!.taxablePaise,
      taxPaise: taxed.lines[i]!.taxPaise,
      status: card ? ('awaiting_payment' as const) : ('pending' as const),
      dispatchBy: promised.get(l.product.sellerId)?.dispatchBy ?? null,
      deliverBy: promised.get(l.product.sellerId)?.deliverBy ?? null,
    })),
    charges: taxed.charges.map(chargeRow),
    redemption:
      coupon && taxed.discountPaise > 0
        ? {
            couponId: coupon.terms.id,
            userId: input.userId,
            useNumber: coupon.nextUse,
            discountPaise: taxed.discountPaise,
          }
        : null,
  };
}

/** A taxed charge as its order_charges row (rate in basis points, like the items'). */
const chargeRow = (c: TaxedCharge): OrderDraft['charges'][number] => ({
  kind: c.kind,
  sellerId: c.sellerId,
  feePaise: c.feePaise,
  gstRateBp: c.ratePercent * 100,
  taxablePaise: c.taxablePaise,
  taxPaise: c.taxPaise,
});

/** The first line (in the order stock is taken in) asking for more than its size's stock as read. */
export const shortLine = <L extends DraftLine>(lines: readonly L[]) =>
  inLockOrder(lines).find((l) => l.quantity > l.variant.stock);

/** 409 naming a line that asks for more than is left. */
export const refuseShort = (line: DraftLine) =>
  conflict(notEnoughStock(lineName(line.product.name, line.variant), line.quantity));

/**
 * A card checkout's order, in the caller's transaction: drafts it (draftOrder), takes the stock of
 * every line (all or none: a shortage throws and the transaction rolls back) and writes the order
 * with its items and its shipping and COD fees (order_charges).
 */
export async function createOrder(tx: DbOrTx, input: NewOrder) {
  const customer = input.customer ?? (await lockCustomer(tx, input.userId));
  const draft = draftOrder(customer, input);
  const stockLeft = await takeStockOf(
    tx,
    draft.items.map((i) => ({ productId: i.productId!, variantId: i.variantId!, quantity: i.quantity })),
  );
  // The first line (in the order stock is taken in) asking for more than is left.
  const short = inLockOrder(input.lines).find((l) => !stockLeft.has(l.variant.id));
  if (short) throw refuseShort(short);
  const [order] = await tx.insert(orders).values(draft.order).returning();
  const items = await tx
    .insert(orderItems)
    .values(draft.items.map((i) => ({ ...i, orderId: order!.id })))
    .returning();
  const charges =
    draft.charges.length > 0
      ? await tx
          .insert(orderCharges)
          .values(draft.charges.map((c) => ({ ...c, orderId: order!.id })))
          .returning()
      : [];
  if (draft.redemption) {
    const taken = await redeemCoupon(tx, { ...draft.redemption, orderId: order!.id });
    if (taken !== true) throw conflict(couponGone(input.coupon!.terms.code, taken));
  }
  return { order: order!, items, charges };
}

/** A coupon whose last use, or this shopper's, another order took first: nothing is placed. */
export const couponGone = (code: string, why: 'used_up' | 'already_used') =>
  why === 'used_up'
    ? `${code} has just been used up: remove it from your cart to place the order`
    : `You have already used ${code}: remove it from your cart to place the order`;

/**
 * Part of the Cash On Delivery order's one statement (workflows/place-cod-order.ts): inserts the
 * drafted order, only when `ok` (the statement's checks) holds, and its items. Values come in as
 * placeholders: `order*` for the order's fields, `item*` arrays for its items, in draft order. An
 * order with a confirmation deadline (`orderCodConfirmBy`, issue 39) has its items written
 * `awaiting_confirmation`, else `pending`.
 */
export const orderWriteSql = (ok: SQL) => sql`
placed as (
  insert into orders (user_id, customer_name, customer_email, customer_mobile, payment_method,
    payment_status, address, city, state, postal_code, subtotal_paise, gst_paise, total_paise, source, gst_mode,
    discount_paise, coupon_code, coupon_funded_by, shipping_paise, cod_fee_paise, cod_confirm_by)
  select ${sql.placeholder('userId')}::uuid, ${sql.placeholder('orderName')}, ${sql.placeholder('orderEmail')},
    ${sql.placeholder('orderMobile')}, 'cod', 'cod_due', ${sql.placeholder('orderAddress')},
    ${sql.placeholder('orderCity')}, ${sql.placeholder('orderState')}, ${sql.placeholder('orderPostalCode')},
    ${sql.placeholder('orderSubtotal')}::int, ${sql.placeholder('orderGst')}::int, ${sql.placeholder('orderTotal')}::int,
    'cart', ${sql.placeholder('orderGstMode')}, ${sql.placeholder('orderDiscount')}::int,
    ${sql.placeholder('orderCouponCode')}::text, ${sql.placeholder('orderCouponFundedBy')}::text,
    ${sql.placeholder('orderShipping')}::int, ${sql.placeholder('orderCodFee')}::int,
    ${sql.placeholder('orderCodConfirmBy')}::timestamptz
  where ${ok}
  returning id, created_at, cod_confirm_by
),
items as (
  insert into order_items (order_id, product_id, variant_id, size, color, seller_id, product_name,
    product_image, product_category, product_sub_category, unit_price_paise, quantity, amount_paise, hsn,
    gst_rate_bp, taxable_paise, tax_paise, discount_paise, status, dispatch_by, deliver_by)
  select placed.id, i.product_id, i.variant_id, i.size, i.color, i.seller_id, i.product_name, i.product_image,
    i.product_category, i.product_sub_category, i.unit_price_paise, i.quantity, i.amount_paise, i.hsn,
    i.gst_rate_bp, i.taxable_paise, i.tax_paise, i.discount_paise,
    case when placed.cod_confirm_by is null then 'pending' else 'awaiting_confirmation' end,
    i.dispatch_by, i.deliver_by
  from placed, unnest(${sql.placeholder('itemProductIds')}::uuid[], ${sql.placeholder('itemVariantIds')}::uuid[],
    ${sql.placeholder('itemSizes')}::text[], ${sql.placeholder('itemColors')}::text[],
    ${sql.placeholder('itemSellerIds')}::uuid[], ${sql.placeholder('itemNames')}::text[],
    ${sql.placeholder('itemImages')}::text[], ${sql.placeholder('itemCategories')}::text[],
    ${sql.placeholder('itemSubCategories')}::text[], ${sql.placeholder('itemUnitPrices')}::int[],
    ${sql.placeholder('itemQuantities')}::int[], ${sql.placeholder('itemAmounts')}::int[],
    ${sql.placeholder('itemHsns')}::text[], ${sql.placeholder('itemRates')}::int[],
    ${sql.placeholder('itemTaxables')}::int[], ${sql.placeholder('itemTaxes')}::int[],
    ${sql.placeholder('itemDiscounts')}::int[], ${sql.placeholder('itemDispatchBy')}::date[],
    ${sql.placeholder('itemDeliverBy')}::date[])
    with ordinality as i(product_id, variant_id, size, color, seller_id, product_name, product_image,
      product_category, product_sub_category, unit_price_paise, quantity, amount_paise, hsn, gst_rate_bp,
      taxable_paise, tax_paise, discount_paise, dispatch_by, deliver_by, n)
  order by i.n
  returning id, variant_id, created_at
),
charged as (
  insert into order_charges (order_id, seller_id, kind, fee_paise, gst_rate_bp, taxable_paise, tax_paise)
  select placed.id, c.seller_id, c.kind, c.fee_paise, c.gst_rate_bp, c.taxable_paise, c.tax_paise
  from placed, unnest(${sql.placeholder('chargeSellerIds')}::uuid[], ${sql.placeholder('chargeKinds')}::text[],
    ${sql.placeholder('chargeFees')}::int[], ${sql.placeholder('chargeRates')}::int[],
    ${sql.placeholder('chargeTaxables')}::int[], ${sql.placeholder('chargeTaxes')}::int[])
    as c(seller_id, kind, fee_paise, gst_rate_bp, taxable_paise, tax_paise)
  returning id
)`;

/** The placeholders of orderWriteSql for a drafted COD order. */
export function orderWriteValues({ order, items, charges }: OrderDraft) {
  return {
    userId: order.userId!,
    orderName: order.customerName,
    orderEmail: order.customerEmail,
    orderMobile: order.customerMobile,
    orderAddress: order.address,
    orderCity: order.city,
    orderState: order.state,
    orderPostalCode: order.postalCode,
    orderSubtotal: order.subtotalPaise,
    orderGst: order.gstPaise,
    orderTotal: order.totalPaise,
    orderGstMode: order.gstMode,
    orderDiscount: order.discountPaise ?? 0,
    orderCouponCode: order.couponCode ?? null,
    orderCouponFundedBy: order.couponFundedBy ?? null,
    orderShipping: order.shippingPaise ?? 0,
    orderCodFee: order.codFeePaise ?? 0,
    // A COD order the shopper must confirm (issue 39): its items are written `awaiting_confirmation`.
    orderCodConfirmBy: order.codConfirmBy?.toISOString() ?? null,
    itemProductIds: items.map((i) => i.productId),
    itemVariantIds: items.map((i) => i.variantId),
    itemSizes: items.map((i) => i.size),
    itemColors: items.map((i) => i.color),
    itemSellerIds: items.map((i) => i.sellerId),
    itemNames: items.map((i) => i.productName),
    itemImages: items.map((i) => i.productImage),
    itemCategories: items.map((i) => i.productCategory),
    itemSubCategories: items.map((i) => i.productSubCategory),
    itemUnitPrices: items.map((i) => i.unitPricePaise),
    itemQuantities: items.map((i) => i.quantity),
    itemAmounts: items.map((i) => i.amountPaise),
    itemHsns: items.map((i) => i.hsn),
    itemRates: items.map((i) => i.gstRateBp),
    itemTaxables: items.map((i) => i.taxablePaise),
    itemTaxes: items.map((i) => i.taxPaise),
    itemDiscounts: items.map((i) => i.discountPaise ?? 0),
    itemDispatchBy: items.map((i) => i.dispatchBy ?? null),
    itemDeliverBy: items.map((i) => i.deliverBy ?? null),
    chargeSellerIds: charges.map((c) => c.sellerId),
    chargeKinds: charges.map((c) => c.kind),
    chargeFees: charges.map((c) => c.feePaise),
    chargeRates: charges.map((c) => c.gstRateBp),
    chargeTaxables: charges.map((c) => c.taxablePaise),
    chargeTaxes: charges.map((c) => c.taxPaise),
  };
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
