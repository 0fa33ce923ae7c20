import { type CouponOnCart, type CouponTerms, normaliseCode } from '@vastra/contracts';
import { and, asc, eq, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cartCoupons, couponRedemptions, coupons } from './tables.ts';

/**
 * Coupons as the rules read them (contracts/src/offers.ts `couponVerdict`): a coupon's terms, and
 * what it is checked against about the shopper, read in the same statement as the cart or order.
 */

/** A coupon's columns as `toTerms` reads them. */
export const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  kind: coupons.kind,
  value: coupons.value,
  minCartPaise: coupons.minCartPaise,
  maxDiscountPaise: coupons.maxDiscountPaise,
  startsAt: coupons.startsAt,
  endsAt: coupons.endsAt,
  usageLimit: coupons.usageLimit,
  usedCount: coupons.usedCount,
  perUserLimit: coupons.perUserLimit,
  firstOrderOnly: coupons.firstOrderOnly,
  categories: coupons.categories,
  sellerId: coupons.sellerId,
  fundedBy: coupons.fundedBy,
  active: coupons.active,
};

type CouponRow = { [K in keyof typeof couponColumns]: (typeof couponColumns)[K]['_']['data'] | null };

/** Drivers hand raw timestamps over as text inside some statements: the rules read Dates. */
const when = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

export const toTerms = (r: CouponRow): CouponTerms => ({
  id: r.id!,
  code: r.code!,
  kind: r.kind!,
  value: r.value!,
  minCartPaise: r.minCartPaise ?? 0,
  maxDiscountPaise: r.maxDiscountPaise,
  startsAt: when(r.startsAt),
  endsAt: when(r.endsAt),
  usageLimit: r.usageLimit,
  usedCount: r.usedCount ?? 0,
  perUserLimit: r.perUserLimit,
  firstOrderOnly: r.firstOrderOnly ?? false,
  categories: r.categories,
  sellerId: r.sellerId,
  fundedBy: r.fundedBy!,
  active: r.active ?? false,
});

/**
 * This shopper's uses of the coupon in `coupons`: how many, and the last use number (a use given
 * back leaves a gap, so the next number is the last + 1, not the count + 1).
 */
export const usesByShopperSql = (userId: SQLWrapper) =>
  sql<string>`(select count(*) || ':' || coalesce(max(r.use_number), 0) from coupon_redemptions r where r.coupon_id = coupons.id and r.user_id = ${userId})`;

/**
 * Whether the shopper has placed an order before: any order, but for a card order whose payment
 * failed or is still awaited (a first order that never went through leaves it the first).
 */
