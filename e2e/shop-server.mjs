// The built shop on a fresh data directory with the demo catalogue, for the checks that measure it
// as a browser sees it (lighthouse.mjs, size.mjs). web/dist must be built (`npm run build`); the
// server bundle is built here when it is missing or stale.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt, serverArgs } from '../server/scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function waitForHealth(base, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The shop did not answer at ${base}/api/health`);
}

/**
 * Starts the production server on 127.0.0.1:`port`; resolves once it answers, with its base URL and
 * a `stop` that ends it and removes its data.
 */
export async function startShop(port) {
  if (!existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
    throw new Error('No web/dist: run `npm run build` first.');
  }
  await ensureServerBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vastra-shop-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}
