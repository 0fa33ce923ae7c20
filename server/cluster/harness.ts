import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { ensureServerBuilt, serverArgs } from '../scripts/build.mjs';
import { type FakeSmtp, startFakeSmtp } from '../test/fake-smtp.ts';
import { type LocalS3, startLocalS3 } from '../test/local-s3.ts';

/**
 * What the cluster suites share (DESIGN §1, ADR 016): the production bundle run as two app
 * processes, as behind a load balancer, on one new PostgreSQL database, one Redis and one
 * S3-compatible server (s3rver, in this process), with mail going to a local SMTP server.
 */
const BASE_DB = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** Every process signs and verifies tokens with it; a test may sign its own with it too. */
export const JWT_SECRET = 'cluster-secret-shared-by-every-process-0123456789';

export const unique = () => randomBytes(5).toString('hex');

export interface Proc {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** Where the two apps, S3 and SMTP listen: each suite has its own, as a suite's last test may stop an app. */
export interface ClusterPorts {
  a: number;
  b: number;
  s3: number;
  smtp: number;
}

export interface Cluster {
  procs: Record<'a' | 'b', Proc>;
  /** The suite's own database (created empty; the apps migrate it). */
  dbUrl: string;
  dbName: string;
  /** A connection to the server's default database (used to create and drop the suite's). */
  admin: pg.Client;
  smtp: FakeSmtp;
  metricsToken: string;
  close(): Promise<void>;
}

function startApp(
  name: 'a' | 'b',
  port: number,
  env: { dbUrl: string; s3: LocalS3; smtp: FakeSmtp; metricsToken: string; dataDirs: string[] },
): Proc {
  const dataDir = mkdtempSync(path.join(tmpdir(), `vastra-cluster-${name}-`));
  env.dataDirs.push(dataDir);
  const child = spawn(process.execPath, serverArgs(), {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: env.dbUrl,
      DATABASE_POOL_SIZE: '10',
      REDIS_URL,
      ...env.s3.env,
      SMTP_URL: env.smtp.url,
      METRICS_TOKEN: env.metricsToken,
      JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_AUTH_MAX: '3',
      // As behind the reverse proxy: the client address comes from X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_CONTACT_MAX: '1000',
      JOBS_SUPERVISE_SECONDS: '2',
      SHUTDOWN_TIMEOUT_MS: '10000',
    },
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, url: `http://127.0.0.1:${port}`, child, output, exited };
}

export async function until<T>(
  check: () => Promise<T | undefined | false>,
  ms: number,
  what: string,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Builds the server if needed, makes a new database, and starts S3, SMTP and both apps on it. */
export async function startCluster(ports: ClusterPorts): Promise<Cluster> {
  await ensureServerBuilt();
  const dbName = `vastra_cluster_${Date.now()}_${unique()}`;
  const admin = new pg.Client({ connectionString: BASE_DB });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(BASE_DB);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();
  const s3 = await startLocalS3(ports.s3);
  const smtp = await startFakeSmtp(ports.smtp);
  const metricsToken = randomBytes(16).toString('hex');
  const dataDirs: string[] = [];
  const env = { dbUrl, s3, smtp, metricsToken, dataDirs };
  // Both at once on an empty database: migrations run once, under the advisory lock.
  const procs = { a: startApp('a', ports.a, env), b: startApp('b', ports.b, env) };
  const close = async () => {
    for (const p of Object.values(procs)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(Object.values(procs).map((p) => p.exited));
    await s3.close();
    await smtp.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  };
  try {
    for (const p of Object.values(procs)) {
      await until(
        async () => (await fetch(`${p.url}/api/ready`)).status === 200,
        120_000,
        `${p.name} ready (output: ${p.output.join('')})`,
      );
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { procs, dbUrl, dbName, admin, smtp, metricsToken, close };
}

export async function api(
  proc: Proc,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
  clientIp?: string,
  // biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read field by field
): Promise<{ status: number; json: () => Record<string, any>; text: string }> {
  const res = await fetch(`${proc.url}${url}`, {
    method,
    headers: {
      ...(clientIp ? { 'x-forwarded-for': clientIp } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { 'auth-token': token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}

export async function register(proc: Proc, kind: 'user' | 'seller') {
  const email = `${kind}.${unique()}@example.in`;
  const fields =
    kind === 'user'
      ? {
          fullName: 'Asha Verma',
          email,
          password: 'correct-horse-42',
          mobile: '9876543210',
          address: '14 Residency Road',
          city: 'Pune',
          state: 'Maharashtra',
          postalCode: '411001',
        }
      : {
          fullName: 'Ravi Textiles Owner',
          companyName: `Ravi Textiles ${unique()}`,
          email,
          password: 'seller-pass-42',
          mobile: '+91 98450 12345',
          companyAddress: '7 Linking Road, Mumbai 400050',
        };
  // Each from an address of its own, as shoppers are: the per-IP sign-up limit is not what this tests.
  const ip = `10.${randomBytes(3).join('.')}`;
  const res = await api(proc, 'POST', `/api/auth/${kind}/register`, fields, undefined, ip);
  expect(res.status, res.text).toBe(200);
  return { email, token: res.json().authToken as string };
}

export async function addProduct(proc: Proc, token: string, over: Record<string, unknown> = {}) {
  const res = await api(
    proc,
    'POST',
    '/api/seller/add-product',
    {
      productName: `Cotton Kurta ${unique()}`,
      price: 1299,
      stockQuantity: 500,
      category: 'Mens',
      subCategory: 'gentsShirt',
      imageUrl: 'https://res.cloudinary.com/demo/image/upload/v1/kurta.jpg',
      public_id: 'kurta',
      ...over,
    },
    token,
  );
  expect(res.status, res.text).toBe(201);
  return res.json().product as { _id: string; price: number };
}
