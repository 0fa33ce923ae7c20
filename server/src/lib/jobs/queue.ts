/**
 * Background jobs behind one small interface (DESIGN §1, ADR 016): in PostgreSQL through pg-boss
 * when the shop runs on a PostgreSQL server (each job runs once across any number of processes; a
 * job whose worker died is retried after its expiry), in this process on the embedded database.
 */
export interface JobOptions {
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each later one when `retryBackoff`. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A running attempt not finished after this long counts as failed (its worker died) and is retried. */
  expireInSeconds: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

export interface SendOptions {
  /** At most one job with this key waiting or running at a time (later sends are dropped). */
  singletonKey?: string;
}

export interface JobQueue {
  readonly kind: 'postgres' | 'memory';
  /** Declares a kind of job and how it is worked (worked here only when this process works jobs). */
  define<T extends object>(name: string, options: JobOptions, handler: JobHandler<T>): void;
  /** Sends `name` every `minutes` minutes (1–59, or 60: hourly): once per period across all processes. */
  every(name: string, minutes: number): void;
  /** Starts the queue (creates its tables on first use) and its workers. */
  start(): Promise<void>;
  /** Queues a job; resolves once it is stored. */
  send(name: string, data: object, options?: SendOptions): Promise<void>;
  /** Jobs waiting or running, per kind (metrics). */
  depth(): Promise<Record<string, number>>;
  /** Throws unless the queue's storage answers (readiness). */
  ping(): Promise<void>;
  /** Takes no new jobs, lets running ones finish for at most `timeoutMs`, then closes. */
  stop(timeoutMs: number): Promise<void>;
}

/** Seconds before retry number `retry` (1-based). */
export function retryDelay(options: JobOptions, retry: number): number {
  return options.retryBackoff ? options.retryDelaySeconds * 2 ** (retry - 1) : options.retryDelaySeconds;
}
