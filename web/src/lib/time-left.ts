import { useEffect, useState } from 'react';

/** What is left until `endsAt`: days, hours and minutes (rounded up to the minute), or null once past. */
export function timeLeft(endsAt: string, now: number): { d: number; h: number; m: number } | null {
  const ms = Date.parse(endsAt) - now;
  if (!(ms > 0)) return null;
  const minutes = Math.ceil(ms / 60_000);
  return { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60), m: minutes % 60 };
}

/**
 * The time now, moved on every minute: a countdown changes without a reload. The first render
 * uses the time it is rendered at, on the server too (the text may differ by a minute on hydration).
 */
export function useMinute(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  return now;
}
