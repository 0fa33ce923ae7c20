import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import chromium from './chromium.json' with { type: 'json' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 3210);
/** Set E2E_BASE_URL to run the journeys against a server you started yourself (development). */
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${PORT}`;
/**
 * The server's fresh data directory. Kept in the environment so the test workers (which inherit it)
 * see the same one and can read the demo admin's generated password from it (admin.spec.ts).
 */
function serverDataDir(): string {
  const dir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'vastra-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  return dir;
}

/**
 * A second shop for the phone-first journey (phone.spec.ts), on its own data: every Cash On Delivery
 * order there waits for the shopper's confirmation (COD_CONFIRM_ABOVE=1), which the other journeys'
 * sellers, shipping COD orders at once, must not meet. Its SMS go to the development provider, which
 * writes them to PHONE_DATA_DIR/sms-outbox.log, where the journey reads its codes.
 */
const PHONE_PORT = Number(process.env.E2E_PHONE_PORT ?? PORT + 2);
const PHONE_URL = external ? undefined : `http://127.0.0.1:${PHONE_PORT}`;
function phoneDataDir(): string {
  const dir = process.env.E2E_PHONE_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'vastra-e2e-phone-'));
  process.env.E2E_PHONE_DATA_DIR = dir;
  process.env.E2E_PHONE_URL = PHONE_URL;
  return dir;
}

/** The mail sink (mail-sink.ts) the server sends its e-mails to, so journeys can open their links. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1);
// In the environment too: the global setup (mail-sink.ts) reads it.
process.env.E2E_SMTP_PORT = String(SMTP_PORT);

/** The real server on a fresh embedded database with the demo catalogue; web/dist must be built. */
function shop(port: number, dataDir: string, env: Record<string, string>) {
  const url = `http://127.0.0.1:${port}`;
  return {
    command: 'node --import tsx server/src/main.ts',
    cwd: root,
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '1000',
      ...env,
    },
  };
}

export default defineConfig({
  testDir: './tests',
  globalSetup: external ? undefined : './mail-sink.ts',
  // Playwright empties its output directory when a run starts: runs sharing the tree on different
  // ports (E2E_PORT) keep theirs apart so one run does not delete another's traces mid-test.
  outputDir: process.env.E2E_PORT ? `./test-results/port-${PORT}` : './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    // The system Chromium: browsers are never downloaded (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1). The
    // same launch options serve the size check (size.mjs).
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: external
    ? undefined
    : [
        shop(PORT, serverDataDir(), { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` }),
        shop(PHONE_PORT, phoneDataDir(), { COD_CONFIRM_ABOVE: '1' }),
      ],
});
