import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobHandler, JobOptions, JobQueue, SendOptions } from './queue.ts';

/** A cron line for every `minutes` minutes (1–59, or 60: on the hour). */
const cronOf = (minutes: number) =>
  minutes >= 60 ? '0 * * * *' : minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;

/** Jobs fetched at once by one worker (a fetch every second while there is nothing to do). */
const BATCH = 10;

/** pg-boss keeps its tables in a schema of its own, created and migrated by pg-boss on start. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Jobs in PostgreSQL through pg-boss: a job is fetched with `FOR UPDATE SKIP LOCKED`, so each runs in
 * one process whichever and however many work the queue; a job whose process died is failed when its
 * `expireInSeconds` pass (pg-boss's supervision, every `superviseSeconds` in one process) and retried.
 * Periodic jobs are sent by pg-boss's cron, once per period across the cluster.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'postgres' as const;
  private readonly boss: PgBoss;
  private readonly kinds = new Map<string, { options: JobOptions; handler: JobHandler<object> }>();
  private readonly periodic: { name: string; minutes: number }[] = [];

  constructor(
    connectionString: string,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { work: boolean; superviseSeconds: number },
  ) {
    this.boss = new PgBoss({
      connectionString,
      schema: JOBS_SCHEMA,
      max: 4,
      application_name: 'vastra-jobs',
      supervise: opts.work,
      schedule: opts.work,
      maintenanceIntervalSeconds: opts.superviseSeconds,
    });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  define<T extends object>(name: string, options: JobOptions, handler: JobHandler<T>): void {
    this.kinds.set(name, { options, handler: handler as JobHandler<object> });
  }

  every(name: string, minutes: number): void {
    this.periodic.push({ name, minutes });
  }

  private async untilVisible(name: string): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await this.boss.getQueue(name)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job queue ${name} was not created`);
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const [name, { options }] of this.kinds) {
      const queue = {
        name,
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: options.retryBackoff,
        expireInSeconds: options.expireInSeconds,
      };
      await this.boss.createQueue(name, queue).catch(async () => {
        await this.boss.updateQueue(name, queue);
        // Another process starting at the same moment may be creating this queue in a transaction not
        // yet committed: scheduling before it is visible would break the schedule's foreign key.
        await this.untilVisible(name);
      });
    }
    if (!this.opts.work) return;
    for (const { name, minutes } of this.periodic) {
      await this.boss.schedule(name, cronOf(minutes), {}, { singletonKey: name });
    }
    for (const [name, { handler }] of this.kinds) {
      // Up to BATCH jobs per fetch, run together; each one failed on its own (then retried on its own),
      // the others completed when the handler returns (pg-boss completes only jobs still active).
      await this.boss.work<object>(name, { pollingIntervalSeconds: 1, batchSize: BATCH }, async (batch) => {
        await Promise.all(
          batch.map((job) =>
            handler(job.data).catch(async (err: unknown) => {
              this.log.warn({ err, job: name, id: job.id }, 'job failed; it will be retried');
              await this.boss.fail(name, job.id, { message: (err as Error).message ?? String(err) });
            }),
          ),
        );
      });
    }
  }

  async send(name: string, data: object, options: SendOptions = {}): Promise<void> {
    await this.boss.send(name, data, options.singletonKey ? { singletonKey: options.singletonKey } : {});
  }

  async depth(): Promise<Record<string, number>> {
    const sizes = await Promise.all(
      [...this.kinds.keys()].map(async (name) => [name, await this.boss.getQueueSize(name)] as const),
    );
    return Object.fromEntries(sizes);
  }

  async ping(): Promise<void> {
    await this.boss.getDb().executeSql('select 1', []);
  }

  async stop(timeoutMs: number): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: Math.max(timeoutMs, 1000) });
  }
}
