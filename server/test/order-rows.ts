import type { DbOrTx } from '../src/db/client.ts';
import { orderItems, orders, type products } from '../src/db/schema.ts';

type OrderRow = typeof orders.$inferInsert;
type ItemStatus = (typeof orderItems.$inferInsert)['status'];

/**
 * Writes an order with one item of `product` straight into the tables, for tests that need purchase
 * history without going through checkout (reviews' verified flag, admin lists and figures).
 */
export async function insertOrderRow(
  db: DbOrTx,
  userId: string | null,
  product: typeof products.$inferSelect,
  opts: {
    quantity?: number;
    itemStatus?: ItemStatus;
    order?: Partial<OrderRow>;
    item?: Partial<typeof orderItems.$inferInsert>;
  } = {},
) {
  const quantity = opts.quantity ?? 1;
  const amountPaise = product.pricePaise * quantity;
  const gstPaise = Math.round((amountPaise * 18) / 100);
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      customerName: 'Asha Verma',
      customerEmail: 'asha@example.in',
      paymentMethod: 'cod',
      paymentStatus: 'cod_due',
      address: '14 Residency Road',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
      subtotalPaise: amountPaise,
      gstPaise,
      totalPaise: amountPaise + gstPaise,
      ...opts.order,
    })
    .returning();
  const [item] = await db
    .insert(orderItems)
    .values({
      orderId: order!.id,
      productId: product.id,
      sellerId: product.sellerId,
      productName: product.name,
      productImage: product.imageUrl,
      productCategory: product.category,
      productSubCategory: product.subCategory,
      unitPricePaise: product.pricePaise,
      quantity,
      amountPaise,
      taxablePaise: amountPaise,
      taxPaise: gstPaise,
      status: opts.itemStatus ?? 'pending',
      ...opts.item,
      ...(opts.order?.createdAt ? { createdAt: opts.order.createdAt } : {}),
    })
    .returning();
  return { order: order!, item: item! };
}
