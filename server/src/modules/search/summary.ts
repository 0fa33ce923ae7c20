import type { ProductSearchQuery, SearchFacets } from '@vastra/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { type FacetCounts, searchFacets } from './facets.ts';
import type { SearchFilters } from './filters.ts';

/**
 * A search's total and facet counts, exact while that is cheap, estimated past it (ADR 012).
 * Counting every match costs a read of every matching product: a common word matches a sixth of
 * the catalogue, 170,000 products of a million. So on a catalogue larger than `sampleRows`, the
 * search is first counted on a sample of product_search's pages (TABLESAMPLE SYSTEM, about
 * `sampleRows` products, the same pages each time). When that says at most `exactUpTo` products
 * count towards the facets (those failing at most one filter), they are counted exactly (few, so
 * cheap). Otherwise the sample's counts, scaled up and rounded to two significant figures, are
 * the facets and the total, marked `estimated` (a shop shows them as "1,000+" or "about 14,000";
 * values too rare to fall in the sample are left out of a facet's list). A search that matches few
 * products still gets its exact total: its results are gathered whole to be ordered (order.ts),
 * and counted on the way.
 */

/** Products in the sample; and the largest result still counted exactly. Measured: docs/perf-log.md (ADR 012). */
export const SAMPLE_ROWS = 3_000;
export const EXACT_UP_TO = 1_000;

export interface SearchSummary extends FacetCounts {
  totalIsEstimate: boolean;
  /** Products each counted one stands for: 1 when counted exactly, else the sample's scale. */
  factor: number;
}

export interface SummaryOptions {
  /** About how many products product_search holds (catalogueSize). */
  catalogueSize: number;
  sampleRows?: number;
  exactUpTo?: number;
}

/** Two significant figures: 14,234 → 14,000; 1,276 → 1,300; 87 → 87. */
export function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** The sample's counts scaled to the whole catalogue, each marked estimated. */
function scaled(sample: FacetCounts, factor: number): SearchSummary {
  const est = (n: number) => roughly(n * factor);
  const values = (list: SearchFacets['category']) =>
    list.map((v) => ({ value: v.value, count: est(v.count), estimated: true }));
  const f = sample.facets;
  return {
    total: est(sample.total),
    totalIsEstimate: true,
    named: Math.round(sample.named * factor),
    candidates: Math.round(sample.candidates * factor),
    keys: sample.keys,
    factor,
    facets: {
      category: values(f.category),
      subCategory: values(f.subCategory),
      color: values(f.color),
      brand: values(f.brand),
      size: values(f.size),
      price: f.price.map((b) => ({ ...b, count: est(b.count), estimated: true })),
      inStock: { count: est(f.inStock?.count ?? 0), estimated: true },
    },
  };
}

export async function summarise(
  db: DbOrTx,
  query: ProductSearchQuery,
  f: SearchFilters,
  { catalogueSize, sampleRows = SAMPLE_ROWS, exactUpTo = EXACT_UP_TO }: SummaryOptions,
): Promise<SearchSummary> {
  const exact = async () => ({ ...(await searchFacets(db, query, f)), totalIsEstimate: false, factor: 1 });
  if (catalogueSize <= sampleRows) return exact();
  const percent = (100 * sampleRows) / catalogueSize;
  const sample = await searchFacets(db, query, f, { samplePercent: percent });
  const factor = 100 / percent;
  // Few products to count for the facets (those failing at most one filter): all exact.
  if (sample.candidates * factor <= exactUpTo) return exact();
  return scaled(sample, factor);
}
