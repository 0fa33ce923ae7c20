import type { PaymentProviderName } from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import { orders } from '../db/schema.ts';
import { conflict } from '../lib/errors.ts';
import { setPaymentMethod } from '../modules/cart/index.ts';
import { codHoldOf } from '../modules/shipping/index.ts';
import { confirmSession } from './confirm-payment.ts';
import type { WorkflowDeps } from './deps.ts';
import { releaseUnpaidOrders } from './reservations.ts';

/**
 * The shopper picks how to pay (SPEC §7 `set-payment-method`). Choosing Cash On Delivery while a
 * card payment of the cart is still open means they changed their mind: unless the provider says
 * it was paid meanwhile (then it stands), the card order is released — stock back, cart lines free
 * — and its session closed, so the COD order can be placed at once instead of after the 30-minute
 * reservation. A payment that still lands later is refunded (ADR 006). A shopper whose COD is held
 * back (too many returned COD parcels, issue 38) cannot choose it: 409 with the reason, nothing changed.
 */
export async function choosePaymentMethod(
  deps: WorkflowDeps,
  userId: string,
  method: 'stripe' | 'cod',
  provider: PaymentProviderName | null = null,
) {
  if (method === 'cod') {
    const hold = await codHoldOf(deps.db, userId, deps.config.shipping.codRtoLimit);
    if (hold.held) throw conflict(hold.reason);
    const open = await deps.db
      .select({ id: orders.id, sessionId: orders.providerSessionId })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.source, 'cart'),
          eq(orders.paymentStatus, 'awaiting_payment'),
        ),
      );
    for (const order of open) {
      // With the provider unreachable the payment is taken as not made: a payment that still lands
      // later is refunded (ADR 006), and the shopper is not kept from paying on delivery.
      const outcome = order.sessionId
        ? await confirmSession(deps, order.sessionId).catch((err: unknown) => {
            deps.log.warn({ err, orderId: order.id }, 'could not ask the provider; releasing the card order');
            return { kind: 'unpaid' as const };
          })
        : { kind: 'unpaid' as const };
      if (outcome.kind !== 'unpaid') continue;
      const released = await deps.db.transaction((tx) => releaseUnpaidOrders(tx, eq(orders.id, order.id)));
      if (released.length > 0 && order.sessionId) await deps.payments.expireSession(order.sessionId);
    }
  }
  await setPaymentMethod(deps.db, userId, method, provider);
}
