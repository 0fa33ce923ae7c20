import type { AdminListQuery, AdminPage, AdminSeller, AdminUser, GstMode } from '@vastra/contracts';
import { count, desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders, products, sellers, users } from '../../db/schema.ts';
import { qualified as q } from '../../lib/qualified.ts';
import { toSellerProfile, toUserProfile } from '../accounts/index.ts';
import { matchAny, offsetOf, pageOf } from './paging.ts';

/** Every seller, newest first (the old dashboard only counts them). */
export async function allSellers(db: DbOrTx, gstMode: GstMode) {
  const rows = await db.select().from(sellers).orderBy(desc(sellers.createdAt), desc(sellers.id));
  return rows.map((row) => toSellerProfile(row, gstMode));
}

/** Every user, newest first (the old dashboard only counts them). */
export async function allUsers(db: DbOrTx) {
  const rows = await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toUserProfile);
}

/** Sellers matching q (name, company, e-mail, mobile), with how many products each has in the shop. */
export async function listSellers(
  db: DbOrTx,
  query: AdminListQuery,
  gstMode: GstMode,
): Promise<AdminPage<AdminSeller>> {
  const where = matchAny(query.q, [sellers.fullName, sellers.companyName, sellers.email, sellers.mobile]);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        seller: sellers,
        productCount: sql<number>`(select count(*) from ${products}
          where ${q(products.sellerId)} = ${q(sellers.id)} and ${q(products.status)} = 'active')`.mapWith(
          Number,
        ),
      })
      .from(sellers)
      .where(where)
      .orderBy(desc(sellers.createdAt), desc(sellers.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(sellers).where(where),
  ]);
  const items = rows.map((r) => ({ ...toSellerProfile(r.seller, gstMode), productCount: r.productCount }));
  return pageOf(items, total?.n ?? 0, query);
}

/** Users matching q (name, e-mail, mobile, city), with how many orders each has placed. */
export async function listUsers(db: DbOrTx, query: AdminListQuery): Promise<AdminPage<AdminUser>> {
  const where = matchAny(query.q, [users.fullName, users.email, users.mobile, users.city]);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        user: users,
        orderCount: sql<number>`(select count(*) from ${orders}
          where ${q(orders.userId)} = ${q(users.id)} and ${q(orders.paymentStatus)} in ('paid', 'cod_due', 'cod_collected', 'refunded'))`.mapWith(
          Number,
        ),
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const items = rows.map((r) => ({
    ...toUserProfile(r.user),
    orderCount: r.orderCount,
    status: r.user.status,
  }));
  return pageOf(items, total?.n ?? 0, query);
}
