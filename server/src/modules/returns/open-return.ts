import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { ReturnRow } from './return-view.ts';
import { returns } from './tables.ts';

/** A shopper's new return request (the workflow has checked the item, the window and the units). Its id. */
export async function createReturn(tx: DbOrTx, values: typeof returns.$inferInsert): Promise<string> {
  const [row] = await tx.insert(returns).values(values).returning({ id: returns.id });
  return row!.id;
}

/**
 * An admin overrules a seller who closed a return as received not ok: the return is open again,
 * with the admin's decision, for its refund. The caller holds the row's lock.
 */
export async function reopenReturn(
  tx: DbOrTx,
  returnId: string,
  decided: { decidedBy: 'admin'; decidedAt: Date },
  now: Date,
): Promise<ReturnRow> {
  const [ret] = await tx
    .update(returns)
    .set({ ...decided, closedAt: null, updatedAt: now })
    .where(eq(returns.id, returnId))
    .returning();
  return ret!;
}
