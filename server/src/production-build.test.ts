import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_BUNDLE, serverArgs } from '../scripts/build.mjs';
import { REPO_ROOT } from './config.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `npm start` runs the bundle in server/dist with plain node, not these sources: it must find the
 * migrations, the database functions and the repository root from there, and load no TypeScript
 * at run time.
 */
describe('the production build (server/dist/main.js)', () => {
  let child: ChildProcess | undefined;
  let url = '';
  let output = '';

  beforeAll(async () => {
    await buildServer();
    const port = await freePort();
    child = spawn(process.execPath, serverArgs(), {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: ':memory:',
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        STRIPE_SECRET_KEY: '',
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`the bundled server exited (${child.exitCode}):\n${output}`);
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the bundled server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child?.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  });

  it('bundles the workspace sources and leaves npm packages external', () => {
    const bundle = readFileSync(SERVER_BUNDLE, 'utf8');
    expect(bundle).not.toMatch(/from ["']@vastra\//);
    expect(bundle).toMatch(/from ["']fastify["']/);
    // Loaded on first use only (perf): a static import would load them at start.
    expect(bundle).not.toMatch(/from ["'](sharp|stripe|@node-rs\/argon2)["']/);
  });

  it('starts, migrates its database and answers the API', async () => {
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toMatchObject({ success: true, database: 'pglite' });
    // The tables exist only if the migrations were found from the bundle's folder; it started at all
    // only if server/src/db/functions was found too (an empty or missing folder stops the start).
    const listing = await fetch(`${url}/api/get-all-Products?limit=1`);
    expect(listing.status).toBe(200);
    expect(await listing.json()).toEqual([]);
  });

  it('warns at start-up that online payments are in test mode when no payment key is set', () => {
    const warning = output.split('\n').find((line) => line.startsWith('{') && line.includes('TEST MODE'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/RAZORPAY_KEY_ID.*STRIPE_SECRET_KEY.*no real money is taken/),
    });
  });
});
