import type { HistogramBar } from '@vastra/contracts';

const STARS = [5, 4, 3, 2, 1] as const;

/**
 * Five bars, 5 stars first, with whole-number percentages that add up to exactly 100 when there is
 * at least one review (largest-remainder rounding: floor every share, then give the missing points
 * to the largest remainders, more stars first on a tie). Plain rounding would show 33+33+33 = 99.
 */
export function buildHistogram(countsByStars: ReadonlyMap<number, number>): HistogramBar[] {
  const bars = STARS.map((stars) => ({ stars, count: countsByStars.get(stars) ?? 0, percent: 0 }));
  const total = bars.reduce((sum, b) => sum + b.count, 0);
  if (total === 0) return bars;
  const shares = bars.map((b) => {
    const exact = (b.count * 100) / total;
    return { bar: b, remainder: exact - Math.floor(exact) };
  });
  for (const s of shares) s.bar.percent = Math.floor((s.bar.count * 100) / total);
  let missing = 100 - bars.reduce((sum, b) => sum + b.percent, 0);
  // Stable sort keeps 5 stars before 4 … on equal remainders.
  for (const s of [...shares].sort((a, b) => b.remainder - a.remainder)) {
    if (missing <= 0) break;
    s.bar.percent += 1;
    missing -= 1;
  }
  return bars;
}

/** Average of the histogram's ratings, rounded to 2 decimals; 0 without reviews. */
export function averageOf(bars: readonly HistogramBar[]): number {
  const count = bars.reduce((sum, b) => sum + b.count, 0);
  if (count === 0) return 0;
  const sum = bars.reduce((acc, b) => acc + b.stars * b.count, 0);
  return Math.round((sum / count) * 100) / 100;
}
