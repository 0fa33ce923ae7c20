import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../../config.ts';
import { errorBody } from '../../lib/errors.ts';

const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');
/** Paths that are never the SPA: unknown ones answer a JSON 404. */
const NOT_SPA = /^\/(api|media|pay)(\/|$)/i;

export interface WebRoutesOptions {
  /** The built app's folder (tests point it at a temporary one). */
  root?: string;
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and the
 * .br/.gz files written at build time (web/scripts/precompress.mjs) sent to clients that accept them.
 */
export default async function webRoutes(app: FastifyInstance, opts: WebRoutesOptions = {}) {
  const root = opts.root ?? WEB_DIST;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
    app.get('/assets/*', (req, reply) => {
      const rel = (req.params as { '*': string })['*'];
      return reply.sendFile(path.posix.join('assets', rel));
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !NOT_SPA.test(url)) {
      const isFile = /\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html');
      if (!isFile) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return reply.sendFile(url.slice(1));
    }
    return reply.status(404).send(errorBody(`Not found: ${req.method} ${url}`));
  });
}
