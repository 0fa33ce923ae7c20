import { orderNumber, paymentMethodName } from '@vastra/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders, productVariants, sellers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { buyerPaysPaise, codFeesDuePaise, codToCollectPaise } from '../orders/index.ts';

export const ORDER_NOT_FOUND = 'Order not found';

/** What a packing slip and a shipping label print: one seller's part of one order. */
export interface ShippingDoc {
  orderId: string;
  orderNumber: string;
  date: Date;
  paymentMethod: string;
  cod: boolean;
  /** What the buyer pays for these items, GST included, and the cash to collect at the door. */
  buyerPaysPaise: number;
  codToCollectPaise: number;
  shipTo: { name: string; address: string; city: string; state: string; postalCode: string; mobile: string };
  returnTo: { name: string; address: string; mobile: string };
  courier: string | null;
  awb: string | null;
  items: { name: string; size: string; color: string; sku: string; quantity: number }[];
}

/**
 * The seller's items of each order (cancelled ones left out), in the order asked for. An order with
 * no item of this seller is 404, as if it did not exist: a seller learns nothing of other orders.
 */
export async function shippingDocs(db: DbOrTx, sellerId: string, orderIds: readonly string[]) {
  const ids = [...new Set(orderIds)];
  const rows = await db
    .select({ item: orderItems, order: orders, sku: productVariants.sku })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(
      and(
        inArray(orderItems.orderId, ids),
        eq(orderItems.sellerId, sellerId),
        ne(orderItems.status, 'cancelled'),
        // Not an unpaid card checkout: nothing to pack yet.
        ne(orderItems.status, 'awaiting_payment'),
      ),
    )
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const [seller] = await db
    .select({ name: sellers.companyName, address: sellers.companyAddress, mobile: sellers.mobile })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  // The shipment's shipping and COD fees, collected in cash with it (issue 37).
  const fees = await codFeesDuePaise(db, sellerId, ids);
  return ids.map((id): ShippingDoc => {
    const mine = rows.filter((r) => r.order.id === id);
    const order = mine[0]?.order;
    if (!order || !seller) throw notFound(ORDER_NOT_FOUND);
    const shipped = mine.find((r) => r.item.courier);
    return {
      orderId: order.id,
      orderNumber: orderNumber(order.id),
      date: order.createdAt,
      paymentMethod: paymentMethodName(order.paymentMethod, order.provider),
      cod: order.paymentMethod === 'cod',
      buyerPaysPaise: mine.reduce((s, r) => s + buyerPaysPaise(r.item, r.order), 0),
      codToCollectPaise:
        mine.reduce((s, r) => s + codToCollectPaise(r.item, r.order), 0) + (fees.get(order.id) ?? 0),
      shipTo: {
        name: order.customerName ?? '',
        address: order.address,
        city: order.city,
        state: order.state,
        postalCode: order.postalCode,
        mobile: order.customerMobile ?? '',
      },
      returnTo: seller,
      courier: shipped?.item.courier ?? null,
      awb: shipped?.item.awb ?? null,
      items: mine.map(({ item, sku }) => ({
        name: item.productName,
        size: item.size,
        color: item.color,
        sku: sku ?? '',
        quantity: item.quantity,
      })),
    };
  });
}
