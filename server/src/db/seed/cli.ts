import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.ts';
import { defaultMediaDir, LocalDiskStorage } from '../../modules/media/index.ts';
import { openDatabase } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { seedBulkProducts } from './bulk-products.ts';
import { seedDemoIfEmpty } from './index.ts';

const MAX_PRODUCTS = 1_000_000;
const USAGE = `Usage: npm run seed -- --products N   (N from 1 to ${MAX_PRODUCTS.toLocaleString('en-IN')})

Adds N generated products to the database of DATA_DIR (embedded PGlite; stop the shop first, it
allows one process) or DATABASE_URL. An empty database first gets the demo accounts and catalogue.`;

function readCount(argv: string[]): number | undefined {
  const i = argv.findIndex((a) => a === '--products' || a.startsWith('--products='));
  if (i < 0) return undefined;
  const raw = argv[i]!.includes('=') ? argv[i]!.split('=')[1] : argv[i + 1];
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= MAX_PRODUCTS ? n : Number.NaN;
}

/** `npm run seed -- --products N`: a large generated catalogue for benchmarks. */
async function main() {
  const count = readCount(process.argv.slice(2));
  if (count === undefined || Number.isNaN(count)) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir === ':memory:' ? ':memory:' : path.join(config.dataDir, 'db'),
  });
  try {
    await migrateDatabase(database);
    const storage = new LocalDiskStorage(defaultMediaDir(config.dataDir));
    const started = performance.now();
    if (await seedDemoIfEmpty(database.db, { dataDir: config.dataDir, mediaDir: storage.localRoot, storage }))
      console.log(`Seeded the demo catalogue in ${Math.round(performance.now() - started)} ms`);
    const result = await seedBulkProducts(database.db, storage, count);
    console.log(
      `Added ${result.inserted.toLocaleString('en-IN')} products across ${result.sellers} bench sellers in ${result.ms} ms (${database.kind})`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
