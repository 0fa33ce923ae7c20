import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run lint` runs scripts/check-table-owners.mjs: only the module whose tables.ts declares a
 * table writes it (ARCHITECTURE.md: table owners). Run here on a small made-up repository (exit
 * code and message, as lint sees them) and on the real one.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const checker = path.join(repoRoot, 'scripts/check-table-owners.mjs');
const runChecker = (root: string) => spawnSync(process.execPath, [checker, root], { encoding: 'utf8' });

let tree: string | undefined;
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** Catalogue and orders own a table each; the admin module and a workflow write them. */
function makeRepository(allowed: string[] = []) {
  const root = mkdtempSync(path.join(tmpdir(), 'vastra-owners-'));
  write(root, 'server/src/modules/catalog/tables.ts', "export const products = pgTable('products', {});\n");
  write(
    root,
    'server/src/modules/orders/tables.ts',
    "export const orders = pgTable('orders', {});\nexport const orderItems = pgTable(\n  'order_items',\n  {},\n);\n",
  );
  write(root, 'server/src/db/schema.ts', "export * from '../modules/catalog/tables.ts';\n");
  // The owner writes its own table, in Drizzle and in SQL: fine.
  write(
    root,
    'server/src/modules/catalog/hide.ts',
    "import { products } from './tables.ts';\nexport const hide = (tx) => tx.update(products).set({ status: 'hidden' });\nexport const bump = (tx) => tx.execute(sql`update products set stock = 0`);\n",
  );
  // Reading, locking and words in comments are not writes; neither is a Map's delete.
  write(
    root,
    'server/src/modules/admin/read.ts',
    "import { products } from '../../db/schema.ts';\n// update products when the seller asks\nexport const read = (tx, seen: Map<string, number>, id: string) => {\n  seen.delete(id);\n  return tx.select().from(products).for('update');\n};\n",
  );
  // The deliberate violations.
  write(
    root,
    'server/src/modules/admin/hide-product.ts',
    "import { products as catalogue } from '../../db/schema.ts';\n\nexport const hide = (tx) =>\n  tx.update(catalogue).set({ status: 'hidden' });\n",
  );
  write(
    root,
    'server/src/workflows/cancel.ts',
    [
      "import * as schema from '../db/schema.ts';",
      "import { orderItems } from '../modules/orders/tables.ts';",
      '',
      'export async function cancel(tx) {',
      '  await tx.insert(schema.orders).values({});',
      '  await tx.execute(sql`',
      `    DELETE FROM order_items where id = \${1}\`);`,
      `  await tx.execute(sql\`truncate \${orderItems}\`);`,
      '}',
    ].join('\n'),
  );
  // Exempt: tests, the seed CLI, migrations.
  write(
    root,
    'server/src/modules/admin/hide-product.test.ts',
    "import { products } from '../../db/schema.ts';\ntx.delete(products);\n",
  );
  write(
    root,
    'server/src/db/seed/demo.ts',
    "import { products } from '../schema.ts';\ntx.insert(products);\n",
  );
  write(root, 'server/src/db/migrations/0001_x.ts', 'sql`insert into orders default values`;\n');
  if (allowed.length > 0)
    write(
      root,
      'scripts/table-owners-allow.json',
      JSON.stringify({ comment: 'to be emptied', files: allowed }),
    );
  return root;
}

describe('table owners check', () => {
  it('fails on a write to another module’s table, in Drizzle or in SQL, naming file, line, table and owner', () => {
    tree = makeRepository();
    const result = runChecker(tree);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n').slice(1);
    expect(lines).toEqual([
      '  server/src/modules/admin/hide-product.ts:4: update products, owned by catalog (call a function of modules/catalog/index.ts)',
      '  server/src/workflows/cancel.ts:5: insert orders, owned by orders (call a function of modules/orders/index.ts)',
      '  server/src/workflows/cancel.ts:7: delete order_items, owned by orders (call a function of modules/orders/index.ts)',
      '  server/src/workflows/cancel.ts:8: truncate order_items, owned by orders (call a function of modules/orders/index.ts)',
    ]);
    expect(result.stderr).toMatch(/^Writes to another module's tables \(4; ARCHITECTURE.md: table owners\):/);
  });

  it('tolerates the allow-listed files, and fails on a listed file with nothing to tolerate', () => {
    tree = makeRepository(['server/src/workflows/cancel.ts', 'server/src/modules/admin/hide-product.ts']);
    const tolerated = runChecker(tree);
    expect(tolerated.status).toBe(0);
    expect(tolerated.stdout).toContain('table owners: 4 writes tolerated for now');
    rmSync(path.join(tree, 'server/src/modules/admin/hide-product.ts'));
    const stale = runChecker(tree);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('lists files that write no other module');
    expect(stale.stderr).toContain('  server/src/modules/admin/hide-product.ts');
  });

  it('passes on this repository', () => {
    const result = runChecker(repoRoot);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
