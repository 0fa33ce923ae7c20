import type { FastifyBaseLogger } from 'fastify';
import { type JobHandler, type JobOptions, type JobQueue, retryDelay, type SendOptions } from './queue.ts';

interface Kind {
  options: JobOptions;
  handler: JobHandler<object>;
  waiting: number;
}

/**
 * The queue of a shop on the embedded database (one process owns it): jobs run in this process, with
 * the same retries and backoff as in PostgreSQL. Jobs live in memory, so each job's durable state is
 * its own table (an outbox row unsent, a refund pending), which the periodic sweeps pick up again
 * after a restart.
 */
export class MemoryQueue implements JobQueue {
  readonly kind = 'memory' as const;
  private readonly kinds = new Map<string, Kind>();
  private readonly singletons = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly periodic: { name: string; minutes: number }[] = [];
  private started = false;
  private stopped = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  define<T extends object>(name: string, options: JobOptions, handler: JobHandler<T>): void {
    this.kinds.set(name, { options, handler: handler as JobHandler<object>, waiting: 0 });
  }

  every(name: string, minutes: number): void {
    this.periodic.push({ name, minutes });
    if (this.started) this.startPeriodic(name, minutes);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    for (const { name, minutes } of this.periodic) this.startPeriodic(name, minutes);
  }

  private startPeriodic(name: string, minutes: number) {
    const timer = setInterval(() => {
      void this.send(name, {}, { singletonKey: name }).catch(() => undefined);
    }, minutes * 60_000);
    timer.unref();
    this.timers.add(timer);
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<void> {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`no such job: ${name}`);
    if (this.stopped) return;
    const singleton = options.singletonKey ? `${name}\u0000${options.singletonKey}` : undefined;
    if (singleton) {
      if (this.singletons.has(singleton)) return;
      this.singletons.add(singleton);
    }
    kind.waiting++;
    this.attempt(name, kind, data, 0, singleton);
  }

  private attempt(name: string, kind: Kind, data: object, retry: number, singleton: string | undefined) {
    const run: Promise<void> = kind
      .handler(data)
      .then(
        () => this.finish(kind, singleton),
        (err: unknown) => {
          if (retry >= kind.options.retryLimit || this.stopped) {
            this.log.error({ err, job: name, attempts: retry + 1 }, 'job failed for good');
            this.finish(kind, singleton);
            return;
          }
          const seconds = retryDelay(kind.options, retry + 1);
          this.log.warn({ err, job: name, retryInSeconds: seconds }, 'job failed; it will be retried');
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            this.attempt(name, kind, data, retry + 1, singleton);
          }, seconds * 1000);
          timer.unref();
          this.timers.add(timer);
        },
      )
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private finish(kind: Kind, singleton: string | undefined) {
    kind.waiting--;
    if (singleton) this.singletons.delete(singleton);
  }

  async depth(): Promise<Record<string, number>> {
    return Object.fromEntries([...this.kinds].map(([name, kind]) => [name, kind.waiting]));
  }

  async ping(): Promise<void> {}

  /** Resolves when no job is running (tests, and shutdown). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      this.settled(),
      new Promise<void>((resolve) => {
        timeout = setTimeout(resolve, timeoutMs);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
  }
}
