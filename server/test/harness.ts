import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, type BuildAppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  config: Config;
  /** Another app process on the same database (for multi-instance tests). */
  spawnApp(overrides?: BuildAppOptions['overrides']): Promise<App>;
  /**
   * Another app process with its own connection pool (PostgreSQL), as a second server would be;
   * on PGlite (one process per data directory) the same as spawnApp.
   */
  spawnSeparateApp(): Promise<App>;
  close(): Promise<void>;
}

/** A fresh database for this test file: a clone of the migrated template (PGlite or PostgreSQL). */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** PostgreSQL: the clone's URL, for opening more pools to it. */
  url?: string;
}> {
  const pgTemplate = inject('pgTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (pgTemplate && serverUrl) {
    const name = `vastra_t_${Date.now()}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    // CREATE DATABASE … TEMPLATE needs the template to have no other sessions; retry briefly if a sibling clones it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${pgTemplate}`);
        break;
      } catch (err) {
        if (attempt > 40) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 20 });
    return {
      database,
      url: url.toString(),
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const template = inject('pgliteTemplate');
  if (!template) throw new Error('global setup did not provide a database template');
  const blob = new Blob([readFileSync(template)]);
  const database = await openDatabase({ dataDir: ':memory:', loadDataDir: blob });
  return { database, drop: () => database.close() };
}

export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vastra-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_AUTH_MAX: '10000',
    SEED_DEMO: 'false',
    ...env,
  });
}

/** Builds the real app on a fresh database; call close() in afterAll. */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    overrides?: BuildAppOptions['overrides'];
    logStream?: BuildAppOptions['logStream'];
  } = {},
): Promise<TestContext> {
  const { database, drop, url } = await openTestDatabase();
  const config = testConfig(options.env);
  const apps: App[] = [];
  const extraPools: Database[] = [];
  const spawnApp = async (overrides = options.overrides) => {
    const app = await buildApp({ config, database, overrides, logStream: options.logStream });
    await app.ready();
    apps.push(app);
    return app;
  };
  const spawnSeparateApp = async () => {
    if (!url) return spawnApp();
    const own = await openDatabase({ url, poolSize: 5 });
    extraPools.push(own);
    const app = await buildApp({ config, database: own, overrides: options.overrides });
    await app.ready();
    apps.push(app);
    return app;
  };
  const app = await spawnApp();
  return {
    app,
    database,
    db: database.db,
    config,
    spawnApp,
    spawnSeparateApp,
    close: async () => {
      for (const a of apps) await a.close();
      for (const d of extraPools) await d.close();
      await drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A log destination that keeps every line, for tests that check what was logged. */
export function logLines(): { stream: NodeJS.WritableStream; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}
