import {
  type DashboardDays,
  indianDate,
  orderNumber,
  paymentMethodName,
  type SellerDashboard,
} from '@vastra/contracts';
import { type AnyColumn, and, asc, count, desc, eq, gte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { paiseToRupees } from '../../lib/money.ts';
import { buyerPaysPaise, codToCollectPaise } from '../orders/index.ts';
import { lowStockCount } from './low-stock.ts';

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;
const TOP_PRODUCTS = 5;
const TO_SHIP_SHOWN = 20;

/**
 * What the buyer paid or pays for an item, GST included, from the stored item columns (the SQL twin
 * of `buyerPaysPaise`): `india` prices include GST, `flat18` prices add it; less a coupon's share.
 */
export const buyerPaysSql = sql<number>`(case when ${orders.gstMode} = 'india' then ${orderItems.amountPaise}
  else ${orderItems.amountPaise} + ${orderItems.taxPaise} end - ${orderItems.discountPaise})`;

/** The India day (`YYYY-MM-DD`) an order was placed on, without relying on the server's time-zone data. */
const daySql = sql<string>`to_char(${orders.createdAt} + interval '330 minutes', 'YYYY-MM-DD')`;

/** Placed orders only (not an unpaid or failed card checkout). */
const placed = notInArray(orders.paymentStatus, ['awaiting_payment', 'failed']);

/** The period's first instant: India midnight `days - 1` days before today, so "7 days" is today and the 6 before. */
export function periodStart(now: Date, days: DashboardDays): Date {
  const today = Date.parse(`${indianDate(now)}T00:00:00Z`) - IST_OFFSET_MS;
  return new Date(today - (days - 1) * DAY_MS);
}

const sum = (expr: SQL | AnyColumn, filter?: SQL) =>
  (filter
    ? sql<number>`coalesce(sum(${expr}) filter (where ${filter}), 0)`
    : sql<number>`coalesce(sum(${expr}), 0)`
  ).mapWith(Number);

/**
 * The seller's dashboard for the last 7, 30 or 90 days (India days, today included): every figure
 * counts the seller's own items of orders placed in the period and not cancelled. Money is what the
 * buyer pays, GST included. Revenue is money received (a card payment, or COD cash collected on
 * delivery); sales also count COD still due. Returns rate: units received back per unit sold.
 */
export async function sellerDashboard(
  db: DbOrTx,
  sellerId: string,
  days: DashboardDays,
  now = new Date(),
): Promise<SellerDashboard> {
  const since = periodStart(now, days);
  const counted = and(
    eq(orderItems.sellerId, sellerId),
    placed,
    notInArray(orderItems.status, ['cancelled', 'awaiting_payment', 'rto']),
    gte(orders.createdAt, since),
  );
  const fromItems = () => db.select().from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId));
  const [[totals], perDay, top, toShip, [waiting], low] = await Promise.all([
    db
      .select({
        sales: sum(buyerPaysSql),
        paid: sum(buyerPaysSql, sql`${orders.paymentMethod} <> 'cod' and ${orders.paidAt} is not null`),
        collected: sum(buyerPaysSql, sql`${orderItems.codCollectedAt} is not null`),
        orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
        units: sum(orderItems.quantity),
        returned: sum(orderItems.returnedQuantity),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(counted),
    db
      .select({
        day: daySql,
        sales: sum(buyerPaysSql),
        orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(counted)
      .groupBy(daySql),
    db
      .select({
        productId: sql<string>`coalesce(${orderItems.productId}::text, '')`,
        productName: sql<string>`max(${orderItems.productName})`,
        units: sum(orderItems.quantity),
        sales: sum(buyerPaysSql),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(counted)
      // A deleted product's items (no product id) are told apart by their name.
      .groupBy(sql`coalesce(${orderItems.productId}::text, ${orderItems.productName})`, orderItems.productId)
      .orderBy(desc(sql`3`), desc(sql`4`))
      .limit(TOP_PRODUCTS),
    fromItems()
      .where(and(eq(orderItems.sellerId, sellerId), placed, eq(orderItems.status, 'pending')))
      .orderBy(asc(orders.createdAt), asc(orderItems.id))
      .limit(TO_SHIP_SHOWN),
    db
      .select({ n: count() })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.sellerId, sellerId), placed, eq(orderItems.status, 'pending'))),
    lowStockCount(db, sellerId),
  ]);
  const t = totals ?? { sales: 0, paid: 0, collected: 0, orders: 0, units: 0, returned: 0 };
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = indianDate(new Date(since.getTime() + i * DAY_MS));
    const point = byDay.get(day);
    return { day, sales: paiseToRupees(point?.sales ?? 0), orders: point?.orders ?? 0 };
  });
  return {
    success: true,
    days,
    revenue: {
      paid: paiseToRupees(t.paid),
      collected: paiseToRupees(t.collected),
      total: paiseToRupees(t.paid + t.collected),
    },
    sales: paiseToRupees(t.sales),
    orders: t.orders,
    units: t.units,
    returnsRate: t.units === 0 ? 0 : Math.round((t.returned / t.units) * 1000) / 10,
    averageOrderValue: t.orders === 0 ? 0 : paiseToRupees(Math.round(t.sales / t.orders)),
    series,
    topProducts: top.map((p) => ({ ...p, sales: paiseToRupees(p.sales) })),
    toShip: {
      count: waiting?.n ?? 0,
      items: toShip.map(({ order_items: item, orders: order }) => ({
        itemId: item.id,
        orderId: order.id,
        orderNumber: orderNumber(order.id),
        productName: item.productName,
        size: item.size,
        color: item.color,
        quantity: item.quantity,
        paymentMethod: paymentMethodName(order.paymentMethod, order.provider),
        buyerPays: paiseToRupees(buyerPaysPaise(item, order)),
        codToCollect: paiseToRupees(codToCollectPaise(item, order)),
        date: order.createdAt.toISOString(),
      })),
    },
    lowStock: low,
  };
}
