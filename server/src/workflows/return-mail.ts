import { RETURN_REASON_LABELS } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { orders, returns, sellers, users } from '../db/schema.ts';
import { lineName } from '../modules/catalog/index.ts';
import { type ReturnStep, returnMails } from '../modules/mail/index.ts';
import { findReturnView } from '../modules/returns/index.ts';
import type { WorkflowDeps } from './deps.ts';

/**
 * The e-mails of a return's step, to the shopper and the item's seller, read back after the step
 * committed (so they tell what happened, refund and all). A mail failure is logged and never
 * undoes the step.
 */
export async function notifyReturn(
  deps: Pick<WorkflowDeps, 'db' | 'mailer' | 'log' | 'config'>,
  returnId: string,
  step: ReturnStep,
  by: 'seller' | 'admin',
) {
  try {
    const view = await findReturnView(deps.db, { admin: true }, returnId, deps.config.returns.decisionDays);
    if (!view) return;
    const [who] = await deps.db
      .select({ customerEmail: orders.customerEmail, sellerEmail: sellers.email, locale: users.locale })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .innerJoin(sellers, eq(sellers.id, returns.sellerId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(returns.id, returnId));
    await deps.mailer.send(
      ...returnMails({
        step,
        orderNumber: view.orderNumber,
        customerName: view.customerName,
        customerEmail: who?.customerEmail ?? null,
        sellerEmail: who?.sellerEmail ?? '',
        itemName: lineName(view.productName, view),
        quantity: view.quantity,
        kind: view.kind,
        reasonLabel: RETURN_REASON_LABELS[view.reason],
        note: view.note,
        exchangeName: view.exchange ? lineName(view.productName, view.exchange) : null,
        decisionDue: new Date(view.decisionDue),
        by,
        pickup: view.pickup,
        rejectReason: view.rejectReason,
        refundPaise: view.refund ? Math.round(view.refund.amount * 100) : null,
        refundMethod: view.paymentMethod === 'cod' ? 'cod' : 'online',
        refundTo: view.refundTo,
        reference: view.refund?.reference ?? null,
        customerLocale: who?.locale ?? 'en',
      }),
    );
  } catch (err) {
    deps.log.error({ err, returnId, step }, 'return e-mails failed');
  }
}
