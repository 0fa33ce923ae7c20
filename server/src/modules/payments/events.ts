import type { DbOrTx } from '../../db/client.ts';
import { paymentEvents } from './tables.ts';

/**
 * Records a provider's webhook event once, in the transaction that handles it: true the first
 * time, false for a replay (which must change nothing).
 */
export async function recordPaymentEvent(
  tx: DbOrTx,
  event: { provider: string; eventId: string; type: string },
): Promise<boolean> {
  const fresh = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return fresh.length > 0;
}
