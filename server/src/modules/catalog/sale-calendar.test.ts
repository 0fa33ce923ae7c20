import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CacheLoad, CatalogCache, type VersionSource } from './cache.ts';
import { EMPTY_CALENDAR, SaleCalendar } from './sale-calendar.ts';

/**
 * The cache's side of issue 36 without a database: what a warm request costs while a sale runs,
 * and which viewers share an answer.
 */

const T0 = Date.parse('2026-10-20T00:00:00Z');
const MINUTE = 60_000;
const diwali = {
  id: 'diwali',
  earlyAccessAt: T0 + 10 * MINUTE,
  startsAt: T0 + 20 * MINUTE,
  endsAt: T0 + 30 * MINUTE,
};

/** A version that changes only when told, and a calendar reader that counts its reads. */
function fakes(calendar: SaleCalendar) {
  const state = { version: 1, calendarReads: 0, loads: 0 };
  const gate: VersionSource = { current: async () => state.version };
  const cache = new CatalogCache(gate, async () => {
    state.calendarReads++;
    return calendar;
  });
  const load: CacheLoad = async ({ view, open }) => {
    state.loads++;
    return { payload: { open: open.key, signedIn: view.signedIn, at: view.now.getTime() } };
  };
  const get = async (signedIn = false) =>
    JSON.parse((await cache.get('listing', load, JSON.stringify, async () => signedIn)).body) as {
      open: string;
      signedIn: boolean;
    };
  return { state, get };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the sale calendar', () => {
  it('opens an event to signed-in shoppers from early access and to everyone from its start, until its end', () => {
    const calendar = new SaleCalendar([diwali]);
    const open = (at: number, signedIn: boolean) => calendar.openFor(at, signedIn).key;
    expect(open(T0, true)).toBe('');
    expect(open(diwali.earlyAccessAt, false)).toBe('');
    expect(open(diwali.earlyAccessAt, true)).toBe('diwali~');
    expect(calendar.dependsOnSignIn(diwali.earlyAccessAt)).toBe(true);
    expect(open(diwali.startsAt, false)).toBe('diwali');
    expect(open(diwali.startsAt, true)).toBe('diwali');
    expect(calendar.dependsOnSignIn(diwali.startsAt)).toBe(false);
    expect(open(diwali.endsAt, true)).toBe('');
  });
});

describe('cached answers during a sale', () => {
  it('read the calendar once per catalogue version, and nothing more on a warm request', async () => {
    vi.useFakeTimers({ now: diwali.startsAt + MINUTE });
    const { state, get } = fakes(new SaleCalendar([diwali]));
    for (let i = 0; i < 5; i++) expect((await get()).open).toBe('diwali');
    expect(state).toMatchObject({ calendarReads: 1, loads: 1 });
    state.version = 2;
    await get();
    expect(state).toMatchObject({ calendarReads: 2, loads: 2 });
  });

  it('are made again when a window opens or closes, with no new version', async () => {
    vi.useFakeTimers({ now: T0 });
    const { state, get } = fakes(new SaleCalendar([diwali]));
    expect(await get(true)).toMatchObject({ open: '', signedIn: false });
    vi.setSystemTime(diwali.earlyAccessAt);
    // Anonymous and signed-in shoppers get different answers while early access runs.
    expect(await get(false)).toMatchObject({ open: '', signedIn: false });
    expect(await get(true)).toMatchObject({ open: 'diwali~', signedIn: true });
    vi.setSystemTime(diwali.startsAt);
    expect(await get(false)).toMatchObject({ open: 'diwali' });
    // From the start everyone sees the same: one answer, whoever asks.
    expect(await get(true)).toMatchObject({ open: 'diwali', signedIn: false });
    vi.setSystemTime(diwali.endsAt);
    expect((await get()).open).toBe('');
    expect(state.calendarReads).toBe(1);
  });

  it('ask nobody whether they are signed in unless a sale is in early access', async () => {
    const asked = vi.fn(async () => true);
    const ask = (calendar: SaleCalendar) =>
      new CatalogCache({ current: async () => 1 }, async () => calendar).get(
        'listing',
        async () => ({ payload: 1 }),
        JSON.stringify,
        asked,
      );
    vi.useFakeTimers({ now: diwali.startsAt });
    await ask(EMPTY_CALENDAR);
    await ask(new SaleCalendar([diwali]));
    expect(asked).not.toHaveBeenCalled();
    vi.setSystemTime(diwali.earlyAccessAt);
    await ask(new SaleCalendar([diwali]));
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
