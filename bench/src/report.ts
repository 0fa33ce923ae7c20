import type { RoundResult } from './load.ts';
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
      console.log(`  server CPU per order (add to cart + order): ${f1(c.serverCpuMsPerOrder)} ms`);
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
  for (const r of report.results) if (r.search) printSearch(r.search);
  if (report.search) printSearch(report.search);
}

/** Cold (each search asked once) apart from warm (asked again: cached), at 1 connection and at many. */
function printSearch(s: SearchResult) {
  console.log(
    `\nsearch on ${s.database}, ${s.products.toLocaleString('en-IN')} products ` +
      `(${s.queries.coldOne} + ${s.queries.coldMany} distinct cold searches, each sent once; warm: ${s.queries.warm} asked again; ` +
      `SQL per cold search ${f2(s.statementsPerRequest)})`,
  );
  const row = (name: string, r: RoundResult) => [
    name,
    f0(r.rps),
    f1(r.p50),
    f1(r.p95),
    f1(r.p99),
    String(r.errors),
  ];
  table([
    ['search', 'req/s', 'p50', 'p95', 'p99', 'errors'],
    row('cold, 1 connection', s.cold.one),
    row(`cold, ${s.connections} connections`, s.cold.many),
    row('warm, 1 connection', s.warm.one),
    row(`warm, ${s.connections} connections`, s.warm.many),
  ]);
}
