import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { OrderItemRow } from './create-order.ts';
import { orderItems } from './tables.ts';

/** The parcel of a return is back: its units count as returned (never more than were bought). */
export async function countUnitsBack(tx: DbOrTx, item: OrderItemRow, units: number) {
  const [row] = await tx
    .update(orderItems)
    .set({ returnedQuantity: sql`${orderItems.returnedQuantity} + ${units}`, updatedAt: new Date() })
    .where(
      and(eq(orderItems.id, item.id), sql`${orderItems.returnedQuantity} + ${units} <= ${item.quantity}`),
    )
    .returning({ id: orderItems.id });
  if (!row) throw new Error(`item ${item.id}: ${units} more units back would exceed its ${item.quantity}`);
}

/**
 * An exchange's new size as a new item of the same order at no charge (unit price, amount, taxable
 * value and tax 0): the seller's next pending item. Returns its id.
 */
export async function addExchangeItem(
  tx: DbOrTx,
  exchange: { returnId: string; quantity: number },
  item: OrderItemRow,
  size: { variantId: string; size: string; color: string },
) {
  const [replacement] = await tx
    .insert(orderItems)
    .values({
      orderId: item.orderId,
      productId: item.productId,
      sellerId: item.sellerId,
      variantId: size.variantId,
      size: size.size,
      color: size.color,
      productName: item.productName,
      productImage: item.productImage,
      productCategory: item.productCategory,
      productSubCategory: item.productSubCategory,
      unitPricePaise: 0,
      quantity: exchange.quantity,
      amountPaise: 0,
      hsn: item.hsn,
      gstRateBp: item.gstRateBp,
      taxablePaise: 0,
      taxPaise: 0,
      status: 'pending',
      exchangeOfReturnId: exchange.returnId,
    })
    .returning({ id: orderItems.id });
  return replacement!.id;
}
