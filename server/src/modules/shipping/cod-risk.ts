import { COD_HELD_REASON, COD_RTO_WINDOW_DAYS, codHeld, type RtoRatesAnswer } from '@vastra/contracts';
import { and, count, desc, eq, gt, inArray, isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { codHoldLifts, orders, sellers, shipments, users } from '../../db/schema.ts';

/**
 * A shopper's COD risk (issue 38): the rule is `codHeld` (contracts/src/shipment-rules.ts); here only
 * the rows it is decided from are read. Returned COD parcels are selected within the window so the
 * read stays small and on `shipments_user_rto_idx`; the rule still decides which of them count.
 */

/** Whether Cash On Delivery is held back for a shopper, and the sentence they read when it is. */
export type CodHold = { held: false; reason: null } | { held: true; reason: string };

/** What the hold is decided from: when their COD parcels turned back lately, and the admin's last lift. */
export interface CodRisk {
  rtoAt: Date[];
  liftedAt: Date | null;
}

const WINDOW = sql.raw(`interval '${COD_RTO_WINDOW_DAYS} days'`);

/**
 * The shopper's risk as one JSON value `{ rtoAt: [...], liftedAt }`, for a statement that reads it
 * alongside others (the COD order's read): `userId` is a column, a placeholder or a value.
 */
export const codRiskSql = (userId: SQLWrapper | string): SQL<unknown> => sql`(select json_build_object(
  'rtoAt', coalesce((select json_agg(s.rto_at) from ${shipments} s
    where s.user_id = ${userId} and s.rto_at > now() - ${WINDOW} and s.cod), '[]'::json),
  'liftedAt', (select l.lifted_at from ${codHoldLifts} l where l.user_id = ${userId})))`;

/** The JSON of `codRiskSql` as dates (timestamps come back as ISO text inside JSON). */
export function codRiskOf(value: unknown): CodRisk {
  const raw = (typeof value === 'string' ? JSON.parse(value) : value) as {
    rtoAt?: string[] | null;
    liftedAt?: string | null;
  } | null;
  return {
    rtoAt: (raw?.rtoAt ?? []).map((at) => new Date(at)),
    liftedAt: raw?.liftedAt ? new Date(raw.liftedAt) : null,
  };
}

/** The rule applied to a shopper's risk: COD_RTO_LIMIT (`limit`) returned COD parcels since the window or the lift. */
export function codHoldFrom(risk: CodRisk, limit: number, now = new Date()): CodHold {
  return codHeld(risk.rtoAt, { limit, liftedAt: risk.liftedAt, now })
    ? { held: true, reason: COD_HELD_REASON }
    : { held: false, reason: null };
}

/** Whether the shopper may pay on delivery now: one small read of their returned COD parcels and lift. */
export async function codHoldOf(
  db: DbOrTx,
  userId: string,
  limit: number,
  now = new Date(),
): Promise<CodHold> {
  const [row] = await db
    .select({ risk: codRiskSql(userId) })
    .from(users)
    .where(eq(users.id, userId));
  return codHoldFrom(codRiskOf(row?.risk), limit, now);
}

/**
 * An admin lifts a shopper's hold: the returned COD parcels before now no longer count. False when
 * there is no such shopper.
 */
export async function liftCodHold(db: DbOrTx, userId: string, adminId: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  const liftedAt = new Date();
  await db
    .insert(codHoldLifts)
    .values({ userId, liftedAt, liftedBy: adminId })
    .onConflictDoUpdate({ target: codHoldLifts.userId, set: { liftedAt, liftedBy: adminId } });
  return true;
}

export type RtoRatesBy = RtoRatesAnswer['by'];
type RtoRateRow = RtoRatesAnswer['rows'][number];

/** How many rows the admin's table shows: the keys with the most returned parcels. */
export const RTO_RATES_LIMIT = 100;

/**
 * Parcels and returns to origin per shopper, seller or delivery pincode (the order's), all time:
 * the keys with at least one return, most returns first. A shopper's row says whether their COD is
 * held now (COD_RTO_LIMIT, `limit`) and when an admin last lifted it.
 */
export async function rtoRates(db: DbOrTx, by: RtoRatesBy, limit: number, now = new Date()) {
  const rto = sql<number>`count(${shipments.rtoAt})::int`;
  const parcels = sql<number>`${count()}::int`;
  const order = [desc(rto), desc(parcels)] as const;
  let rows: { key: string | null; label: string | null; shipments: number; rto: number }[];
  if (by === 'shopper') {
    rows = await db
      .select({
        key: shipments.userId,
        label: sql<string>`max(${users.fullName} || ' <' || ${users.email} || '>')`,
        shipments: parcels,
        rto,
      })
      .from(shipments)
      .innerJoin(users, eq(users.id, shipments.userId))
      .groupBy(shipments.userId)
      .having(gt(rto, 0))
      .orderBy(...order, shipments.userId)
      .limit(RTO_RATES_LIMIT);
  } else if (by === 'seller') {
    rows = await db
      .select({
        key: shipments.sellerId,
        label: sql<string>`max(${sellers.companyName})`,
        shipments: parcels,
        rto,
      })
      .from(shipments)
      .innerJoin(sellers, eq(sellers.id, shipments.sellerId))
      .groupBy(shipments.sellerId)
      .having(gt(rto, 0))
      .orderBy(...order, shipments.sellerId)
      .limit(RTO_RATES_LIMIT);
  } else {
    rows = await db
      .select({ key: orders.postalCode, label: orders.postalCode, shipments: parcels, rto })
      .from(shipments)
      .innerJoin(orders, eq(orders.id, shipments.orderId))
      .groupBy(orders.postalCode)
      .having(gt(rto, 0))
      .orderBy(...order, orders.postalCode)
      .limit(RTO_RATES_LIMIT);
  }
  const answer: RtoRateRow[] = rows.map((r) => ({
    key: r.key ?? '',
    label: r.label ?? r.key ?? '',
    shipments: r.shipments,
    rto: r.rto,
    rate: Math.round((r.rto * 1000) / r.shipments) / 10,
  }));
  if (by !== 'shopper' || answer.length === 0) return answer;
  const risks = await risksOf(
    db,
    answer.map((r) => r.key),
  );
  return answer.map((r) => {
    const risk = risks.get(r.key) ?? { rtoAt: [], liftedAt: null };
    return {
      ...r,
      codHeld: codHoldFrom(risk, limit, now).held,
      codLiftedAt: risk.liftedAt?.toISOString() ?? null,
    };
  });
}

/** The risk of several shoppers at once (the admin's table): two reads, not one per shopper. */
async function risksOf(db: DbOrTx, userIds: string[]): Promise<Map<string, CodRisk>> {
  const [returned, lifts] = await Promise.all([
    db
      .select({ userId: shipments.userId, rtoAt: shipments.rtoAt })
      .from(shipments)
      .where(
        and(
          inArray(shipments.userId, userIds),
          isNotNull(shipments.rtoAt),
          sql`${shipments.rtoAt} > now() - ${WINDOW}`,
          eq(shipments.cod, true),
        ),
      ),
    db
      .select({ userId: codHoldLifts.userId, liftedAt: codHoldLifts.liftedAt })
      .from(codHoldLifts)
      .where(inArray(codHoldLifts.userId, userIds)),
  ]);
  const risks = new Map<string, CodRisk>(userIds.map((id) => [id, { rtoAt: [], liftedAt: null }]));
  for (const r of returned) if (r.userId && r.rtoAt) risks.get(r.userId)?.rtoAt.push(r.rtoAt);
  for (const l of lifts) {
    const risk = risks.get(l.userId);
    if (risk) risk.liftedAt = l.liftedAt;
  }
  return risks;
}
