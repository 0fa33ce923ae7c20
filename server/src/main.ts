import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { demoLogins } from './db/seed/demo-accounts.ts';
import { seedDemoIfEmpty } from './db/seed/index.ts';
import { ensureAdmin } from './modules/accounts/index.ts';
import { TEST_PAYMENTS_WARNING } from './modules/payments/index.ts';

/** An arbitrary constant: the advisory lock under which one process seeds an empty shop. */
const SEED_LOCK = 7_263_552;

/** Reads config, migrates, seeds an empty shop, listens. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir === ':memory:' ? ':memory:' : path.join(config.dataDir, 'db'),
    countQueries: config.benchCountQueries,
    poolSize: config.databasePoolSize,
  });
  await migrateDatabase(database);
  if (config.admin) await ensureAdmin(database.db, config.admin.email, config.admin.password);
  const app = await buildApp({ config, database });
  const testPayments = app.deps.payments.name === 'test';
  if (testPayments && config.env === 'production') app.log.warn(TEST_PAYMENTS_WARNING);
  if (config.seedDemo) {
    // Several processes starting on one empty database: one seeds, the others then find it seeded.
    const seeded = await database.withLock(SEED_LOCK, () =>
      seedDemoIfEmpty(database.db, {
        dataDir: config.dataDir,
        mediaDir: path.join(config.dataDir, 'media'),
        storage: app.deps.storage,
      }),
    );
    if (seeded) app.log.info('seeded the demo catalogue');
  }
  await app.listen({ port: config.port, host: config.host });

  const logins = await demoLogins(database.db, config.dataDir);
  const lines = [
    `Vastra is running at ${config.publicUrl} (database: ${database.kind})`,
    ...(testPayments ? ['Card payments: TEST MODE (built-in test page, no real money is taken)'] : []),
    ...(config.seedDemo
      ? [
          'Demo logins:',
          `  customer  ${logins.customer.email} / ${logins.customer.password}   (${config.publicUrl}/login)`,
          `  seller    ${logins.seller.email} / ${logins.seller.password}   (${config.publicUrl}/seller-login)`,
          ...(logins.admin
            ? [
                `  admin     ${logins.admin.email} / ${logins.admin.password}   (${config.publicUrl}/admin-login)`,
              ]
            : []),
        ]
      : []),
  ];
  console.log(`\n${lines.join('\n')}\n`);

  // Graceful stop (DESIGN §12): no new connections, in-flight requests answered, running jobs
  // finished (or left to be retried elsewhere), then exit; a stop that hangs ends after the timeout.
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000).unref();
    // Keep-alive connections busy when the stop began become idle as their answers go out: close
    // each then, or the server would wait for the client to hang up (up to the keep-alive timeout).
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(idle);
      app.log.info('requests and jobs finished; closing the database');
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
