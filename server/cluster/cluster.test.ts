import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  api,
  type Cluster,
  type Proc,
  register,
  startCluster,
  unique,
  until,
} from './harness.ts';

/**
 * The cluster suite (DESIGN §1, ADR 016): the production bundle run as two app processes, as behind a
 * load balancer, on one PostgreSQL database, one Redis and one S3-compatible server (s3rver, in this
 * process), with mail going to a local SMTP server. Everything one process does must hold for both.
 */
let cluster: Cluster;
let procs: Record<'a' | 'b', Proc>;
let dbName: string;
let dbUrl: string;
let admin: pg.Client;

beforeAll(async () => {
  cluster = await startCluster({ a: 3571, b: 3572, s3: 3575, smtp: 3576 });
  ({ procs, dbName, dbUrl, admin } = cluster);
});

afterAll(() => cluster?.close());

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
    const sent = (s: string) => cluster.smtp.received.filter((m) => m.includes(s)).length;
    await until(async () => subjects.every((s) => sent(s) >= 1), 30_000, 'every contact e-mail');
    await new Promise((r) => setTimeout(r, 2500)); // a second delivery would have come by now
    expect(subjects.map(sent)).toEqual(subjects.map(() => 1));
  });

  it('exposes metrics only with the token', async () => {
    expect((await fetch(`${procs.a.url}/metrics`)).status).toBe(401);
    const res = await fetch(`${procs.a.url}/metrics`, {
      headers: { authorization: `Bearer ${cluster.metricsToken}` },
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
