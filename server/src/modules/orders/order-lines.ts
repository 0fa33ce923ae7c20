import {
  type ApiOrder,
  gstStateCode,
  type OrderLine,
  orderNumber,
  type PaymentStatus,
  paymentMethodName,
  type SellerOrderLine,
  type ShipmentPromise,
  type ShoppingProduct,
  sellerStateCode,
  splitTax,
  supplyOf,
  type TaxLine,
} from '@vastra/contracts';
import { and, asc, count, desc, eq, notInArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { orderCharges, orderItems, orders, products, sellers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { ListPage } from '../../lib/legacy-list.ts';
import { paiseToRupees, rupeesToPaise } from '../../lib/money.ts';
import { type ProductRow, productColumns, toApiProduct } from '../catalog/index.ts';
import type { OrderItemRow, OrderRow } from './create-order.ts';

const itemSeller = alias(sellers, 'item_seller');

/** Orders a customer or seller sees: placed ones (not an unpaid or abandoned card checkout). */
export const isPlaced = notInArray(orders.paymentStatus, ['awaiting_payment', 'failed']);

interface SelectedItem {
  item: OrderItemRow;
  order: OrderRow;
  current: ProductRow | null;
  company: string;
  sellerGstin: string | null;
  sellerState: string;
}

export interface JoinedItem extends SelectedItem {
  sellerStateCode: string | null;
}

export const joinedItems = (rows: unknown[]): JoinedItem[] =>
  (rows as SelectedItem[]).map((r) => ({
    ...r,
    sellerStateCode: sellerStateCode({ gstin: r.sellerGstin, state: r.sellerState }),
  }));

/** The order fields an answer shows. */
export type OrderHeader = Pick<
  OrderRow,
  | 'id'
  | 'paymentMethod'
  | 'paymentStatus'
  | 'address'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'subtotalPaise'
  | 'gstPaise'
  | 'totalPaise'
  | 'gstMode'
  | 'createdAt'
> & {
  provider?: string | null;
  discountPaise?: number;
  couponCode?: string | null;
  /** The taxable values of the shipping fees and of the COD fee (0 on orders placed before them). */
  shippingPaise?: number;
  codFeePaise?: number;
  /** A COD order the shopper must confirm (issue 39): by when, and when they did. */
  codConfirmBy?: Date | null;
  codConfirmedAt?: Date | null;
};

/** An order's fee (order_charges) as its answer shows it: the shipment's shipping fee. */
export type OrderCharge = Pick<
  typeof orderCharges.$inferSelect,
  'sellerId' | 'kind' | 'feePaise' | 'taxablePaise' | 'taxPaise' | 'gstRateBp'
>;

/** What one order line of an answer is built from: the item's snapshot, its order, the product now. */
export interface LineSource {
  item: Pick<
    OrderItemRow,
    | 'id'
    | 'productId'
    | 'variantId'
    | 'size'
    | 'color'
    | 'courier'
    | 'awb'
    | 'trackingUrl'
    | 'sellerId'
    | 'productName'
    | 'productImage'
    | 'productCategory'
    | 'productSubCategory'
    | 'unitPricePaise'
    | 'quantity'
    | 'amountPaise'
    | 'hsn'
    | 'gstRateBp'
    | 'taxablePaise'
    | 'taxPaise'
    | 'invoiceId'
    | 'creditNoteId'
    | 'status'
    | 'createdAt'
  > &
    // Absent on an order just placed (not delivered, not a replacement, no cash collected, no coupon).
    Partial<
      Pick<
        OrderItemRow,
        'deliveredAt' | 'exchangeOfReturnId' | 'codCollectedAt' | 'discountPaise' | 'dispatchBy' | 'deliverBy'
      >
    >;
  order: OrderHeader;
  current: ProductRow | null;
  company: string;
  /** The seller's GST state code (null when unknown): CGST + SGST or IGST. */
  sellerStateCode: string | null;
}

/** Items with their order, the product as it is now (if it still exists) and the seller's company. */
export function selectItems(db: DbOrTx) {
  return db
    .select({
      item: orderItems,
      order: orders,
      current: productColumns,
      company: itemSeller.companyName,
      sellerGstin: itemSeller.gstin,
      sellerState: itemSeller.state,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(itemSeller, eq(itemSeller.id, orderItems.sellerId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(sellers, eq(sellers.id, products.sellerId));
}

/** What was bought (snapshot: name, image, price paid) over the product's current data when it still exists. */
function lineProduct({ item, current, company }: LineSource): ShoppingProduct {
  const base: ShoppingProduct = current?.id
    ? toApiProduct(current)
    : {
        _id: item.productId ?? '',
        productName: item.productName,
        price: 0,
        markPrice: null,
        stockQuantity: 0,
        category: item.productCategory,
        subCategory: item.productSubCategory,
        image: item.productImage,
        public_id: '',
        date: item.createdAt.toISOString(),
        rating: 0,
        ratingCount: 0,
        color: '',
        brand: '',
        companyName: company,
        sellerId: item.sellerId,
        description: '',
        images: [{ url: item.productImage, alt: item.productName, public_id: '' }],
        variants: [],
        sizes: [],
        sizeChart: null,
        hsn: item.hsn,
        regularPrice: 0,
        sale: null,
      };
  return {
    ...base,
    productName: item.productName,
    image: item.productImage,
    price: paiseToRupees(item.unitPricePaise),
    category: item.productCategory,
    subCategory: item.productSubCategory,
  };
}

export const methodLabel = (order: Pick<OrderRow, 'paymentMethod'> & { provider?: string | null }) =>
  paymentMethodName(order.paymentMethod, order.provider);

export function toOrderLine(row: LineSource): OrderLine {
  const { item, order } = row;
  return {
    _id: item.id,
    orderId: order.id,
    productId: item.productId ?? '',
    variantId: item.variantId ?? '',
    size: item.size,
    color: item.color,
    tracking: item.courier
      ? { courier: item.courier, awb: item.awb ?? '', url: item.trackingUrl ?? null }
      : null,
    quantity: item.quantity,
    amount: paiseToRupees(item.amountPaise),
    tax: lineTax(row),
    invoiceId: item.invoiceId,
    creditNoteId: item.creditNoteId,
    paymentMethod: methodLabel(order),
    paymentStatus: itemPaymentStatus(item, order),
    status: item.status,
    deliveredAt: item.deliveredAt?.toISOString() ?? null,
    exchangeOfReturnId: item.exchangeOfReturnId ?? null,
    address: order.address,
    city: order.city,
    state: order.state,
    postalCode: order.postalCode,
    date: order.createdAt.toISOString(),
    product: [lineProduct(row)],
    discount: paiseToRupees(item.discountPaise ?? 0),
    // The promise made when it was ordered (issue 37), only on items that have one.
    ...(item.deliverBy ? { deliverBy: item.deliverBy } : {}),
    ...(item.dispatchBy ? { dispatchBy: item.dispatchBy } : {}),
  };
}

/** Which order items a list shows, in which order. */
export interface OrderListQuery extends ListPage {
  /**
   * Cancelled items too, with their status (the new app's lists). The SPEC §7 calls leave them out:
   * the original client ignores `status` (SPEC §4: cancelling an order removes the line), so it
   * would offer Cancel or Confirm Shipment on an item that is gone.
   */
  includeCancelled: boolean;
}

/** Each order's items stay together; `oldest` is the exact reverse of `newest`. */
const ITEM_ORDER = {
  newest: [desc(orders.createdAt), desc(orders.id), asc(orderItems.id)],
  oldest: [asc(orders.createdAt), asc(orders.id), desc(orderItems.id)],
} as const;

async function pageOfItems(db: DbOrTx, placedBy: SQL | undefined, query: OrderListQuery) {
  const { page, limit } = query;
  const where = and(
    placedBy,
    query.includeCancelled ? undefined : notInArray(orderItems.status, ['cancelled']),
  );
  const [rows, [total]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(...ITEM_ORDER[query.order])
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: count() })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(where),
  ]);
  return { rows: joinedItems(rows), total: total?.n ?? 0 };
}

/** The customer's placed order items (`my-orders`; the web app reads them grouped: customer-orders.ts). */
export async function listCustomerOrderLines(db: DbOrTx, userId: string, query: OrderListQuery) {
  const { rows, total } = await pageOfItems(db, and(eq(orders.userId, userId), isPlaced), query);
  return { items: rows.map(toOrderLine), total };
}

/** Placed items of this seller's products only, with the buyer's details (`seller-orders`, `GET /api/seller/orders`). */
export async function listSellerOrderLines(db: DbOrTx, sellerId: string, query: OrderListQuery) {
  const { rows, total } = await pageOfItems(db, and(eq(orderItems.sellerId, sellerId), isPlaced), query);
  const lines: SellerOrderLine[] = rows.map((row) => ({
    ...toOrderLine(row),
    customerName: row.order.customerName ?? '',
    customerMobile: row.order.customerMobile ?? '',
    buyerPays: paiseToRupees(buyerPaysPaise(row.item, row.order)),
    codToCollect: paiseToRupees(codToCollectPaise(row.item, row.order)),
  }));
  return { items: lines, total };
}

/**
 * What the buyer paid or pays for an item, GST included, from the figures stored when it was placed:
 * `flat18` prices exclude GST (price × qty + its tax), `india` prices include it (price × qty); less
 * the item's share of a coupon either way (so it is the item's taxable value + tax).
 */
export const buyerPaysPaise = (
  item: Pick<OrderItemRow, 'amountPaise' | 'taxPaise'> & Partial<Pick<OrderItemRow, 'discountPaise'>>,
  order: Pick<OrderRow, 'gstMode'>,
) =>
  (order.gstMode === 'india' ? item.amountPaise : item.amountPaise + item.taxPaise) -
  (item.discountPaise ?? 0);

/** The cash a courier collects for an item: Cash On Delivery, not cancelled, not collected yet. */
export const codToCollectPaise = (
  item: Pick<OrderItemRow, 'amountPaise' | 'taxPaise' | 'status' | 'codCollectedAt'> &
    Partial<Pick<OrderItemRow, 'discountPaise'>>,
  order: Pick<OrderRow, 'gstMode' | 'paymentMethod'>,
) =>
  order.paymentMethod === 'cod' &&
  item.status !== 'cancelled' &&
  item.status !== 'rto' &&
  !item.codCollectedAt
    ? buyerPaysPaise(item, order)
    : 0;

/**
 * An item's money: a Cash On Delivery item's cash is collected when it is delivered, while its order
 * stays `cod_due` until every other item is delivered or cancelled (settleCodOrder).
 */
export const itemPaymentStatus = (
  item: Partial<Pick<OrderItemRow, 'codCollectedAt'>>,
  order: Pick<OrderRow, 'paymentMethod' | 'paymentStatus'>,
): PaymentStatus =>
  order.paymentMethod === 'cod' && item.codCollectedAt ? 'cod_collected' : order.paymentStatus;

/** One order of this customer with all its items; 404 for anyone else's. */
export async function getCustomerOrder(db: DbOrTx, userId: string, orderId: string): Promise<ApiOrder> {
  const rows = joinedItems(
    await selectItems(db)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .orderBy(orderItems.id),
  );
  const order = rows[0]?.order;
  if (!order) throw notFound('Order not found');
  const charges = await db
    .select({
      sellerId: orderCharges.sellerId,
      kind: orderCharges.kind,
      feePaise: orderCharges.feePaise,
      taxablePaise: orderCharges.taxablePaise,
      taxPaise: orderCharges.taxPaise,
      gstRateBp: orderCharges.gstRateBp,
    })
    .from(orderCharges)
    .where(eq(orderCharges.orderId, order.id));
  return toApiOrder(order, rows.map(toOrderLine), charges);
}

/** A line's tax in rupees, split by place of supply (the order's state against the seller's). */
function lineTax({ item, order, sellerStateCode }: LineSource): OrderLine['tax'] {
  const split = splitTax(item.taxPaise, supplyOf(sellerStateCode, gstStateCode(order.state)));
  return {
    hsn: item.hsn,
    rate: item.gstRateBp / 100,
    taxableValue: paiseToRupees(item.taxablePaise),
    cgst: paiseToRupees(split.cgstPaise),
    sgst: paiseToRupees(split.sgstPaise),
    igst: paiseToRupees(split.igstPaise),
  };
}

/** An order's tax lines, summed from its items' (cancelled ones too: the order's totals are as placed). */
export function orderTaxLines(items: readonly OrderLine[], charges: readonly OrderCharge[] = []): TaxLine[] {
  const sums = new Map<string, TaxLine>();
  // A fee's tax is split as its seller's goods are (the same seller, the same place of supply).
  const feeTaxes = charges.map((c) => {
    const intra = items.some((i) => i.product[0].sellerId === c.sellerId && i.tax.cgst > 0);
    const split = splitTax(c.taxPaise, intra ? 'intra' : 'inter');
    return {
      rate: c.gstRateBp / 100,
      cgst: paiseToRupees(split.cgstPaise),
      sgst: paiseToRupees(split.sgstPaise),
      igst: paiseToRupees(split.igstPaise),
    };
  });
  for (const tax of [...items.map((i) => i.tax), ...feeTaxes]) {
    const parts: [string, number, number][] = [
      ['CGST', tax.rate / 2, tax.cgst],
      ['SGST', tax.rate / 2, tax.sgst],
      ['IGST', tax.rate, tax.igst],
    ];
    for (const [kind, rate, amount] of parts) {
      if (amount === 0) continue;
      const label = `${kind} ${rate}%`;
      const line = sums.get(label) ?? { label, rate, amount: 0 };
      line.amount = paiseToRupees(rupeesToPaise(line.amount) + rupeesToPaise(amount));
      sums.set(label, line);
    }
  }
  return [...sums.values()];
}

/**
 * The order's shipments, one per seller (by seller id, as the fees are charged): the latest date its
 * items were promised by (null when none was), and its shipping fee's taxable value in rupees.
 */
export function orderShipments(
  items: readonly OrderLine[],
  charges: readonly OrderCharge[],
): ShipmentPromise[] {
  const bySeller = new Map<string, ShipmentPromise>();
  for (const line of items) {
    const { sellerId, companyName } = line.product[0];
    const shipment = bySeller.get(sellerId) ?? { sellerId, companyName, deliverBy: null, shippingFee: 0 };
    const by = line.deliverBy ?? null;
    if (by && (!shipment.deliverBy || by > shipment.deliverBy)) shipment.deliverBy = by;
    bySeller.set(sellerId, shipment);
  }
  for (const c of charges) {
    const shipment = bySeller.get(c.sellerId);
    if (shipment && c.kind === 'shipping')
      shipment.shippingFee = paiseToRupees(rupeesToPaise(shipment.shippingFee) + c.feePaise);
  }
  return [...bySeller.values()].sort((a, b) =>
    a.sellerId < b.sellerId ? -1 : a.sellerId > b.sellerId ? 1 : 0,
  );
}

export function toApiOrder(
  order: OrderHeader,
  items: OrderLine[],
  charges: readonly OrderCharge[] = [],
): ApiOrder {
  return {
    _id: order.id,
    number: orderNumber(order.id),
    paymentMethod: methodLabel(order),
    paymentStatus: order.paymentStatus,
    address: order.address,
    city: order.city,
    state: order.state,
    postalCode: order.postalCode,
    subtotal: paiseToRupees(order.subtotalPaise),
    gst: paiseToRupees(order.gstPaise),
    shipping: paiseToRupees(order.shippingPaise ?? 0),
    codFee: paiseToRupees(order.codFeePaise ?? 0),
    shipments: orderShipments(items, charges),
    total: paiseToRupees(order.totalPaise),
    taxIncluded: order.gstMode === 'india',
    taxLines: orderTaxLines(items, charges),
    date: order.createdAt.toISOString(),
    items,
    discount: paiseToRupees(order.discountPaise ?? 0),
    couponCode: order.couponCode ?? null,
    ...(awaitsConfirmation(order, items) ? { codConfirmBy: order.codConfirmBy!.toISOString() } : {}),
  };
}

/** A COD order whose items still wait for the shopper's confirmation: its answer says by when. */
const awaitsConfirmation = (order: OrderHeader, items: readonly OrderLine[]) =>
  !!order.codConfirmBy && !order.codConfirmedAt && items.some((i) => i.status === 'awaiting_confirmation');
