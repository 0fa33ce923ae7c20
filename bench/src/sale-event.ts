// node --import tsx bench/src/sale-event.ts   (with the server's environment: DATA_DIR or DATABASE_URL)
// Puts a sale event on the seeded catalogue, running now and for a day: every third product (by a
// hash of its id, so about a third of every listing page) has each size at 80% of its price. Run by
// `npm run bench -- --sale` after seeding, while the shop is stopped (PGlite allows one process).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's own modules, loaded at run time (they are not part of the bench's TypeScript project). */
const server = (file: string) => import(pathToFileURL(path.join(REPO_ROOT, 'server', 'src', file)).href);

interface Database {
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
}

const SALE_SQL = `
  with event as (
    insert into sale_events (name, starts_at, ends_at)
    values ('Bench Sale', now() - interval '1 hour', now() + interval '1 day')
    returning id
  )
  insert into sale_prices (event_id, variant_id, product_id, seller_id, sale_price_paise)
  select event.id, v.id, v.product_id, v.seller_id, greatest(1, v.price_paise * 8 / 10)
  from event, product_variants v
  where abs(hashtext(v.product_id::text)) % 3 = 0`;

async function main() {
  const { loadConfig } = await server('config.ts');
  const { openDatabase } = await server('db/client.ts');
  const config = loadConfig();
  const database: Database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir === ':memory:' ? ':memory:' : path.join(config.dataDir, 'db'),
  });
  try {
    await database.exec(SALE_SQL);
  } finally {
    await database.close();
  }
}

await main();
