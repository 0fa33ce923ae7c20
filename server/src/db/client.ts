import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: queries written against it run on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed); for migrations, tests and maintenance. */
  exec(sqlText: string): Promise<void>;
  /** PGlite only: a dump of the data directory (tests clone a migrated template from it). */
  dumpDataDir(): Promise<Blob>;
  /** Runs fn while holding a cluster-wide advisory lock (a no-op lock on single-process PGlite). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * PGlite only (one process owns an embedded database): calls `onNotify` for each NOTIFY on
   * `channel`, before the committing statement's promise resolves. Returns the unsubscribe function.
   */
  listenLocal?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: a reader of one fixed single-value statement (first column of the first row, as
   * text) on a connection of its own, prepared once: never queued behind the pool's work, no ORM on the
   * way. If that connection can't be had or fails, the read goes through the pool instead. Closed with
   * the database.
   */
  dedicatedReader?(sqlText: string): () => Promise<string | null>;
  /** SQL statements run through Drizzle since open; undefined unless opened with `countQueries`. */
  queryCount(): number | undefined;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…` for a server; otherwise a PGlite data directory or `':memory:'`. */
  url?: string;
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /** Count every statement Drizzle runs (benchmarks read it to prove "one statement per request"). */
  countQueries?: boolean;
}

/** A Drizzle logger that only counts: cheap enough to leave on for a whole benchmark run. */
function statementCounter(): { logger: Logger | undefined; read: () => number | undefined } {
  let count = 0;
  return {
    logger: {
      logQuery: () => {
        count++;
      },
    },
    read: () => count,
  };
}

/** How dedicated readers' connections show in pg_stat_activity. */
export const DEDICATED_APPLICATION_NAME = 'vastra-dedicated-read';

/** See Database.dedicatedReader. */
export class DedicatedReader {
  private client: Promise<pg.Client> | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly text: string,
    private readonly pool: pg.Pool,
    private readonly counted: () => void,
  ) {}

  async read(): Promise<string | null> {
    this.counted();
    const query = { name: 'vastra_dedicated_read', text: this.text, rowMode: 'array' as const };
    let result: pg.QueryArrayResult<unknown[]>;
    try {
      result = await (await this.connection()).query(query);
    } catch {
      // The dedicated connection is gone (server restart, connection limit): this read takes the pool.
      result = await this.pool.query({ text: this.text, rowMode: 'array' });
    }
    const value = result.rows[0]?.[0];
    return value === null || value === undefined ? null : String(value);
  }

  private connection(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('database closed'));
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: DEDICATED_APPLICATION_NAME,
    });
    const forget = () => {
      if (this.client === opened) this.client = undefined;
      client.end().catch(() => undefined);
    };
    client.on('error', forget);
    client.on('end', forget);
    const opened = client.connect().then(
      () => client,
      (err: unknown) => {
        forget();
        throw err;
      },
    );
    this.client = opened;
    return opened;
  }

  async close() {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    if (client) await (await client.catch(() => undefined))?.end().catch(() => undefined);
  }
}

/** Planner cost of a random page read; 1.1 suits data in memory or on SSD (PostgreSQL's default, 4, assumes disks). */
const RANDOM_PAGE_COST = 1.1;

const notCounting = { logger: undefined, read: () => undefined };

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const counter = opts.countQueries ? statementCounter() : notCounting;
  const url = opts.url;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 10,
      // The shop's working set lives in memory (or on SSD): with the default cost of 4 the planner
      // scans the whole table for a common search word instead of using the full-text index. Set at
      // connection start-up, so no statement of our own has to run before a connection's first query.
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    });
    pool.on('error', () => {
      // Idle-client errors (server restart) surface on the next query; don't crash the process.
    });
    const db = drizzlePg(pool, { schema, logger: counter.logger }) as unknown as Db;
    const readers = new Set<DedicatedReader>();
    return {
      db,
      kind: 'postgres',
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      dumpDataDir: () => Promise.reject(new Error('dumpDataDir is PGlite-only')),
      withLock: async (key, fn) => {
        const session = await pool.connect();
        try {
          await session.query('select pg_advisory_lock($1)', [key]);
          try {
            return await fn();
          } finally {
            await session.query('select pg_advisory_unlock($1)', [key]);
          }
        } finally {
          session.release();
        }
      },
      dedicatedReader: (sqlText) => {
        const reader = new DedicatedReader(url, sqlText, pool, () => counter.logger?.logQuery(sqlText, []));
        readers.add(reader);
        return () => reader.read();
      },
      queryCount: counter.read,
      close: async () => {
        await Promise.all([...readers].map((r) => r.close()));
        await pool.end();
      },
    };
  }
  const dataDir = opts.dataDir && opts.dataDir !== ':memory:' ? opts.dataDir : undefined;
  // Loaded only when used: a shop on a PostgreSQL server doesn't carry the embedded engine (~40 MB).
  const [{ PGlite }, { drizzle: drizzlePglite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const client = await PGlite.create({
    // PostgreSQL's default 128 MB of shared buffers would all live in this process's memory; the
    // embedded shop's working set is far smaller and the OS page cache holds the data files anyway.
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', 'shared_buffers=16MB', '-c', 'work_mem=4MB', '-c', `random_page_cost=${RANDOM_PAGE_COST}`],
    ],
    ...(dataDir ? { dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    // Search's typo tolerance (trigram similarity, migration 0014): an extension must be loaded
    // when the instance starts, before any migration or query asks for it.
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema, logger: counter.logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    withLock: (_key, fn) => fn(),
    listenLocal: (channel, onNotify) => client.listen(channel, onNotify),
    queryCount: counter.read,
    close: () => client.close(),
  };
}
