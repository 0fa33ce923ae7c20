import { orderNumber, paymentMethodName } from '@vastra/contracts';
import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders, productVariants } from '../../db/schema.ts';
import { csvFile, rupeesText } from '../../lib/csv.ts';
import { buyerPaysPaise, codToCollectPaise, itemPaymentStatus } from '../orders/index.ts';

export const ORDER_EXPORT_HEADER = [
  'order_number',
  'order_id',
  'item_id',
  'date',
  'product',
  'size',
  'color',
  'sku',
  'quantity',
  'amount_inr',
  'gst_inr',
  'buyer_pays_inr',
  'payment_method',
  'payment_status',
  'cod_to_collect_inr',
  'status',
  'courier',
  'awb',
  'customer_name',
  'city',
  'state',
  'postal_code',
] as const;

/** `GET /api/seller/orders/export.csv`: every placed item of the seller's, newest first, one line each. */
export async function exportOrdersCsv(db: DbOrTx, sellerId: string): Promise<string> {
  const rows = await db
    .select({ item: orderItems, order: orders, sku: productVariants.sku })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(
      and(
        eq(orderItems.sellerId, sellerId),
        notInArray(orders.paymentStatus, ['awaiting_payment', 'failed']),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderItems.id));
  return csvFile(
    ORDER_EXPORT_HEADER,
    rows.map(({ item, order, sku }) => [
      orderNumber(order.id),
      order.id,
      item.id,
      order.createdAt.toISOString(),
      item.productName,
      item.size,
      item.color,
      sku,
      item.quantity,
      rupeesText(item.amountPaise),
      rupeesText(item.taxPaise),
      rupeesText(buyerPaysPaise(item, order)),
      paymentMethodName(order.paymentMethod, order.provider),
      itemPaymentStatus(item, order),
      rupeesText(codToCollectPaise(item, order)),
      item.status,
      item.courier,
      item.awb,
      order.customerName,
      order.city,
      order.state,
      order.postalCode,
    ]),
  );
}
