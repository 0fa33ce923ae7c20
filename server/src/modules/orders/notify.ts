import { eq } from 'drizzle-orm';
import { orderItems, orders, sellers } from '../../db/schema.ts';
import { newOrderMail, orderConfirmationMail, shipmentMail } from '../mail/order-mails.ts';
import type { ShopDeps } from './confirm-payment.ts';

/**
 * E-mails for a newly placed order: a confirmation to the customer and one message per seller with
 * their items. Sent after the order's transaction; a mail failure is logged, never undoes the order.
 */
export async function notifyOrderPlaced(deps: Pick<ShopDeps, 'db' | 'mailer' | 'log'>, orderId: string) {
  try {
    const rows = await deps.db
      .select({ order: orders, item: orderItems, sellerEmail: sellers.email })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
      .where(eq(orderItems.orderId, orderId));
    const order = rows[0]?.order;
    if (!order) return;
    const mailOrder = {
      id: order.id,
      customerName: order.customerName ?? 'customer',
      customerEmail: order.customerEmail ?? '',
      paymentMethod: order.paymentMethod,
      address: `${order.address}, ${order.city}, ${order.state} ${order.postalCode}`,
      subtotalPaise: order.subtotalPaise,
      gstPaise: order.gstPaise,
      totalPaise: order.totalPaise,
      items: rows.map((r) => ({
        name: r.item.productName,
        quantity: r.item.quantity,
        amountPaise: r.item.amountPaise,
      })),
    };
    if (order.customerEmail) await deps.mailer.send(orderConfirmationMail(mailOrder));
    const bySeller = new Map<string, typeof rows>();
    for (const r of rows) bySeller.set(r.sellerEmail, [...(bySeller.get(r.sellerEmail) ?? []), r]);
    for (const [email, sellerRows] of bySeller) {
      const items = sellerRows.map((r) => ({
        name: r.item.productName,
        quantity: r.item.quantity,
        amountPaise: r.item.amountPaise,
      }));
      await deps.mailer.send(newOrderMail(email, mailOrder, items));
    }
  } catch (err) {
    deps.log.error({ err, orderId }, 'order e-mails failed');
  }
}

export async function notifyShipped(
  deps: Pick<ShopDeps, 'mailer' | 'log'>,
  order: { id: string; customerEmail: string | null; customerName: string | null },
  item: { productName: string; quantity: number; amountPaise: number },
) {
  if (!order.customerEmail) return;
  try {
    await deps.mailer.send(
      shipmentMail(order.customerEmail, order.customerName ?? 'customer', order.id, {
        name: item.productName,
        quantity: item.quantity,
        amountPaise: item.amountPaise,
      }),
    );
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'shipment e-mail failed');
  }
}
