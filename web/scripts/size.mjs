// `npm run size`: gzip size of every built chunk, and the landing page's initial JavaScript
// (the entry, its static imports, and the landing screen's chunk with its imports). Exits 1 over the
// budget (issue 21: 100 KB gzip).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const assets = path.join(dist, 'assets');
const BUDGET_KB = 100;

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

let files;
try {
  files = readdirSync(assets).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
} catch {
  console.error('No web/dist: run `npm run build` first.');
  process.exit(1);
}
const sizes = new Map(files.map((f) => [f, gz(path.join(assets, f))]));

console.log('chunk'.padEnd(52), 'raw'.padStart(11), 'gzip'.padStart(11));
for (const f of [...files].sort((a, b) => sizes.get(b) - sizes.get(a))) {
  const raw = readFileSync(path.join(assets, f)).length;
  console.log(f.padEnd(52), kb(raw).padStart(11), kb(sizes.get(f)).padStart(11));
}

// Static imports of a chunk: `import … from "./x.js"` and bare `import "./x.js"` (not import()).
function staticDeps(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const src = readFileSync(path.join(assets, file), 'utf8');
  for (const m of src.matchAll(
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g,
  )) {
    staticDeps(m[1], seen);
  }
  return seen;
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1];
const initial = staticDeps(entry);
const landing = files.find((f) => /^LandingPage-.*\.js$/.test(f));
if (landing) staticDeps(landing, initial);
const total = [...initial].reduce((n, f) => n + sizes.get(f), 0);
console.log(`\nlanding initial JS (${[...initial].join(', ')}):`);
console.log(
  `  ${kb(total)} gzip (budget ${BUDGET_KB} KB) ${total <= BUDGET_KB * 1024 ? 'OK' : 'OVER BUDGET'}`,
);
// The budget is enforced: CI (.ci/run) runs this after the build and fails over it.
if (total > BUDGET_KB * 1024) {
  console.error(
    `\nThe landing page's JavaScript is ${kb(total - BUDGET_KB * 1024)} over its ${BUDGET_KB} KB budget.`,
  );
  process.exit(1);
}
