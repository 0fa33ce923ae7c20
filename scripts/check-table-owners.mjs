#!/usr/bin/env node
// Fails when a file writes a table that its module does not own (ARCHITECTURE.md: table owners).
// A table's owner is the module whose server/src/modules/<m>/tables.ts declares it. A write is a
// Drizzle `.insert(t)`, `.update(t)` or `.delete(t)` on a table imported from db/schema.ts or a
// tables.ts, or SQL text naming the table after `insert into`, `update`, `delete from` or
// `truncate` (in a string or template literal; `${table}` counts as its name). Exempt: tests
// (*.test.ts, server/test/), migrations, the seed CLI (server/src/db/seed/, which writes demo data
// into every table) and the trigger bodies (server/src/db/functions/*.sql, not TypeScript). Files
// in scripts/table-owners-allow.json are tolerated for now (that list is to be emptied).
// Part of `npm run lint`. Usage: `node scripts/check-table-owners.mjs [repository root]`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const sourceDir = 'server/src';
const exemptFolders = [
  'server/src/db/migrations/',
  'server/src/db/seed/',
  'server/src/db/functions/',
  'server/test/',
];
const isExempt = (file) =>
  file.endsWith('.test.ts') || exemptFolders.some((folder) => file.startsWith(folder));
const allowListFile = 'scripts/table-owners-allow.json';

const writeMethods = new Set(['insert', 'update', 'delete']);
const sqlWriteRe =
  /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const tableDeclarationRe = /export\s+const\s+(\w+)\s*=\s*pgTable\(\s*['"]([a-z0-9_]+)['"]/g;

/** Every table declared in a module's tables.ts: by its TypeScript name and by its SQL name. */
function tableOwners(root) {
  const byIdentifier = new Map();
  const byName = new Map();
  const modulesDir = path.join(root, sourceDir, 'modules');
  if (!existsSync(modulesDir)) return { byIdentifier, byName };
  for (const module of readdirSync(modulesDir)) {
    const file = path.join(modulesDir, module, 'tables.ts');
    if (!existsSync(file)) continue;
    for (const [, identifier, name] of readFileSync(file, 'utf8').matchAll(tableDeclarationRe)) {
      const table = { name, owner: module };
      byIdentifier.set(identifier, table);
      byName.set(name, table);
    }
  }
  return { byIdentifier, byName };
}

function* typeScriptFiles(root, dir) {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (name === 'node_modules') continue;
    if (statSync(path.join(root, rel)).isDirectory()) yield* typeScriptFiles(root, rel);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) yield rel;
  }
}

const moduleOf = (file) => file.match(/^server\/src\/modules\/([^/]+)\//)?.[1];
const isTableSource = (specifier) => /(^|\/)db\/schema(\.ts)?$|(^|\/)tables(\.ts)?$/.test(specifier);

/** The names a file gives the tables it imports: local name → table, and namespace imports. */
function importedTables(sourceFile, byIdentifier) {
  const tables = new Map();
  const namespaces = new Set();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!isTableSource(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings) continue;
    if (ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    else
      for (const element of bindings.elements) {
        const table = byIdentifier.get((element.propertyName ?? element.name).text);
        if (table) tables.set(element.name.text, table);
      }
  }
  return { tables, namespaces };
}

/** The table an expression names: `orders`, or `schema.orders` through a namespace import. */
function tableOf(node, imported, byIdentifier) {
  if (ts.isIdentifier(node)) return imported.tables.get(node.text);
  if (
    ts.isPropertyAccessExpression(node) &&
    ts.isIdentifier(node.expression) &&
    imported.namespaces.has(node.expression.text)
  )
    return byIdentifier.get(node.name.text);
  return undefined;
}

/** Every write in one file: { line, verb, table }. */
function writesIn(root, file, owners) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const imported = importedTables(sourceFile, owners.byIdentifier);
  const writes = [];
  const lineOf = (position) => sourceFile.getLineAndCharacterOfPosition(position).line + 1;

  const scanSql = (sqlText, node) => {
    for (const match of sqlText.matchAll(sqlWriteRe)) {
      const table = owners.byName.get(match[2].toLowerCase());
      if (!table) continue;
      const line = lineOf(node.getStart()) + (sqlText.slice(0, match.index).match(/\n/g)?.length ?? 0);
      writes.push({ line, verb: match[1].toLowerCase().split(/\s+/)[0], table });
    }
  };

  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      writeMethods.has(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const table = tableOf(node.arguments[0], imported, owners.byIdentifier);
      if (table)
        writes.push({
          line: lineOf(node.expression.name.getStart()),
          verb: node.expression.name.text,
          table,
        });
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) scanSql(node.text, node);
    if (ts.isTemplateExpression(node)) {
      // `update ${orders} set ...` names the table as much as `update orders set ...` does.
      const parts = [node.head.text];
      for (const span of node.templateSpans) {
        parts.push(tableOf(span.expression, imported, owners.byIdentifier)?.name ?? '?', span.literal.text);
      }
      scanSql(parts.join(' '), node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return writes;
}

function readAllowList(root) {
  const file = path.join(root, allowListFile);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).files : [];
}

/**
 * Every write under `root` to a table that the writing file's module does not own, one line each
 * ("file:line: update products, owned by catalog"); `tolerated` are those in allow-listed files,
 * and `stale` the allow-listed files with nothing left to tolerate.
 */
export function checkTableOwners(root) {
  const owners = tableOwners(root);
  const allowed = new Set(readAllowList(root));
  const problems = [];
  const tolerated = [];
  const withProblems = new Set();
  if (!existsSync(path.join(root, sourceDir))) return { problems, tolerated, stale: [...allowed] };
  for (const file of typeScriptFiles(root, sourceDir)) {
    if (isExempt(file)) continue;
    const module = moduleOf(file);
    for (const { line, verb, table } of writesIn(root, file, owners)) {
      if (table.owner === module) continue;
      const problem = `${file}:${line}: ${verb} ${table.name}, owned by ${table.owner} (call a function of modules/${table.owner}/index.ts)`;
      withProblems.add(file);
      (allowed.has(file) ? tolerated : problems).push(problem);
    }
  }
  return { problems, tolerated, stale: [...allowed].filter((file) => !withProblems.has(file)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
  const { problems, tolerated, stale } = checkTableOwners(root);
  if (problems.length > 0) {
    console.error(`Writes to another module's tables (${problems.length}; ARCHITECTURE.md: table owners):`);
    for (const p of problems) console.error(`  ${p}`);
  }
  if (stale.length > 0) {
    console.error(`${allowListFile} lists files that write no other module's table; remove them:`);
    for (const file of stale) console.error(`  ${file}`);
  }
  if (problems.length > 0 || stale.length > 0) process.exit(1);
  if (tolerated.length > 0) {
    console.log(`table owners: ${tolerated.length} writes tolerated for now in ${allowListFile}:`);
    for (const t of tolerated) console.log(`  ${t}`);
  }
  console.log('table owners: every other write is made by the module that owns the table');
}
