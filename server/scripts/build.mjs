// `npm run build -w server`: bundles the server into server/dist/main.js, which `npm start` and the
// benchmarks run with plain `node`. Running the TypeScript sources through tsx keeps a compiler, its
// service process and the source maps in the server's memory (~50 MB); the bundle carries none of it.
// npm packages stay external (loaded from node_modules as usual); the workspace's own TypeScript
// (`@vastra/contracts`) is bundled in. `npm run dev` and the tests keep running the sources.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_BUNDLE = path.join(root, 'server', 'dist', 'main.js');

/**
 * Node options of the production server (`npm start` and the benchmarks). V8's young generation
 * starts at 1 MB a semi-space and grows only slowly: a cold search (ADR 012) makes about a megabyte
 * of short-lived objects (the page's rows, their JSON, the answer), so the server ran a 2–3 ms
 * scavenge per search, a quarter of its CPU under 32 concurrent searches (`--trace-gc`).
 * `--min-semi-space-size=16` starts it at V8's usual ceiling, which `--max-semi-space-size=16`
 * keeps: one scavenge every dozen searches or orders. (`--optimize-for-size`, used before to keep
 * the RSS small, pins the young generation at 1 MB whatever these say, so it is gone: the RSS
 * under the bench's read load grew from ~200 MB to the figure in ADR 012.) A process holding the
 * catalogue's search fields (~50 MB at 100,000 products) would otherwise run a full mark-compact
 * soon after each growth of the old generation: `--heap-growing-percent=50` lets it grow by half of
 * what is live first.
 */
export const SERVER_NODE_FLAGS = [
  '--min-semi-space-size=16',
  '--max-semi-space-size=16',
  '--heap-growing-percent=50',
];

/** The arguments after `node` that run the production server. */
export const serverArgs = () => [...SERVER_NODE_FLAGS, SERVER_BUNDLE];

/** What the bundle is made of: a change to any of it makes the bundle stale. */
const SOURCES = [
  path.join(root, 'server', 'src'),
  path.join(root, 'contracts', 'src'),
  fileURLToPath(import.meta.url),
];

function newestMtime(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

/** True when server/dist/main.js is missing or older than any of its sources. */
export function serverBuildIsStale() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const built = statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.some((source) => existsSync(source) && newestMtime(source) > built);
}

/** Bundles server/src/main.ts into server/dist/main.js (written atomically: a running build is never half-read). */
export async function buildServer() {
  // esbuild comes with tsx (a dependency of the server) and with Vite.
  const esbuild = await import('esbuild');
  const started = performance.now();
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'server', 'src', 'main.ts')],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    write: false,
    outfile: SERVER_BUNDLE,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(build) {
          // Bare specifiers (npm packages, node: built-ins) load from node_modules at run time, except
          // the workspace packages, which are TypeScript sources that plain node cannot load.
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@vastra/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  for (const file of result.outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
  return performance.now() - started;
}

/** Builds the server bundle when it is missing or stale; says so on the console. */
export async function ensureServerBuilt() {
  if (!serverBuildIsStale()) return;
  console.log('Building the server…');
  const ms = await buildServer();
  console.log(`Built ${path.relative(root, SERVER_BUNDLE)} in ${Math.round(ms)} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`Built ${path.relative(root, SERVER_BUNDLE)} in ${Math.round(ms)} ms`);
}
