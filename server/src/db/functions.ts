import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config.ts';
import type { Database } from './client.ts';

/**
 * The current definition of every database function and trigger, one file per function and its
 * triggers (docs/decisions/021-database-functions-in-one-place.md). Found from the repository root,
 * like the migrations, so the bundled server (server/dist) reads the same files.
 */
export const FUNCTIONS_DIR = path.join(REPO_ROOT, 'server', 'src', 'db', 'functions');

/** A file of server/src/db/functions: its name and its SQL. */
export interface FunctionFile {
  name: string;
  sql: string;
}

/** The function files in name order. */
export function readFunctionFiles(): FunctionFile[] {
  const names = readdirSync(FUNCTIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  // An empty folder would leave the database as the migrations left it without a word: a broken deploy.
  if (names.length === 0) throw new Error(`no database functions in ${FUNCTIONS_DIR}`);
  return names.map((name) => ({ name, sql: readFileSync(path.join(FUNCTIONS_DIR, name), 'utf8') }));
}

/**
 * How long the step waits for one table's lock before it gives way and starts again. A trigger's
 * (re)definition locks its table against writes until the step commits, so a start-up on a busy
 * shop can wait for an order that then waits for it (a deadlock); PostgreSQL aborts whichever
 * waited first once deadlock_timeout (1 s) passes. The step locks at most seven tables: waiting at
 * most a tenth of a second for each, it is the one that gives way, never an order.
 */
const LOCK_WAIT = '100ms';
/** How long the step keeps starting again before the start fails (a transaction holds a table that long). */
const GIVE_UP_AFTER_MS = 60_000;

/**
 * (Re)defines every function and trigger from the files, after the migrations. Every statement is
 * idempotent (CREATE OR REPLACE), and all files go as one multi-statement query, which PostgreSQL
 * and PGlite run as one transaction: a running process never sees a trigger missing, and a file
 * that fails leaves the definitions as they were.
 */
export async function applyFunctions(database: Database): Promise<void> {
  const script = [
    `SELECT set_config('lock_timeout', '${LOCK_WAIT}', true);`,
    ...readFunctionFiles().map((file) => file.sql),
  ].join('\n');
  const giveUpAt = Date.now() + GIVE_UP_AFTER_MS;
  for (;;) {
    try {
      await database.exec(script);
      return;
    } catch (err) {
      if (isLockTimeout(err) && Date.now() < giveUpAt) {
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
        continue;
      }
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`applying server/src/db/functions/*.sql failed: ${reason}`, { cause: err });
    }
  }
}

/** SQLSTATE 55P03: a lock not had within lock_timeout. */
const isLockTimeout = (err: unknown) => (err as { code?: unknown } | null)?.code === '55P03';
