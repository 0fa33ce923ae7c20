/** Runs a task now or, when `n` are already running, after the ones before it (first come, first served). */
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/** A limit of `n` tasks at a time. */
export function concurrencyLimit(n: number): Limit {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < n) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line (running stays the same), or free it.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
