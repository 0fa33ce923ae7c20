import type { DbOrTx } from '../src/db/client.ts';
import { bumpCatalogVersion } from '../src/modules/catalog/index.ts';
import { coupons, saleEvents, salePrices } from '../src/modules/offers/tables.ts';

let n = 0;
/** A coupon inserted straight into the database (the admin API's own tests cover creating one). */
export async function insertCoupon(db: DbOrTx, over: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db
    .insert(coupons)
    .values({
      code: `TEST${Date.now().toString(36).toUpperCase()}${n++}`,
      kind: 'percent',
      value: 10,
      fundedBy: 'platform',
      ...over,
    })
    .returning();
  return row!;
}

const HOUR = 3_600_000;

/**
 * A sale event with sale prices (paise) for the given sizes: running now by default; `from`/`to`
 * move its window relative to now (hours), `earlyHours` opens it that many hours before `from`.
 */
export async function insertSale(
  db: DbOrTx,
  prices: { variantId: string; productId: string; sellerId: string; salePaise: number }[],
  window: { from?: number; to?: number; earlyHours?: number } = {},
) {
  const now = Date.now();
  const startsAt = new Date(now + (window.from ?? -1) * HOUR);
  const [event] = await db
    .insert(saleEvents)
    .values({
      name: `Test Sale ${n++}`,
      startsAt,
      endsAt: new Date(now + (window.to ?? 1) * HOUR),
      earlyAccessAt: window.earlyHours ? new Date(startsAt.getTime() - window.earlyHours * HOUR) : null,
    })
    .returning();
  if (prices.length > 0)
    await db.insert(salePrices).values(
      prices.map((p) => ({
        eventId: event!.id,
        variantId: p.variantId,
        productId: p.productId,
        sellerId: p.sellerId,
        salePricePaise: p.salePaise,
      })),
    );
  await bumpCatalogVersion(db);
  return event!;
}
