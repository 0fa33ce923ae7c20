import { type Locale, orderNumber } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { orderItems, orders, sellers, users } from '../../db/schema.ts';
import { lineName } from '../catalog/index.ts';
import type { CancelledBy, MailMessage } from '../mail/index.ts';
import {
  cancellationMail,
  newOrderMail,
  orderConfirmationMail,
  sellerCancellationNote,
  shipmentMail,
} from '../mail/index.ts';
import { type OrderRecipient, wantsOrderMails } from '../messages/index.ts';
import type { OrderDeps } from './fulfilment.ts';
import type { OrderHeader } from './order-lines.ts';

/**
 * E-mails for a newly placed order: a confirmation to the customer and one message per seller with
 * their items. Sent after the order's transaction; a mail failure is logged, never undoes the order.
 */
export async function notifyOrderPlaced(deps: OrderDeps, orderId: string) {
  try {
    const rows = await deps.db
      .select({ order: orders, item: orderItems, sellerEmail: sellers.email, locale: users.locale })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(sellers, eq(sellers.id, orderItems.sellerId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orderItems.orderId, orderId));
    const order = rows[0]?.order;
    if (!order) return;
    await deps.mailer.send(
      ...orderPlacedMails(
        order,
        rows.map((r) => ({ ...r.item, sellerEmail: r.sellerEmail })),
        rows[0]?.locale ?? 'en',
        await wantsOrderMails(deps.db, orderId),
      ),
    );
  } catch (err) {
    deps.log.error({ err, orderId }, 'order e-mails failed');
  }
  await textOrderPlaced(deps, orderId);
}

/** The shopper's SMS or WhatsApp for a placed order (their choices decide which; once per order). */
const textOrderPlaced = (deps: Pick<OrderDeps, 'messenger'>, orderId: string) =>
  deps.messenger.orderUpdate({ kind: 'order_placed', orderId, dedupeKey: `order_placed:${orderId}` });

/**
 * The same e-mails for an order whose rows and shopper the caller already holds (nothing is read
 * again), and the shopper's SMS or WhatsApp; `locale` is the language the shopper ordered in (the
 * request's `lang` cookie).
 */
export async function mailOrderPlaced(
  deps: Pick<OrderDeps, 'mailer' | 'messenger' | 'log'>,
  order: PlacedOrder,
  items: PlacedItem[],
  locale: Locale,
  recipient: OrderRecipient,
) {
  try {
    await deps.mailer.send(...orderPlacedMails(order, items, locale, recipient.orders.email));
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'order e-mails failed');
  }
  await deps.messenger.orderUpdate({
    kind: 'order_placed',
    orderId: order.id,
    recipient,
    dedupeKey: `order_placed:${order.id}`,
  });
}

/** The order fields its e-mails show: the answer's header (less status and date) and the customer. */
type PlacedOrder = Omit<OrderHeader, 'paymentStatus' | 'createdAt'> &
  Pick<typeof orders.$inferSelect, 'customerName' | 'customerEmail'>;
type PlacedItem = Pick<
  typeof orderItems.$inferSelect,
  'productName' | 'size' | 'color' | 'quantity' | 'amountPaise'
> & {
  sellerEmail: string;
};

/**
 * A confirmation to the customer (unless they turned order e-mails off), and to each seller a
 * message with only their items.
 */
function orderPlacedMails(
  order: PlacedOrder,
  items: PlacedItem[],
  locale: Locale,
  customerWantsMail: boolean,
): MailMessage[] {
  const mailItem = (i: PlacedItem) => ({
    name: lineName(i.productName, i),
    quantity: i.quantity,
    amountPaise: i.amountPaise,
  });
  const mailOrder = {
    id: order.id,
    customerName: order.customerName ?? 'customer',
    customerEmail: order.customerEmail ?? '',
    paymentMethod: order.paymentMethod,
    address: `${order.address}, ${order.city}, ${order.state} ${order.postalCode}`,
    subtotalPaise: order.subtotalPaise,
    gstPaise: order.gstPaise,
    totalPaise: order.totalPaise,
    shippingPaise: order.shippingPaise ?? 0,
    codFeePaise: order.codFeePaise ?? 0,
    items: items.map(mailItem),
  };
  const mails: MailMessage[] =
    order.customerEmail && customerWantsMail
      ? [orderConfirmationMail({ ...mailOrder, customerLocale: locale })]
      : [];
  const bySeller = new Map<string, PlacedItem[]>();
  for (const i of items) bySeller.set(i.sellerEmail, [...(bySeller.get(i.sellerEmail) ?? []), i]);
  for (const [email, sellerItems] of bySeller) {
    mails.push(newOrderMail(email, mailOrder, sellerItems.map(mailItem)));
  }
  return mails;
}

export async function notifyShipped(
  deps: Pick<OrderDeps, 'db' | 'mailer' | 'log'>,
  order: { id: string; customerEmail: string | null; customerName: string | null },
  item: { productName: string; size: string; color: string; quantity: number; amountPaise: number },
) {
  if (!order.customerEmail) return;
  try {
    if (!(await wantsOrderMails(deps.db, order.id))) return;
    const [customer] = await deps.db
      .select({ locale: users.locale })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, order.id));
    await deps.mailer.send(
      shipmentMail(
        order.customerEmail,
        order.customerName ?? 'customer',
        order.id,
        {
          name: lineName(item.productName, item),
          quantity: item.quantity,
          amountPaise: item.amountPaise,
        },
        customer?.locale,
      ),
    );
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'shipment e-mail failed');
  }
}

/**
 * E-mails for a cancelled item: the shopper is told (with the card refund, when one was made) and
 * the seller is told not to ship it. Sent after the cancellation committed; a failure is logged and
 * never undoes the cancellation.
 */
export async function notifyItemCancelled(
  deps: Pick<OrderDeps, 'db' | 'mailer' | 'log'>,
  cancelled: {
    item: {
      id: string;
      orderId: string;
      sellerId: string;
      productName: string;
      size: string;
      color: string;
      quantity: number;
      amountPaise: number;
    };
    by: CancelledBy;
    refundPaise: number | null;
  },
) {
  const { item } = cancelled;
  try {
    const [row] = await deps.db
      .select({ order: orders, sellerEmail: sellers.email, locale: users.locale })
      .from(orders)
      .innerJoin(sellers, eq(sellers.id, item.sellerId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, item.orderId));
    if (!row) return;
    const { order, sellerEmail } = row;
    const mail = {
      orderNumber: orderNumber(order.id),
      customerName: order.customerName ?? 'customer',
      customerEmail: order.customerEmail,
      sellerEmail,
      item: {
        name: lineName(item.productName, item),
        quantity: item.quantity,
        amountPaise: item.amountPaise,
      },
      by: cancelled.by,
      paymentMethod: order.paymentMethod,
      refundPaise: cancelled.refundPaise,
      customerLocale: row.locale ?? 'en',
    };
    const customerEmail = order.customerEmail;
    await deps.mailer.send(
      ...(customerEmail ? [cancellationMail({ ...mail, customerEmail })] : []),
      sellerCancellationNote(mail),
    );
  } catch (err) {
    deps.log.error({ err, itemId: item.id }, 'cancellation e-mails failed');
  }
}
