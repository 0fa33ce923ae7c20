import type { DbResult, SearchResult } from './run.ts';

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const [i, r] of rows.entries()) {
    console.log(r.map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

/** The summary table on stdout (the JSON file holds every figure). */
export function printReport(report: { results: DbResult[]; search: SearchResult | undefined }) {
  for (const r of report.results) {
    console.log(
      `\n${r.database}, ${r.products} products (medians; latency ms; server RSS peak under read and order load ${f0(r.rssPeakMb)} MB)`,
    );
    table([
      ['endpoint', 'req/s', 'p50', 'p99', 'errors', 'SQL/req', 'bare req/s', 'bare p99', 'ratio'],
      ...r.endpoints.map((e) => [
        e.name,
        f0(e.project.rps),
        f1(e.project.p50),
        f1(e.project.p99),
        String(e.project.errors),
        f2(e.statementsPerRequest),
        f0(e.bare.rps),
        f1(e.bare.p99),
        f2(e.ratio),
      ]),
    ]);
    if ('error' in r.cod) console.log(`COD placement: failed: ${r.cod.error}`);
    else {
      const c = r.cod;
      console.log(
        `COD placement: ${f0(c.ordersPerSec)} orders/s with ${c.users} shoppers (rounds ${c.rounds.map(f0).join(' / ')}; ` +
          `p50 ${f1(c.p50)} ms, p99 ${f1(c.p99)} ms), errors ${c.errors}, refused ${c.refused}, ` +
          `oversold ${c.oversold ? 'YES' : 'no'}, negative stock ${c.stockNegative ? 'YES' : 'no'}`,
      );
      console.log(
        `  server RSS peak: ${f0(c.rssPlacingMb)} MB placing orders, ${f0(c.rssRegisteringMb)} MB while the shoppers registered`,
      );
      if (c.contention) {
        const k = c.contention;
        console.log(
          `  race for one product: stock ${k.stock}, sold ${k.sold}, refused ${k.refused}, left ${k.finalStock}` +
            (k.sold === k.stock && k.finalStock === 0 ? ' (exact)' : ' (MISMATCH)'),
        );
      }
    }
  }
  if (report.search) {
    const s = report.search;
    console.log(
      `\nsearch on postgres, ${s.products} products, ${s.queries} distinct queries: ${f0(s.result.rps)} req/s, ` +
        `p50 ${f1(s.result.p50)} ms, p95 ${f1(s.result.p95)} ms, p99 ${f1(s.result.p99)} ms, errors ${s.result.errors}, SQL/req ${f2(s.statementsPerRequest)}`,
    );
  }
}
