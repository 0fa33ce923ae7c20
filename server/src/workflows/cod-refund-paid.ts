import { eq } from 'drizzle-orm';
import { refunds, returns } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { COD_REFUND_PROVIDER, markRefundPaidByHand } from '../modules/payments/index.ts';
import { RETURN_NOT_FOUND } from '../modules/returns/index.ts';
import type { WorkflowDeps } from './deps.ts';
import { textRefundMade } from './phone-messages.ts';
import { notifyReturn } from './return-mail.ts';

/**
 * Admin: a returned COD item's refund has been paid by hand to the shopper's UPI id or bank account;
 * `reference` is the transfer's (UTR). The owed refund becomes `succeeded` once (a conditional
 * UPDATE), and the shopper is told.
 */
export async function markCodRefundPaid(deps: WorkflowDeps, returnId: string, reference: string) {
  const refundId = await deps.db.transaction(async (tx) => {
    const [ret] = await tx
      .select({ refundId: returns.refundId })
      .from(returns)
      .where(eq(returns.id, returnId));
    if (!ret) throw notFound(RETURN_NOT_FOUND);
    const [owed] = ret.refundId
      ? await tx
          .select({ provider: refunds.provider, status: refunds.status })
          .from(refunds)
          .where(eq(refunds.id, ret.refundId))
      : [];
    if (owed?.provider !== COD_REFUND_PROVIDER) {
      throw conflict('This return has no Cash On Delivery refund to pay by hand');
    }
    const paid = await markRefundPaidByHand(tx, ret.refundId!, reference, new Date());
    if (!paid) throw conflict('This refund is already marked paid');
    return ret.refundId!;
  });
  await notifyReturn(deps, returnId, 'paid', 'admin');
  await textRefundMade(deps, refundId);
}
