import { indianDate, type LowStockAnswer, type LowStockItem } from '@vastra/contracts';
import { and, asc, count, eq, lt, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { products, productVariants, sellers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { claimLowStockMail, lowStockNotMailedSince } from '../accounts/index.ts';
import type { Mailer, MailMessage } from '../mail/index.ts';

const IST_OFFSET_MS = 330 * 60_000;
/** The digest goes out from 08:00 India time, once per India day. */
export const DIGEST_HOUR_IST = 8;
/** Lines an e-mail lists; the rest are counted. */
const MAIL_LINES = 50;

/** Variants of the seller's products on sale or hidden (not removed) with fewer units than `threshold`. */
const lowVariants = (sellerId: string, threshold: number) =>
  and(
    eq(productVariants.sellerId, sellerId),
    lt(productVariants.stock, threshold),
    ne(products.status, 'removed'),
  );

export async function thresholdOf(db: DbOrTx, sellerId: string): Promise<number> {
  const [seller] = await db
    .select({ threshold: sellers.lowStockThreshold })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  if (!seller) throw notFound('Seller not found');
  return seller.threshold;
}

/** The seller's threshold and how many variants are below it (the dashboard's badge). */
export async function lowStockCount(db: DbOrTx, sellerId: string) {
  const threshold = await thresholdOf(db, sellerId);
  const [row] = await db
    .select({ n: count() })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lowVariants(sellerId, threshold));
  return { threshold, count: row?.n ?? 0 };
}

async function lowItems(db: DbOrTx, sellerId: string, threshold: number): Promise<LowStockItem[]> {
  return db
    .select({
      productId: products.id,
      productName: products.name,
      variantId: productVariants.id,
      size: productVariants.size,
      color: productVariants.color,
      sku: productVariants.sku,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lowVariants(sellerId, threshold))
    .orderBy(
      asc(productVariants.stock),
      asc(products.name),
      asc(productVariants.size),
      asc(productVariants.id),
    );
}

/** `GET /api/seller/low-stock`: each variant below the seller's threshold, fewest units first. */
export async function lowStock(db: DbOrTx, sellerId: string): Promise<LowStockAnswer> {
  const threshold = await thresholdOf(db, sellerId);
  return { success: true, threshold, items: await lowItems(db, sellerId, threshold) };
}

/** India midnight of `now`'s India day. */
const indianMidnight = (now: Date) => new Date(Date.parse(`${indianDate(now)}T00:00:00Z`) - IST_OFFSET_MS);

export function lowStockMail(
  seller: { email: string; fullName: string; threshold: number },
  items: LowStockItem[],
): MailMessage {
  const name = (i: LowStockItem) => [i.productName, [i.size, i.color].filter(Boolean).join(' ')].join(' – ');
  const lines = items
    .slice(0, MAIL_LINES)
    .map((i) => `  - ${name(i)} (SKU ${i.sku}): ${i.stock === 0 ? 'sold out' : `${i.stock} left`}`);
  if (items.length > MAIL_LINES) lines.push(`  … and ${items.length - MAIL_LINES} more`);
  return {
    to: seller.email,
    kind: 'low_stock',
    subject: `Vastra: ${items.length === 1 ? '1 size is' : `${items.length} sizes are`} running low`,
    text: [
      `Hello ${seller.fullName},`,
      '',
      `These sizes have fewer than ${seller.threshold} units left:`,
      ...lines,
      '',
      'Restock them in the seller centre (My Products), or change the threshold on your dashboard.',
    ].join('\n'),
  };
}

export interface DigestDeps {
  db: Db;
  mailer: Mailer;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * The daily low-stock e-mail (a job): to each active seller with a variant below their threshold,
 * once per India day, from 08:00 India time. Safe to run in every process and as often as wanted:
 * a seller is claimed by moving `low_stock_mailed_at` in one conditional UPDATE before the mail is
 * recorded, so two runs never both mail. Returns how many sellers were mailed.
 */
export async function sendLowStockDigests(deps: DigestDeps, now = new Date()): Promise<number> {
  const istHour = new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();
  if (istHour < DIGEST_HOUR_IST) return 0;
  const today = indianMidnight(now);
  const notMailedToday = lowStockNotMailedSince(today);
  const due = await deps.db
    .selectDistinct({ id: sellers.id })
    .from(sellers)
    .innerJoin(productVariants, eq(productVariants.sellerId, sellers.id))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(sellers.status, 'active'),
        notMailedToday,
        lt(productVariants.stock, sellers.lowStockThreshold),
        ne(products.status, 'removed'),
      ),
    );
  let mailed = 0;
  for (const { id } of due) {
    try {
      const claimed = await claimLowStockMail(deps.db, id, today, now);
      if (!claimed) continue;
      const items = await lowItems(deps.db, id, claimed.threshold);
      if (items.length === 0) continue;
      await deps.mailer.send(lowStockMail(claimed, items));
      mailed++;
    } catch (err) {
      deps.log?.error({ err, sellerId: id }, 'low-stock e-mail failed');
    }
  }
  return mailed;
}
