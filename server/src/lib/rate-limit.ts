/**
 * Fixed-window counters for abuse limits (login, register, contact form).
 * In memory per process; the interface is small so a Redis-backed store can replace it when the
 * shop runs several processes.
 */
export interface RateLimiter {
  /** Counts one hit for key; true while the key is within max hits per window. */
  hit(key: string, max: number, windowMs: number): boolean;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  hit(key: string, max: number, windowMs: number): boolean {
    const now = Date.now();
    if (this.windows.size > 50_000) this.sweep(now, windowMs);
    const w = this.windows.get(key);
    if (!w || now - w.start >= windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= max;
  }

  private sweep(now: number, windowMs: number) {
    for (const [key, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(key);
  }
}