export const hasOrderedSql = (userId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from orders o where o.user_id = ${userId} and o.payment_status not in ('awaiting_payment', 'failed'))`;

/** Nothing to count for a cart without a coupon (the COD read joins the coupon on every order). */
const ifCoupon = <T>(value: SQL<T>, none: string) =>
  sql<T>`case when coupons.id is null then ${sql.raw(none)} else ${value} end`;

/** The coupon on a cart, as the cart answer and the checkouts read it with the shopper's uses. */
export const cartCouponColumns = (userId: SQLWrapper) => ({
  coupon: couponColumns,
  couponUses: ifCoupon(usesByShopperSql(userId), `'0:0'`),
  hasOrdered: ifCoupon(hasOrderedSql(userId), 'false'),
});

/** A row of `cartCouponColumns` (coupon fields null when the cart has none): the rules' input. */
export function couponOnCart(row: {
  coupon: CouponRow | null;
  couponUses: string | null;
  hasOrdered: boolean | null;
}): (CouponOnCart & { nextUse: number }) | null {
  if (!row.coupon?.id) return null;
  const [count, last] = (row.couponUses ?? '0:0').split(':').map(Number) as [number, number];
  return {
    terms: toTerms(row.coupon),
    shopper: { usesByShopper: count, hasOrdered: row.hasOrdered === true },
    nextUse: last + 1,
  };
}

export type ReadCoupon = NonNullable<ReturnType<typeof couponOnCart>>;

/** The coupon on this shopper's cart, or null (one statement). */
export async function readCartCoupon(db: DbOrTx, userId: string): Promise<ReadCoupon | null> {
  const [row] = await db
    .select(cartCouponColumns(sql`${userId}::uuid`))
    .from(cartCoupons)
    .innerJoin(coupons, eq(coupons.id, cartCoupons.couponId))
    .where(eq(cartCoupons.userId, userId));
  return row ? couponOnCart(row) : null;
}

/** A coupon by its code (any case), with this shopper's uses of it. */
export async function findCoupon(db: DbOrTx, code: string, userId: string): Promise<ReadCoupon | null> {
  const [row] = await db
    .select(cartCouponColumns(sql`${userId}::uuid`))
    .from(coupons)
    .where(eq(coupons.code, normaliseCode(code)));
  return row ? couponOnCart(row) : null;
}

/** Puts a coupon on the shopper's cart (one per cart: it replaces any other). */
export async function setCartCoupon(db: DbOrTx, userId: string, couponId: string) {
  await db
    .insert(cartCoupons)
    .values({ userId, couponId })
    .onConflictDoUpdate({ target: cartCoupons.userId, set: { couponId, createdAt: sql`now()` } });
}

export async function clearCartCoupon(db: DbOrTx, userId: string) {
  await db.delete(cartCoupons).where(eq(cartCoupons.userId, userId));
}

/**
 * The coupons a shopper might use now: active, started, not ended, not used up (the rules then
 * decide each on the cart). At most 50, platform coupons and sellers' alike.
 */
export async function openCoupons(db: DbOrTx, userId: string, now = new Date()): Promise<ReadCoupon[]> {
  const rows = await db
    .select(cartCouponColumns(sql`${userId}::uuid`))
    .from(coupons)
    .where(
      and(
        eq(coupons.active, true),
        or(isNull(coupons.startsAt), sql`${coupons.startsAt} <= ${now.toISOString()}::timestamptz`),
        or(isNull(coupons.endsAt), sql`${coupons.endsAt} > ${now.toISOString()}::timestamptz`),
        or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
      ),
    )
    .orderBy(asc(coupons.code))
    .limit(50);
  return rows.map((r) => couponOnCart(r)!);
}

// ---------------------------------------------------------------------------------------------
// Using a coupon on an order
// ---------------------------------------------------------------------------------------------

/** What an order's coupon write needs: the coupon, the shopper, its use number and the discount. */
export interface Redemption {
  couponId: string;
  userId: string;
  /** The shopper's n-th use of it (uses read + 1): unique per coupon and shopper. */
  useNumber: number;
  discountPaise: number;
}

/**
 * In a card checkout's transaction: takes one use of the coupon, exactly. The coupon's row is
 * updated only while uses are left (the update waits for and re-reads a concurrent order's), and the
 * redemption's use number is unique per shopper: which says no (the caller's transaction then rolls back what it wrote).
 */
export async function redeemCoupon(
  tx: DbOrTx,
  r: Redemption & { orderId: string },
): Promise<true | 'used_up' | 'already_used'> {
  const [taken] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, r.couponId),
        eq(coupons.active, true),
        or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
      ),
    )
    .returning({ id: coupons.id });
  if (!taken) return 'used_up';
  const [written] = await tx
    .insert(couponRedemptions)
    .values({
      couponId: r.couponId,
      userId: r.userId,
      orderId: r.orderId,
      useNumber: r.useNumber,
      discountPaise: r.discountPaise,
    })
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  return written !== undefined ? true : 'already_used';
}

/** Gives back the uses of orders that will never be paid (a card payment failed or expired). */
export async function releaseRedemptions(tx: DbOrTx, orderIds: readonly string[]) {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
with gone as (
  delete from ${couponRedemptions} where order_id in (${sql.join(
    orderIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}) returning coupon_id
), counted as (select coupon_id, count(*)::int as n from gone group by coupon_id)
update ${coupons} c set used_count = c.used_count - counted.n from counted where c.id = counted.coupon_id`);
}

/**
 * The Cash On Delivery order's statement (workflows/place-cod-order.ts): its coupon's parts.
 * `couponLockSql` locks the coupon's row (re-read at its latest version); `couponChecked` holds when
 * there is no coupon, or it is still active with uses left (its terms cannot change, only `active`);
 * `couponWriteSql` takes the use, records the redemption for the order placed and takes the coupon
 * off the cart, which the order emptied (a shopper's use
 * number already taken by a concurrent order breaks the unique index: the order is decided again).
 * Placeholders: `couponId` (null: none), `couponUseNumber`, `couponDiscount`.
 */
export const couponLockSql = sql`
coupon_lock as (
  select id, used_count, usage_limit, active from coupons
  where id = ${sql.placeholder('couponId')}::uuid for update
)`;

export const couponChecked = sql`(${sql.placeholder('couponId')}::uuid is null or exists (
  select 1 from coupon_lock k where k.active and (k.usage_limit is null or k.used_count < k.usage_limit)))`;

export const couponWriteSql = (ok: SQL) => sql`
coupon_used as (
  update coupons set used_count = used_count + 1
  where id = ${sql.placeholder('couponId')}::uuid and ${ok}
  returning id
),
redeemed as (
  insert into coupon_redemptions (coupon_id, user_id, order_id, use_number, discount_paise)
  select ${sql.placeholder('couponId')}::uuid, ${sql.placeholder('userId')}::uuid, placed.id,
    ${sql.placeholder('couponUseNumber')}::int, ${sql.placeholder('couponDiscount')}::int
  from placed where ${sql.placeholder('couponId')}::uuid is not null
  returning id
),
uncarted as (
  delete from cart_coupons where user_id = ${sql.placeholder('userId')}::uuid and exists (select 1 from placed)
  returning user_id
)`;
