import {
  RETURN_STATUSES,
  type ReturnCounts,
  type ReturnListAnswer,
  type ReturnListQuery,
} from '@vastra/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { returns } from '../../db/schema.ts';
import { type ReturnViewer, selectReturns, toReturnView, visibleTo } from './return-view.ts';

/**
 * One page of the returns a viewer may see, newest first, optionally of one state or one order
 * item, with how many of theirs are in each state (the seller's menu shows the open ones).
 */
export async function listReturns(
  db: DbOrTx,
  viewer: ReturnViewer,
  query: ReturnListQuery,
  decisionDays: number,
): Promise<ReturnListAnswer> {
  const mine = visibleTo(viewer);
  const where = and(
    mine,
    query.status ? eq(returns.status, query.status) : undefined,
    query.itemId ? eq(returns.orderItemId, query.itemId) : undefined,
  );
  const [rows, [total], byStatus] = await Promise.all([
    selectReturns(db)
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(returns).where(where),
    db.select({ status: returns.status, n: count() }).from(returns).where(mine).groupBy(returns.status),
  ]);
  const counts = Object.fromEntries(RETURN_STATUSES.map((s) => [s, 0])) as ReturnCounts;
  for (const { status, n } of byStatus) counts[status] = n;
  return {
    success: true,
    returns: rows.map((r) => toReturnView(r, viewer, decisionDays)),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
    counts,
  };
}
