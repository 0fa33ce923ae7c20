import { returnDecisionDue } from '@vastra/contracts';
import { eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orderItems, returns } from '../db/schema.ts';
import { formatDay } from '../lib/day.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { returnStock } from '../modules/catalog/index.ts';
import {
  moveReturn,
  RETURN_NOT_FOUND,
  type ReturnRow,
  refuseReturnMove,
  releaseHoldOnce,
} from '../modules/returns/index.ts';
import type { WorkflowDeps } from './deps.ts';
import { checkUnitsLeft, holdExchangeStock } from './request-return.ts';
import { notifyReturn } from './return-mail.ts';

/** Who decides: the item's seller, or an admin (after the seller's time, or overruling a rejection). */
export type ReturnActor = { sellerId: string } | { admin: true };

const byOf = (actor: ReturnActor) => ('admin' in actor ? ('admin' as const) : ('seller' as const));

/** The return, locked for this transaction (an admin's decision reads it before moving it). */
async function lockReturn(tx: DbOrTx, returnId: string): Promise<ReturnRow> {
  const [row] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
  if (!row) throw notFound(RETURN_NOT_FOUND);
  return row;
}

/** An admin decides a request only once the seller's RETURN_DECISION_DAYS are over. */
function sellersTimeIsUp(row: ReturnRow, decisionDays: number, now: Date) {
  const due = returnDecisionDue(row.createdAt, decisionDays);
  if (now < due) throw conflict(`The seller has until ${formatDay(due)} to decide on this return`);
}

/** The latest request time an admin may decide on at `now`: the SQL twin of sellersTimeIsUp. */
const decidable = (decisionDays: number, now: Date) =>
  lte(returns.createdAt, new Date(now.getTime() - decisionDays * 24 * 60 * 60 * 1000));

/**
 * Approve a return (`requested → approved`), with the pickup's courier and AWB when arranged. The
 * seller any time; an admin once the seller's time is up, or at any time to overrule a rejection
 * (`rejected → approved`): then the units must still be free of other returns and an exchange's
 * size is held again. One conditional UPDATE decides who wins a double click.
 */
export async function approveReturn(
  deps: WorkflowDeps,
  actor: ReturnActor,
  returnId: string,
  pickup: { courier?: string; awb?: string } = {},
) {
  const now = new Date();
  const { decisionDays } = deps.config.returns;
  const set = {
    decidedBy: byOf(actor),
    decidedAt: now,
    pickupCourier: pickup.courier ?? null,
    pickupAwb: pickup.awb ?? null,
  };
  await deps.db.transaction(async (tx) => {
    if ('sellerId' in actor) {
      await moveReturn(tx, actor, returnId, { from: ['requested'], to: 'approved', action: 'approved', set });
      return;
    }
    const row = await lockReturn(tx, returnId);
    if (row.status === 'requested') {
      sellersTimeIsUp(row, decisionDays, now);
    } else if (row.status === 'rejected') {
      const [item] = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.id, row.orderItemId))
        .for('update');
      await checkUnitsLeft(tx, item!, row.quantity, row.id);
      if (row.kind === 'exchange') {
        if (!row.exchangeVariantId) throw conflict('The size asked for in exchange is no longer sold');
        await holdExchangeStock(tx, item!, row.exchangeVariantId, row.quantity);
      }
    } else {
      await refuseReturnMove(tx, actor, returnId, 'approved', 'approved');
    }
    await moveReturn(tx, actor, returnId, {
      from: [row.status],
      to: 'approved',
      action: 'approved',
      set: {
        ...set,
        rejectReason: null,
        closedAt: null,
        ...(row.status === 'rejected' && row.kind === 'exchange' ? { exchangeHeld: true } : {}),
      },
    });
  });
  await notifyReturn(deps, returnId, 'approved', byOf(actor));
}

/**
 * Reject a request (`requested → rejected`) with a reason: the seller any time, an admin once the
 * seller's time is up. An exchange's held size goes back on the shelf, once (releaseHoldOnce), in
 * the same transaction as the move.
 */
export async function rejectReturn(deps: WorkflowDeps, actor: ReturnActor, returnId: string, reason: string) {
  const now = new Date();
  const { decisionDays } = deps.config.returns;
  await deps.db.transaction(async (tx) => {
    if ('admin' in actor) {
      const row = await lockReturn(tx, returnId);
      if (row.status === 'requested') sellersTimeIsUp(row, decisionDays, now);
    }
    await moveReturn(tx, actor, returnId, {
      from: ['requested'],
      to: 'rejected',
      action: 'rejected',
      set: { rejectReason: reason, decidedBy: byOf(actor), decidedAt: now, closedAt: now },
      also: 'admin' in actor ? decidable(decisionDays, now) : undefined,
    });
    const held = await releaseHoldOnce(tx, returnId);
    if (held?.variantId) await returnStock(tx, held.variantId, held.quantity);
  });
  await notifyReturn(deps, returnId, 'rejected', byOf(actor));
}
