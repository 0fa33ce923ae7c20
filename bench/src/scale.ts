// npm run bench:scale [-- --products N --seconds S --connections C --users U --processes 1,2]
// Orders/s and reads/s for 1 and 2 app processes on one PostgreSQL database (and Redis when
// REDIS_URL is set), as docs/scaling.md reports them. Needs DATABASE_URL (a server to create the
// bench database on). Each figure is printed with the machine's load average beside it, since the
// machine may be shared. Writes bench/results/scale.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchCod } from './cod.ts';
import { createPgDatabase } from './databases.ts';
import { loadRound } from './load.ts';
import { type Proc, productionServer, REPO_ROOT, runCommand, startProcess } from './processes.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    users: { type: 'string', default: '64' },
    processes: { type: 'string', default: '1,2' },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const USERS = Number(args.users);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

interface Figure {
  processes: number;
  readsPerSec: number;
  ordersPerSec: number;
  loadBefore: string;
  loadAfter: string;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL must name a PostgreSQL server');
  const runId = `scale_${Date.now().toString(36)}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'vastra-scale-'));
  const db = await createPgDatabase(serverUrl, runId);
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dir,
    DATABASE_URL: db.url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_MAX: '1000000',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  };
  const server = await productionServer();
  const figures: Figure[] = [];
  try {
    const first = await startProcess(server, env, '/api/ready');
    await first.stop();
    await runCommand(['--import', 'tsx', 'server/src/db/seed/cli.ts', '--products', args.products], env);
    for (const n of args.processes.split(',').map(Number)) {
      const procs: Proc[] = [];
      for (let i = 0; i < n; i++) procs.push(await startProcess(server, env, '/api/ready'));
      try {
        const listing = '/api/get-all-Products?limit=48';
        for (const p of procs) await loadRound(p.url, [listing], { connections: 8, seconds: 1 });
        const loadBefore = load();
        const reads = await Promise.all(
          procs.map((p) =>
            loadRound(p.url, [listing], { connections: Math.ceil(CONNECTIONS / n), seconds: SECONDS }),
          ),
        );
        const readsPerSec = reads.reduce((s, r) => s + r.rps, 0);
        const pages = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            json<{ _id: string; variants: { _id: string }[] }[]>(
              `${procs[0]!.url}/api/get-all-Products?limit=200&page=${i + 1}`,
            ),
          ),
        );
        const picks = pages
          .flat()
          .flatMap((p) => p.variants.map((v) => ({ productId: p._id, variantId: v._id })));
        const cods = await Promise.all(
          procs.map((p, i) =>
            benchCod(p.url, picks, {
              users: Math.ceil(USERS / n),
              seconds: SECONDS,
              rounds: 1,
              runId: `${runId}_${n}_${i}`,
              serverPid: p.child.pid,
            }),
          ),
        );
        const ordersPerSec = cods.reduce((s, c) => s + c.ordersPerSec, 0);
        const figure = { processes: n, readsPerSec, ordersPerSec, loadBefore, loadAfter: load() };
        figures.push(figure);
        console.log(
          `${n} process(es): ${readsPerSec.toFixed(0)} listing reads/s, ${ordersPerSec.toFixed(0)} COD orders/s (load ${figure.loadBefore} → ${figure.loadAfter})`,
        );
      } finally {
        for (const p of procs) await p.stop();
      }
    }
  } finally {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  const out = path.join(REPO_ROOT, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'scale.json'),
    JSON.stringify(
      { date: new Date().toISOString(), cpus: cpus().length, products: Number(args.products), figures },
      null,
      2,
    ),
  );
  process.exit(0);
}

await main();
