// Writes .br and .gz beside every compressible file of web/dist, once at build time, so the server
// (@fastify/static with preCompressed) sends them without compressing per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The folder comes from the command line in tests; the build runs it on web/dist.
const DIST = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico)$/i;
/** Below this, headers outweigh the saving. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for await (const file of files(DIST)) {
  const { size } = await stat(file);
  if (size < MIN_BYTES) continue;
  const data = await readFile(file);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gzip = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  // Only keep a variant that is actually smaller; the server falls back to the plain file.
  if (brotli.length < data.length) await writeFile(`${file}.br`, brotli);
  if (gzip.length < data.length) await writeFile(`${file}.gz`, gzip);
  raw += data.length;
  br += Math.min(brotli.length, data.length);
  count++;
}
console.log(
  `precompress: ${count} files, ${(raw / 1024).toFixed(1)} KiB → ${(br / 1024).toFixed(1)} KiB brotli`,
);
