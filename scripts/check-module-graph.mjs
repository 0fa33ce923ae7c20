#!/usr/bin/env node
// Fails when the server's modules depend on each other in a cycle (catalog -> cart -> catalog),
// which file-level checks miss when the two directions go through different files. Part of
// `npm run lint`; the per-import rules (index.ts only, no workflows from modules) are Biome's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const modulesDir = path.resolve(import.meta.dirname, '../server/src/modules');
const importRe = /^\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) yield full;
  }
}

const moduleOf = (file) => {
  const rel = path.relative(modulesDir, file);
  return rel.startsWith('..') || !rel.includes(path.sep) ? undefined : rel.split(path.sep)[0];
};

const edges = new Map();
for (const file of files(modulesDir)) {
  const from = moduleOf(file);
  if (!from) continue;
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(importRe)) {
    const target = path.resolve(path.dirname(file), spec);
    const to = moduleOf(target);
    if (!to || to === from) continue;
    // A foreign key from one module's tables.ts to another's is the data model, as reading through
    // db/schema.ts is, not a call into that module (invoices' rows name an order, orders issue invoices).
    if (path.basename(file) === 'tables.ts' && path.basename(target) === 'tables.ts') continue;
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from).set(to, `${path.relative(modulesDir, file)} -> ${spec}`);
  }
}

const cycles = [];
const state = new Map(); // 1 = on the path, 2 = done
function visit(node, trail) {
  state.set(node, 1);
  for (const [next, why] of edges.get(node) ?? []) {
    if (state.get(next) === 1) {
      const start = trail.findIndex((t) => t.node === next);
      cycles.push([...trail.slice(start), { node, why }].map((t) => `  ${t.why ?? t.node}`).join('\n'));
    } else if (!state.has(next)) visit(next, [...trail, { node, why }]);
  }
  state.set(node, 2);
}
for (const node of edges.keys()) if (!state.has(node)) visit(node, []);

if (cycles.length > 0) {
  console.error(`Module dependency cycle${cycles.length > 1 ? 's' : ''} (ARCHITECTURE.md: module rules):`);
  for (const c of cycles) console.error(c);
  process.exit(1);
}
const order = [...edges.keys()].sort();
console.log(`module graph: ${order.length} modules with dependencies, no cycles`);
