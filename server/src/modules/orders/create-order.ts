import { type GstMode, taxLines } from '@vastra/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { type Customer, lockCustomer } from '../accounts/index.ts';
import type { ShippingAddress } from '../cart/index.ts';
import type { ProductRow, VariantRow } from '../catalog/index.ts';
import { colourOf, hsnOf, lineName, takeStock } from '../catalog/index.ts';

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
}

/** Why an order was refused: the line asking for more than is left, by product name and quantity. */
export const notEnoughStock = (productName: string, quantity: number) =>
  `Not enough stock for "${productName}": fewer than ${quantity} left`;

/**
 * Takes the stock of every line (all or none: a shortage throws and the transaction rolls back)
 * and writes the order with its items, prices and totals from the database rows given.
 * COD orders start `cod_due` with items `pending`; card orders `awaiting_payment` on both.
 */
export async function createOrder(tx: DbOrTx, input: NewOrder) {
  const customer = input.customer ?? (await lockCustomer(tx, input.userId));
  // A fixed locking order (product id, then variant id) keeps concurrent multi-line orders free of
  // deadlocks: the COD statement locks in the same order.
  const lines = [...input.lines].sort((a, b) =>
    a.product.id === b.product.id
      ? a.variant.id < b.variant.id
        ? -1
        : 1
      : a.product.id < b.product.id
        ? -1
        : 1,
  );
  for (const line of lines) {
    if (!(await takeStock(tx, { productId: line.product.id, variantId: line.variant.id }, line.quantity))) {
      throw conflict(notEnoughStock(lineName(line.product.name, line.variant), line.quantity));
    }
  }
  const taxed = taxLines(
    input.gstMode,
    input.lines.map((l) => ({
      key: l.variant.id,
      unitPricePaise: l.variant.pricePaise,
      quantity: l.quantity,
      hsn: hsnOf(l.product),
    })),
    new Date(),
  );
  const card = input.method === 'stripe';
  const [order] = await tx
    .insert(orders)
    .values({
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
      gstMode: input.gstMode,
      provider: input.provider ?? null,
      source: input.source,
      reservationExpiresAt: input.reservationExpiresAt ?? null,
    })
    .returning();
  const items = await tx
    .insert(orderItems)
    .values(
      input.lines.map((l, i) => ({
        orderId: order!.id,
        productId: l.product.id,
        variantId: l.variant.id,
        size: l.variant.size,
        color: colourOf(l.variant, l.product),
        sellerId: l.product.sellerId,
        productName: l.product.name,
        productImage: l.product.imageUrl,
        productCategory: l.product.category,
        productSubCategory: l.product.subCategory,
        unitPricePaise: l.variant.pricePaise,
        quantity: l.quantity,
        amountPaise: l.variant.pricePaise * l.quantity,
        hsn: taxed.lines[i]!.hsn,
        gstRateBp: taxed.lines[i]!.ratePercent * 100,
        taxablePaise: taxed.lines[i]!.taxablePaise,
        taxPaise: taxed.lines[i]!.taxPaise,
        status: card ? ('awaiting_payment' as const) : ('pending' as const),
      })),
    )
    .returning();
  return { order: order!, items };
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
