import type { AdminStats } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries, orderItems, orders, products, sellers, users } from '../../db/schema.ts';
import { paiseToRupees } from '../../lib/money.ts';
import { qualified as q } from '../../lib/qualified.ts';

/** Orders that really happened: paid, cash on delivery (due or collected), or paid and refunded later. */
const PLACED = sql`('paid', 'cod_due', 'cod_collected', 'refunded')`;

/**
 * The dashboard's figures in one statement. Revenue (last 30 days, GST excluded: the items' taxable
 * value, after any coupon) counts only money received: items not cancelled of paid orders, and Cash
 * On Delivery items whose cash was collected on delivery. COD still due is not revenue yet. The
 * platform's coupons are a cost of the period: the `platform_discount` entries of the ledger (ADR 014).
 * The shipping and COD fees the platform keeps (setting feesTo 'platform') are its revenue: the
 * `platform_fee` entries less their reversals (issue 37).
 */
export async function dashboardStats(db: DbOrTx, now = new Date(), days = 30): Promise<AdminStats> {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  const periodStart = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const received = (from: Date) =>
    sql<number>`(select coalesce(sum(${q(orderItems.taxablePaise)}), 0) from ${orderItems}
        inner join ${orders} on ${q(orders.id)} = ${q(orderItems.orderId)}
        where (${q(orders.paymentStatus)} = 'paid' or ${q(orderItems.codCollectedAt)} is not null)
          and ${q(orderItems.status)} not in ('cancelled', 'awaiting_payment', 'rto')
          and ${q(orders.createdAt)} >= ${from.toISOString()})`.mapWith(Number);
  const [row] = await db
    .select({
      sellers: sql<number>`(select count(*) from ${sellers})`.mapWith(Number),
      suspendedSellers:
        sql<number>`(select count(*) from ${sellers} where ${q(sellers.status)} = 'suspended')`.mapWith(
          Number,
        ),
      users: sql<number>`(select count(*) from ${users})`.mapWith(Number),
      products:
        sql<number>`(select count(*) from ${products} where ${q(products.status)} = 'active')`.mapWith(
          Number,
        ),
      orders:
        sql<number>`(select count(*) from ${orders} where ${q(orders.paymentStatus)} in ${PLACED})`.mapWith(
          Number,
        ),
      revenue: received(since),
      periodRevenue: received(periodStart),
      // Commission kept: charged on deliveries, less what refunded returns gave back.
      commission: sql<number>`(select coalesce(-sum(${q(ledgerEntries.amountPaise)}), 0) from ${ledgerEntries}
        where ${q(ledgerEntries.kind)} in ('commission', 'commission_reversal')
          and ${q(ledgerEntries.createdAt)} >= ${periodStart.toISOString()})`.mapWith(Number),
      // The platform's coupons: what it added to the sellers' sales, less what returns took back.
      platformDiscount:
        sql<number>`(select coalesce(sum(${q(ledgerEntries.amountPaise)}), 0) from ${ledgerEntries}
        where ${q(ledgerEntries.kind)} in ('platform_discount', 'platform_discount_reversal')
          and ${q(ledgerEntries.createdAt)} >= ${periodStart.toISOString()})`.mapWith(Number),
      // Issue 37: the shipping and COD fees that are the platform's (feesTo 'platform', ledger
      // `platform_fee` at delivery), less those given back with a returned shipment's refund.
      platformFees:
        sql<number>`(select coalesce(-sum(${q(ledgerEntries.amountPaise)}), 0) from ${ledgerEntries}
        where ${q(ledgerEntries.kind)} in ('platform_fee', 'platform_fee_reversal')
          and ${q(ledgerEntries.createdAt)} >= ${periodStart.toISOString()})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  const revenue30dPaise = row?.revenue ?? 0;
  return {
    sellers: row?.sellers ?? 0,
    suspendedSellers: row?.suspendedSellers ?? 0,
    users: row?.users ?? 0,
    products: row?.products ?? 0,
    orders: row?.orders ?? 0,
    revenue30dPaise,
    revenue30d: paiseToRupees(revenue30dPaise),
    period: {
      days,
      revenue: paiseToRupees(row?.periodRevenue ?? 0),
      commission: paiseToRupees(row?.commission ?? 0),
      platformDiscount: paiseToRupees(row?.platformDiscount ?? 0),
      platformFees: paiseToRupees(row?.platformFees ?? 0),
    },
  };
}
