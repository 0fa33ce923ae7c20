import { DEFAULT_PARCEL } from '@vastra/contracts';
import type { CourierAnswer } from '../modules/delivery/index.ts';
import type { CourierApi, CourierQuote } from '../modules/shipping/index.ts';

const HOUR_MS = 60 * 60_000;

/** How long answers are kept, how long the product page waits, and how many routes are remembered. */
export interface ServiceabilityLimits {
  ttlMs: number;
  /** A failed or late answer is not asked again for this long (the zone table answers meanwhile). */
  failureTtlMs: number;
  timeoutMs: number;
  maxEntries: number;
  now: () => number;
}

const DEFAULTS: ServiceabilityLimits = {
  ttlMs: 6 * HOUR_MS,
  failureTtlMs: 60_000,
  timeoutMs: 2_000,
  maxEntries: 5_000,
  now: Date.now,
};

/** What the quotes for a route say: served or not, the fastest courier's days, COD by any courier. */
export function courierAnswerOf(quotes: readonly CourierQuote[]): CourierAnswer {
  const days = quotes.map((q) => q.etdDays).filter((d): d is number => d !== null);
  return {
    serviceable: quotes.length > 0,
    transitDays: days.length > 0 ? Math.min(...days) : null,
    cod: quotes.some((q) => q.cod),
  };
}

/**
 * The courier aggregator's serviceability for the delivery promise (product pages only: orders keep
 * the rule tables and make no outside call). Answers are kept in memory per (from, to, cod) for six
 * hours, in a Map capped at `maxEntries` (the oldest route goes first); one call per route is in
 * flight at a time. An answer that fails or takes longer than two seconds is `undefined`, and the
 * caller uses the zone table; a late answer still fills the cache for the next shopper.
 */
export class CourierServiceability {
  private readonly answers = new Map<string, { answer: CourierAnswer | undefined; until: number }>();
  private readonly asking = new Map<string, Promise<CourierAnswer | undefined>>();
  private readonly limits: ServiceabilityLimits;

  constructor(
    private readonly api: Pick<CourierApi, 'rates'>,
    limits: Partial<ServiceabilityLimits> = {},
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.limits = { ...DEFAULTS, ...limits };
  }

  async answer(route: { from: string; to: string; cod: boolean }): Promise<CourierAnswer | undefined> {
    const key = `${route.from}>${route.to}:${route.cod ? 'cod' : 'prepaid'}`;
    const kept = this.answers.get(key);
    if (kept && kept.until > this.limits.now()) return kept.answer;
    let asking = this.asking.get(key);
    if (!asking) {
      asking = this.ask(key, route);
      this.asking.set(key, asking);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(resolve, this.limits.timeoutMs, undefined);
    });
    try {
      return await Promise.race([asking, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async ask(key: string, route: { from: string; to: string; cod: boolean }) {
    try {
      const quotes = await this.api.rates({ ...route, weightGrams: DEFAULT_PARCEL.weightGrams });
      const answer = courierAnswerOf(quotes);
      this.keep(key, answer, this.limits.ttlMs);
      return answer;
    } catch (err) {
      this.onError(err);
      this.keep(key, undefined, this.limits.failureTtlMs);
      return undefined;
    } finally {
      this.asking.delete(key);
    }
  }

  private keep(key: string, answer: CourierAnswer | undefined, ttlMs: number) {
    this.answers.delete(key);
    while (this.answers.size >= this.limits.maxEntries) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.answers.delete(oldest);
    }
    this.answers.set(key, { answer, until: this.limits.now() + ttlMs });
  }
}
