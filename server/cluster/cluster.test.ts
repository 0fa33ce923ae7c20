import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, serverArgs } from '../scripts/build.mjs';
import { type FakeSmtp, startFakeSmtp } from '../test/fake-smtp.ts';
import { type LocalS3, startLocalS3 } from '../test/local-s3.ts';

/**
 * The cluster suite (DESIGN §1, ADR 016): the production bundle run as two app processes, as behind a
 * load balancer, on one PostgreSQL database, one Redis and one S3-compatible server (s3rver, in this
 * process), with mail going to a local SMTP server. Everything one process does must hold for both.
 */
const BASE_DB = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORTS = { a: 3571, b: 3572, s3: 3575, smtp: 3576 };
const METRICS_TOKEN = randomBytes(16).toString('hex');
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

interface Proc {
  name: string;
  url: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

let dbName: string;
let dbUrl: string;
let admin: pg.Client;
let s3: LocalS3;
let smtp: FakeSmtp;
let dataDirs: string[] = [];
const procs: Record<'a' | 'b', Proc> = {} as never;
const unique = () => randomBytes(5).toString('hex');

function startApp(name: 'a' | 'b', port: number): Proc {
  const dataDir = mkdtempSync(path.join(tmpdir(), `vastra-cluster-${name}-`));
  dataDirs.push(dataDir);
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
      DATABASE_URL: dbUrl,
      DATABASE_POOL_SIZE: '10',
      REDIS_URL,
      ...s3.env,
      SMTP_URL: smtp.url,
      METRICS_TOKEN,
      JWT_SECRET: 'cluster-secret-shared-by-every-process-0123456789',
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

async function until<T>(check: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function api(
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

async function register(proc: Proc, kind: 'user' | 'seller') {
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

async function addProduct(proc: Proc, token: string, over: Record<string, unknown> = {}) {
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

beforeAll(async () => {
  await ensureServerBuilt();
  dbName = `vastra_cluster_${Date.now()}_${unique()}`;
  admin = new pg.Client({ connectionString: BASE_DB });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(BASE_DB);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  s3 = await startLocalS3(PORTS.s3);
  smtp = await startFakeSmtp(PORTS.smtp);
  // Both at once on an empty database: migrations run once, under the advisory lock.
  procs.a = startApp('a', PORTS.a);
  procs.b = startApp('b', PORTS.b);
  for (const p of Object.values(procs)) {
    await until(
      async () => (await fetch(`${p.url}/api/ready`)).status === 200,
      120_000,
      `${p.name} ready (output: ${p.output.join('')})`,
    );
  }
});

afterAll(async () => {
  for (const p of Object.values(procs)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await s3?.close();
  await smtp?.close();
  await admin?.query(`drop database if exists ${dbName} with (force)`);
  await admin?.end();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  dataDirs = [];
});

describe('two app processes on one PostgreSQL, Redis and S3', () => {
  it('applied the migrations once, and both are ready', async () => {
    const { rows } = await admin.query(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'vastra-jobs'`,
      [dbName],
    );
    expect(rows[0].n).toBeGreaterThan(0);
    const check = new pg.Client({ connectionString: dbUrl });
    await check.connect();
    const applied = await check.query(
      'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
    );
    await check.end();
    expect(applied.rows[0].n).toBe(applied.rows[0].d);
    for (const p of Object.values(procs)) {
      const ready = await api(p, 'GET', '/api/ready');
      expect(ready.json()).toMatchObject({
        checks: { database: 'ok', redis: 'ok', storage: 'ok', jobs: 'ok' },
      });
    }
  });

  it('shares the login limit: attempts spread over both processes count together', async () => {
    const email = `target.${unique()}@example.in`;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const p = i % 2 === 0 ? procs.a : procs.b;
      codes.push((await api(p, 'POST', '/api/auth/user/login', { email, password: 'guess-guess' })).status);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });

  it('shows a price change made through one process on the next read from the other (catalogue cache)', async () => {
    const seller = await register(procs.a, 'seller');
    const product = await addProduct(procs.a, seller.token, { price: 1000 });
    const first = await api(procs.b, 'GET', `/api/product-page/${product._id}`);
    expect(first.status).toBe(200);
    expect(first.text).toContain('1000');
    await api(procs.b, 'GET', `/api/product-page/${product._id}`); // now cached in b
    const changed = await api(
      procs.a,
      'PUT',
      '/api/seller/update-product',
      { productId: product._id, price: 1234 },
      seller.token,
    );
    expect(changed.status, changed.text).toBe(200);
    const after = await api(procs.b, 'GET', `/api/product-page/${product._id}`);
    expect(after.text).toContain('1234');
    expect(after.text).not.toContain('"price":1000');
  });

  it('serves an image uploaded through one process from the other (S3)', async () => {
    const seller = await register(procs.a, 'seller');
    const png = await sharp({ create: { width: 700, height: 900, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${procs.a.url}/api/media/upload`, {
      method: 'POST',
      headers: { 'auth-token': seller.token },
      body: form,
    });
    expect(res.status).toBe(200);
    const { secure_url } = (await res.json()) as { secure_url: string };
    const fromB = await fetch(`${procs.b.url}${secure_url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
  });

  it('sends each e-mail once, whichever process queued it and whichever works the job', async () => {
    const subjects = Array.from({ length: 12 }, (_, n) => `Cluster question ${n} ${unique()}`);
    await Promise.all(
      subjects.map(async (subject, n) => {
        const res = await api(n % 2 ? procs.a : procs.b, 'POST', '/api/contact', {
          name: 'Meera',
          email: 'meera@example.in',
          subject,
          message: 'Do you ship to Shillong?',
        });
        expect(res.status, res.text).toBe(201);
      }),
    );
    const sent = (s: string) => smtp.received.filter((m) => m.includes(s)).length;
    await until(async () => subjects.every((s) => sent(s) >= 1), 30_000, 'every contact e-mail');
    await new Promise((r) => setTimeout(r, 2500)); // a second delivery would have come by now
    expect(subjects.map(sent)).toEqual(subjects.map(() => 1));
  });

  it('exposes metrics only with the token', async () => {
    expect((await fetch(`${procs.a.url}/metrics`)).status).toBe(401);
    const res = await fetch(`${procs.a.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('vastra_http_request_duration_seconds_bucket');
    expect(text).toMatch(/vastra_job_queue_depth\{job="mail-deliver"\} \d+/);
  });

  it('on SIGTERM under load, answers what it accepted and loses no acknowledged order', async () => {
    const seller = await register(procs.a, 'seller');
    const product = await addProduct(procs.a, seller.token, { price: 499, stockQuantity: 1000 });
    const shoppers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const user = await register(procs.a, 'user');
        await api(
          procs.a,
          'POST',
          '/api/user/add-to-cart',
          { productId: product._id, quantity: 1 },
          user.token,
        );
        await api(procs.a, 'PUT', '/api/user/set-payment-method', { selectedMethod: 'COD' }, user.token);
        return user;
      }),
    );
    // Every shopper places a COD order on b at once; b is told to stop while they arrive.
    const results = shoppers.map((user, n) =>
      new Promise((r) => setTimeout(r, n * 5))
        .then(() => api(procs.b, 'PUT', '/api/user/order-success', undefined, user.token))
        .then((res) => ({ status: res.status, order: res.status === 200 ? res.json().order : undefined }))
        .catch(() => ({ status: 0, order: undefined })),
    );
    await new Promise((r) => setTimeout(r, 60));
    procs.b.child.kill('SIGTERM');
    const answers = await Promise.all(results);
    const code = await procs.b.exited;
    if (code !== 0) console.log(procs.b.output.join('').slice(-5000));
    expect(code).toBe(0);

    const acknowledged = answers
      .filter((a) => a.status === 200)
      .map((a) => String(a.order._id ?? a.order.id));
    expect(acknowledged.length).toBeGreaterThan(0);
    const refused = answers.length - acknowledged.length;
    console.log(`SIGTERM under load: ${acknowledged.length} orders acknowledged, ${refused} refused`);
    const check = new pg.Client({ connectionString: dbUrl });
    await check.connect();
    const { rows } = await check.query('select id::text from orders where id = any($1::uuid[])', [
      acknowledged,
    ]);
    await check.end();
    expect(rows.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
    // What was refused was refused cleanly (503 while closing, or no connection), never half-done.
    for (const a of answers) expect([200, 503, 0]).toContain(a.status);
    expect(procs.b.output.join('')).not.toMatch(/"level":50/);
  });
});
