import type { AdminListQuery, Coupon, CouponFunder, CouponPage, newCouponSchema } from '@vastra/contracts';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { paiseToRupees, rupeesToPaise } from '../../lib/money.ts';
import type { Principal } from '../accounts/index.ts';
import { recordAudit } from '../admin/index.ts';
import { coupons } from './tables.ts';

/**
 * Coupons as the admin and sellers make them (issue 36): the platform's (any products, funded by
 * the platform or by the sellers, as the admin says) and a seller's own (its products only, always
 * funded by it). Codes are stored upper-case and are unique whatever their case.
 */

export type NewCoupon = z.output<typeof newCouponSchema>;
type CouponRow = typeof coupons.$inferSelect;
type Admin = Pick<Principal, 'id' | 'email'>;

/** Who a coupon is made for: the platform (an admin, who is recorded in the audit log) or a seller. */
export type CouponOwner = { admin: Admin } | { sellerId: string };

export const COUPON_NOT_FOUND = 'There is no coupon with this id';

/** A coupon as the API answers it: percent, or rupees for a flat value and the cart figures. */
export function toApiCoupon(r: CouponRow): Coupon {
  return {
    _id: r.id,
    code: r.code,
    kind: r.kind,
    value: r.kind === 'flat' ? paiseToRupees(r.value) : r.value,
    minCartValue: paiseToRupees(r.minCartPaise),
    maxDiscount: r.maxDiscountPaise == null ? null : paiseToRupees(r.maxDiscountPaise),
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    usageLimit: r.usageLimit,
    perUserLimit: r.perUserLimit,
    firstOrderOnly: r.firstOrderOnly,
    categories: r.categories ?? [],
    fundedBy: r.fundedBy,
    sellerId: r.sellerId,
    active: r.active,
    used: r.usedCount,
  };
}

/**
 * Who bears the discount: the admin must say (a platform coupon may be borne by the sellers whose
 * products it lowers); a seller's own coupon is always its own cost.
 */
function funderOf(input: NewCoupon, owner: CouponOwner): CouponFunder {
  if ('admin' in owner) {
    if (!input.fundedBy) throw badRequest('fundedBy is required: platform or seller', 'fundedBy');
    return input.fundedBy;
  }
  if (input.fundedBy === 'platform')
    throw badRequest('A seller’s coupon is funded by the seller: fundedBy must be seller', 'fundedBy');
  return 'seller';
}

const codeTaken = (code: string) => {
  const msg = `The code ${code} is already used by another coupon`;
  return new AppError('CONFLICT', msg, [{ msg, path: 'code' }]);
};

/** A new coupon (active), or 409 naming `code` when its code is taken in any case. */
export async function createCoupon(db: DbOrTx, input: NewCoupon, owner: CouponOwner): Promise<Coupon> {
  const fundedBy = funderOf(input, owner);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(coupons)
      .values({
        code: input.code,
        kind: input.kind,
        value: input.kind === 'flat' ? rupeesToPaise(input.value) : input.value,
        minCartPaise: input.minCartValue == null ? 0 : rupeesToPaise(input.minCartValue),
        maxDiscountPaise: input.maxDiscount == null ? null : rupeesToPaise(input.maxDiscount),
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
        usageLimit: input.usageLimit ?? null,
        perUserLimit: input.perUserLimit ?? null,
        firstOrderOnly: input.firstOrderOnly ?? false,
        categories: input.categories && input.categories.length > 0 ? [...new Set(input.categories)] : null,
        sellerId: 'sellerId' in owner ? owner.sellerId : null,
        fundedBy,
      })
      .onConflictDoNothing({ target: coupons.code })
      .returning();
    if (!row) throw codeTaken(input.code);
    if ('admin' in owner)
      await recordAudit(tx, owner.admin, 'coupon.create', { kind: 'coupon', id: row.id }, { code: row.code });
    return toApiCoupon(row);
  });
}

/** `%q%` for ILIKE with the caller's own `%`, `_` and `\` taken literally. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Coupons newest first, one page: every coupon for the admin, the seller's own for a seller; `q`
 * matches the code.
 */
export async function listCoupons(db: DbOrTx, query: AdminListQuery, sellerId?: string): Promise<CouponPage> {
  const conditions: SQL[] = [];
  if (sellerId) conditions.push(eq(coupons.sellerId, sellerId));
  if (query.q) conditions.push(ilike(coupons.code, containsPattern(query.q)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { items: rows.map(toApiCoupon), total: total?.n ?? 0, page: query.page, limit: query.limit };
}

/**
 * Turns a coupon on or off: any coupon for the admin (recorded in the audit log), only its own for
 * a seller (another's is answered like an unknown one, 404). A cart holding a coupon turned off
 * is refused it by the rule (`inactive`) the next time the cart is priced.
 */
export async function setCouponActive(
  db: DbOrTx,
  id: string,
  active: boolean,
  owner: CouponOwner,
): Promise<Coupon> {
  return db.transaction(async (tx) => {
    const mine = 'sellerId' in owner ? eq(coupons.sellerId, owner.sellerId) : undefined;
    const [row] = await tx
      .update(coupons)
      .set({ active, updatedAt: new Date() })
      .where(and(eq(coupons.id, id), mine))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', COUPON_NOT_FOUND);
    if ('admin' in owner)
      await recordAudit(tx, owner.admin, active ? 'coupon.activate' : 'coupon.deactivate', {
        kind: 'coupon',
        id,
      });
    return toApiCoupon(row);
  });
}
