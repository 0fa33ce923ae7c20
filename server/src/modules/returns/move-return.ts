import type { ReturnStatus } from '@vastra/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { returns } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { RETURN_NOT_FOUND, type ReturnRow, type ReturnViewer, visibleTo } from './return-view.ts';

/** A return's state in words, for refusals: a parcel received not ok is closed. */
function stateOf(row: Pick<ReturnRow, 'status' | 'conditionOk'>) {
  if (row.status === 'received' && row.conditionOk === false) return 'closed: the parcel came back not ok';
  return row.status;
}

/**
 * 404 when the viewer may not see the return, else 409 naming its state: the one refusal of every
 * move, so a second click (or another process's click) reads "already approved".
 */
export async function refuseReturnMove(
  tx: DbOrTx,
  viewer: ReturnViewer,
  returnId: string,
  action: string,
  to?: ReturnStatus,
): Promise<never> {
  const [row] = await tx
    .select({ status: returns.status, conditionOk: returns.conditionOk })
    .from(returns)
    .where(and(eq(returns.id, returnId), visibleTo(viewer)));
  if (!row) throw notFound(RETURN_NOT_FOUND);
  const state = stateOf(row);
  if (to && state === to) throw conflict(`This return is already ${to}`);
  throw conflict(`This return is ${state} and cannot be ${action}`);
}

export interface ReturnMove {
  /** The states it may leave; the UPDATE's condition, so exactly one of concurrent moves wins. */
  from: ReturnStatus[];
  to: ReturnStatus;
  /** For the refusal: "approved", "rejected", "marked received". */
  action: string;
  set?: Partial<typeof returns.$inferInsert>;
  /** A further condition (an admin's: the seller's time to decide is over). */
  also?: SQL;
}

/**
 * Moves a return from one of `from` to `to` with one conditional UPDATE, in the caller's
 * transaction, so the move and its side effects commit together or not at all; whoever comes
 * second (a double click, another process) finds the new state and gets the refusal.
 */
export async function moveReturn(
  tx: DbOrTx,
  viewer: ReturnViewer,
  returnId: string,
  move: ReturnMove,
): Promise<ReturnRow> {
  const [row] = await tx
    .update(returns)
    .set({ ...move.set, status: move.to, updatedAt: new Date() })
    .where(and(eq(returns.id, returnId), visibleTo(viewer), inArray(returns.status, move.from), move.also))
    .returning();
  return row ?? refuseReturnMove(tx, viewer, returnId, move.action, move.to);
}

/**
 * Lets go of an exchange's held stock once: only the caller that turns `exchange_held` off gets
 * the row back (and puts the stock back); anyone else gets undefined.
 */
export async function releaseHoldOnce(tx: DbOrTx, returnId: string) {
  const [row] = await tx
    .update(returns)
    .set({ exchangeHeld: false, updatedAt: new Date() })
    .where(and(eq(returns.id, returnId), eq(returns.exchangeHeld, true)))
    .returning({ variantId: returns.exchangeVariantId, quantity: returns.quantity });
  return row;
}
