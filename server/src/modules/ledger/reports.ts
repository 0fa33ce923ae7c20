import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries, sellers } from '../../db/schema.ts';

/** The instants a calendar month in India starts and ends ("2026-11"). */
export function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1) - 330 * 60_000);
  const end = new Date(Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1) - 330 * 60_000);
  return { start, end };
}

/** A seller's ledger entries, oldest first, for one month (India time) or all. */
export async function ledgerOf(db: DbOrTx, sellerId: string, month?: string) {
  const range = month ? monthRange(month) : undefined;
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.sellerId, sellerId),
        range ? gte(ledgerEntries.createdAt, range.start) : undefined,
        range ? lt(ledgerEntries.createdAt, range.end) : undefined,
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.kind));
}

/** Sellers with money to pay out now, and what is still pending. */
export async function payoutsDue(db: DbOrTx, now = new Date()) {
  const at = now.toISOString();
  return db
    .select({
      sellerId: sellers.id,
      companyName: sellers.companyName,
      gstin: sellers.gstin,
      verified: sql<boolean>`${sellers.emailVerifiedAt} is not null`.mapWith(Boolean),
      payablePaise:
        sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.settlesAt} <= ${at}), 0)`.mapWith(
          Number,
        ),
      pendingPaise:
        sql<number>`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.settlesAt} > ${at}), 0)`.mapWith(
          Number,
        ),
    })
    .from(sellers)
    .innerJoin(ledgerEntries, eq(ledgerEntries.sellerId, sellers.id))
    .groupBy(sellers.id, sellers.companyName, sellers.gstin, sellers.emailVerifiedAt)
    .having(
      gt(
        sql`coalesce(sum(${ledgerEntries.amountPaise}) filter (where ${ledgerEntries.settlesAt} <= ${at}), 0)`,
        0,
      ),
    )
    .orderBy(sellers.companyName);
}

export interface TcsRow {
  gstin: string;
  companyName: string;
  grossPaise: number;
  returnsPaise: number;
  netPaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/**
 * TCS collected in a month (India time), per seller: the taxable value of supplies (delivered
 * items), of returns, the net, and the tax collected on it, split CGST + SGST (intra-state) or IGST.
 * From the ledger's TCS entries, so the report is what the sellers were charged. The shipping and
 * COD fees on a seller's invoice are part of its taxable supplies (issue 37): their TCS
 * (`fee_tcs`) and its reversals count with the goods'.
 */
export async function tcsReport(db: DbOrTx, month: string): Promise<TcsRow[]> {
  const { start, end } = monthRange(month);
  const rows = await db
    .select({
      gstin: sellers.gstin,
      companyName: sellers.companyName,
      kind: ledgerEntries.kind,
      supply: ledgerEntries.supply,
      taxable: sql<number>`coalesce(sum(${ledgerEntries.taxablePaise}), 0)`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${ledgerEntries.amountPaise}), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(sellers, eq(sellers.id, ledgerEntries.sellerId))
    .where(
      and(
        sql`${ledgerEntries.kind} in ('tcs', 'tcs_reversal', 'fee_tcs', 'fee_tcs_reversal')`,
        gte(ledgerEntries.createdAt, start),
        lt(ledgerEntries.createdAt, end),
      ),
    )
    .groupBy(sellers.id, sellers.gstin, sellers.companyName, ledgerEntries.kind, ledgerEntries.supply);
  const bySeller = new Map<string, TcsRow>();
  const intraOf = new Map<TcsRow, number>();
  for (const r of rows) {
    const key = `${r.gstin ?? ''}|${r.companyName}`;
    const row =
      bySeller.get(key) ??
      ({
        gstin: r.gstin ?? 'UNREGISTERED',
        companyName: r.companyName,
        grossPaise: 0,
        returnsPaise: 0,
        netPaise: 0,
        igstPaise: 0,
        cgstPaise: 0,
        sgstPaise: 0,
      } satisfies TcsRow);
    if (r.kind === 'tcs' || r.kind === 'fee_tcs') row.grossPaise += r.taxable;
    else row.returnsPaise += r.taxable;
    row.netPaise = row.grossPaise - row.returnsPaise;
    // The seller was charged -amount for TCS and given +amount back on returns: collected = -sum.
    if (r.supply === 'intra') intraOf.set(row, (intraOf.get(row) ?? 0) - r.amount);
    else row.igstPaise -= r.amount;
    bySeller.set(key, row);
  }
  // Intra-state TCS is split half central, half state tax once it is net, so returns that give back
  // a whole sale's TCS leave both halves at zero.
  for (const [row, collected] of intraOf) {
    row.cgstPaise = Math.round(collected / 2);
    row.sgstPaise = collected - row.cgstPaise;
  }
  return [...bySeller.values()].sort((a, b) => a.gstin.localeCompare(b.gstin));
}
