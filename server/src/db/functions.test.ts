import { type SQL, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSizedProduct, registerSeller } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import type { Database } from './client.ts';
import { readFunctionFiles } from './functions.ts';
import { migrateDatabase } from './migrate.ts';

let ctx: TestContext;
let database: Database;
beforeAll(async () => {
  ctx = await createTestContext();
  database = ctx.database;
});
afterAll(() => ctx?.close());

/** Whitespace runs as one space: a body is compared as written, not as laid out. */
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the files of server/src/db/functions define. */
function definedInFiles() {
  const functions: { name: string; body: string }[] = [];
  const triggers: string[] = [];
  for (const file of readFunctionFiles()) {
    for (const [, name, args, body] of file.sql.matchAll(
      /^CREATE OR REPLACE FUNCTION (\w+)\(([^)]*)\)[\s\S]*? AS \$\$([\s\S]*?)\$\$;/gm,
    )) {
      functions.push({ name: `${name}(${args})`, body: normalise(body!) });
    }
    for (const [, name, table, fn] of file.sql.matchAll(
      /^CREATE OR REPLACE TRIGGER (\w+) [\s\S]*?\sON (\w+)\s[\s\S]*?EXECUTE FUNCTION (\w+)\(\);/gm,
    )) {
      triggers.push(`${name} ON ${table} → ${fn}`);
    }
  }
  return { functions: sortBy(functions), triggers: triggers.sort() };
}

const sortBy = <T extends { name: string }>(rows: T[]) => rows.sort((a, b) => a.name.localeCompare(b.name));

const rows = async <T>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * What the database holds: the functions of the public schema that no extension brought (pg_trgm's
 * are the extension's), and every trigger that is not a constraint's (foreign keys are kept by
 * internal triggers).
 */
async function definedInDatabase() {
  const functions = await rows<{ name: string; body: string }>(sql`
    select p.proname || '(' || pg_get_function_arguments(p.oid) || ')' as name, p.prosrc as body
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_depend d
        where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`);
  const triggers = await rows<{ trigger: string }>(sql`
    select t.tgname || ' ON ' || c.relname || ' → ' || t.tgfoid::regproc::text as trigger
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal`);
  return {
    functions: sortBy(functions.map((f) => ({ name: f.name, body: normalise(f.body) }))),
    triggers: triggers.map((t) => t.trigger).sort(),
  };
}

describe('database functions and triggers (server/src/db/functions)', () => {
  it('reads a definition of each function and trigger from the files', () => {
    const { functions, triggers } = definedInFiles();
    expect(functions.map((f) => f.name)).toContain('product_variants_summarise()');
    expect(triggers).toContain(
      'product_variants_summarise_update ON product_variants → product_variants_summarise',
    );
    expect(triggers).toContain('product_changes_log ON sellers → product_changes_log');
  });

  it('holds after migrations exactly the functions and triggers of the files, with their bodies', async () => {
    // A migration that adds a function or trigger without a file fails here.
    expect(await definedInDatabase()).toEqual(definedInFiles());
  });

  it('puts back at start-up a function body or a trigger that a migration changed or dropped', async () => {
    await database.exec(`
      CREATE OR REPLACE FUNCTION search_changes_log() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RETURN NULL; END;
      $$;
      DROP TRIGGER product_variants_summarise_update ON product_variants;`);
    expect(await definedInDatabase()).not.toEqual(definedInFiles());

    await migrateDatabase(database);

    expect(await definedInDatabase()).toEqual(definedInFiles());
    // And the trigger put back keeps the product's summary, for a raw SQL writer too.
    const seller = await registerSeller(ctx.app);
    const { product, variant } = await insertSizedProduct(ctx.db, seller.id, [
      { size: 'M', stock: 3 },
      { size: 'L', stock: 2 },
    ]);
    await database.exec(`UPDATE product_variants SET stock = 0 WHERE id = '${variant('L').id}'`);
    const [summary] = await rows<{ stock: number; sizes: string[] }>(
      sql`select stock, sizes_in_stock as sizes from products where id = ${product.id}`,
    );
    expect(summary).toEqual({ stock: 3, sizes: ['M'] });
  });

  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'gives way to an order that holds a product and then bumps the catalogue version, and still applies',
    async () => {
      const seller = await registerSeller(ctx.app);
      const { product } = await insertSizedProduct(ctx.db, seller.id, [{ size: 'M', stock: 5 }]);
      // An order in flight on a connection of its own: it has written the product...
      const order = await (ctx.database.db as unknown as { $client: Pool }).$client.connect();
      try {
        await order.query('begin');
        await order.query('update products set stock = stock where id = $1', [product.id]);
        // ...when a process starts and redefines the functions: it gets as far as the product's table.
        const starting = migrateDatabase(database);
        const outcome = starting.then(
          () => 'applied',
          (err: Error) => err.message,
        );
        await waitUntilWaitingFor('products');
        // The order now bumps the catalogue version, whose table the start-up step locked first.
        await order.query('select bump_catalog_version()');
        await order.query('commit');
        expect(await outcome).toBe('applied');
      } finally {
        order.release();
      }
      expect(await definedInDatabase()).toEqual(definedInFiles());
    },
  );
});

/** Until another session waits for a lock on `table` (the start-up step, here). */
async function waitUntilWaitingFor(table: string) {
  for (;;) {
    const [waiting] = await rows<{ n: number }>(
      sql`select count(*)::int as n from pg_locks where not granted and relation = ${table}::regclass`,
    );
    if (waiting!.n > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}
