import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/client.ts';
import { MemoryQueue } from './memory-queue.ts';
import { PgBossQueue } from './pg-queue.ts';
import type { JobOptions } from './queue.ts';

const log = pino({ level: 'silent' });
const quick: JobOptions = { retryLimit: 3, retryDelaySeconds: 0.05, retryBackoff: true, expireInSeconds: 30 };

async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the in-process queue (embedded database)', () => {
  it('retries a failing job with growing delays until it succeeds', async () => {
    const queue = new MemoryQueue(log);
    const tries: number[] = [];
    queue.define<{ n: number }>('flaky', quick, async () => {
      tries.push(Date.now());
      if (tries.length < 3) throw new Error('not yet');
    });
    await queue.start();
    await queue.send('flaky', { n: 1 });
    await until(() => tries.length === 3);
    await queue.settled();
    const gaps = [tries[1]! - tries[0]!, tries[2]! - tries[1]!];
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95); // doubled
    expect(await queue.depth()).toEqual({ flaky: 0 });
    await queue.stop(1000);
  });

  it('gives up after retryLimit retries, and keeps one singleton job at a time', async () => {
    const queue = new MemoryQueue(log);
    let failures = 0;
    queue.define('broken', { ...quick, retryLimit: 2 }, async () => {
      failures++;
      throw new Error('always');
    });
    let started = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    queue.define('sweep', quick, async () => {
      started++;
      await gate;
    });
    await queue.start();
    await queue.send('broken', {});
    await queue.send('sweep', {}, { singletonKey: 'sweep' });
    await queue.send('sweep', {}, { singletonKey: 'sweep' });
    expect(await queue.depth()).toMatchObject({ sweep: 1 });
    release();
    await until(() => failures === 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(failures).toBe(3);
    expect(started).toBe(1);
    await queue.stop(1000);
  });

  it('on stop, lets a running job finish', async () => {
    const queue = new MemoryQueue(log);
    let finished = false;
    queue.define('slow', quick, async () => {
      await new Promise((r) => setTimeout(r, 200));
      finished = true;
    });
    await queue.start();
    await queue.send('slow', {});
    await queue.stop(5000);
    expect(finished).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('jobs in PostgreSQL (pg-boss)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;
  const queues: PgBossQueue[] = [];
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    drop = opened.drop;
    url = opened.url!;
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    for (const q of queues) await q.stop(1000).catch(() => undefined);
    await drop?.();
  });

  it('runs each job once, whichever of two workers takes it', async () => {
    const runs: { n: number; worker: string }[] = [];
    for (const worker of ['a', 'b']) {
      const queue = new PgBossQueue(url, log, { work: true, superviseSeconds: 60 });
      queue.define<{ n: number }>('count-once', { ...quick, retryDelaySeconds: 1 }, async ({ n }) => {
        runs.push({ n, worker });
        await new Promise((r) => setTimeout(r, 5));
      });
      await queue.start();
      queues.push(queue);
    }
    for (let n = 0; n < 30; n++) await queues[n % 2]!.send('count-once', { n });
    await until(() => runs.length >= 30);
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect(await queues[0]!.depth()).toEqual({ 'count-once': 0 });
  });

  it('starts two workers at the same moment on a new database, each with the periodic job scheduled', async () => {
    const fresh = await openTestDatabase();
    const pair = ['a', 'b'].map(() => {
      const queue = new PgBossQueue(fresh.url!, log, { work: true, superviseSeconds: 60 });
      for (const name of ['tick', 'tock', 'sweep', 'mail', 'refund']) {
        queue.define(name, { ...quick, retryDelaySeconds: 1 }, async () => undefined);
        queue.every(name, 5);
      }
      return queue;
    });
    try {
      // The second one's createQueue can lose to the first one's uncommitted insert; it must then wait
      // for the queue before scheduling (the schedule's foreign key), not fail to start.
      await Promise.all(pair.map((queue) => queue.start()));
      expect(await Promise.all(pair.map((queue) => queue.depth()))).toEqual(
        pair.map(() => ({ tick: 0, tock: 0, sweep: 0, mail: 0, refund: 0 })),
      );
    } finally {
      for (const queue of pair) await queue.stop(1000).catch(() => undefined);
      await fresh.drop();
    }
  });

  it('retries the job of a worker process killed mid-job, in another process', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, '../../../test/jobs-worker-child.ts'),
        url,
        'killed',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
    });
    await until(() => out.includes('ready'), 30_000);

    const options = { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 2 };
    const sender = new PgBossQueue(url, log, { work: false, superviseSeconds: 60 });
    sender.define('killed', options, async () => undefined);
    await sender.start();
    queues.push(sender);
    await sender.send('killed', { n: 7 });
    await until(() => out.includes('took 7'), 30_000);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    // Another process works the queue: the dead worker's job expires and is retried there.
    const done: number[] = [];
    const survivor = new PgBossQueue(url, log, { work: true, superviseSeconds: 1 });
    survivor.define<{ n: number }>('killed', options, async ({ n }) => {
      done.push(n);
    });
    queues.push(survivor);
    await survivor.start();
    await until(() => done.length > 0, 30_000);
    expect(done).toEqual([7]);
    await until(async () => {
      const { rows } = (await database.db.execute(
        sql`select state, retry_count from pgboss.job where name = 'killed'`,
      )) as { rows: { state: string; retry_count: number }[] };
      return rows.length === 1 && rows[0]!.state === 'completed' && rows[0]!.retry_count === 1;
    }, 10_000);
  });
});
