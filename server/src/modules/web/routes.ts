import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../../config.ts';
import { errorBody } from '../../lib/errors.ts';
import { sendCached } from '../catalog/index.ts';
import { screenAssets } from './screen-assets.ts';
import { SITEMAP_MAX_URLS, sitemapFile, sitemapXml } from './sitemap.ts';
import {
  LISTINGS,
  PageTemplate,
  type Renderer,
  type Resolved,
  resolvePage,
  viewerHeaders,
} from './storefront.ts';

const WEB_DIST = path.join(REPO_ROOT, 'web', 'dist');
const SSR_ENTRY = path.join(REPO_ROOT, 'web', 'dist-ssr', 'entry-server.js');
/** Paths that are never the SPA: unknown ones answer a JSON 404. */
const NOT_SPA = /^\/(api|media|pay)(\/|$)/i;
const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';

export interface WebRoutesOptions {
  /** The built app's folder (tests point it at a temporary one). */
  root?: string;
  /**
   * The server renderer; by default web/dist-ssr/entry-server.js when built. Without one, storefront
   * pages still get their head (title, canonical, previews, JSON-LD) and the browser renders the rest.
   */
  renderer?: Renderer | null;
  /** URLs per sitemap file (tests lower it to see the index). */
  sitemapMaxUrls?: number;
}

async function loadRenderer(): Promise<Renderer | null> {
  if (!existsSync(SSR_ENTRY)) return null;
  return (await import(pathToFileURL(SSR_ENTRY).href)) as Renderer;
}

/** The shopper's remembered language (cookie `lang`, set by the language switch): 'hi' or 'en'. */
export function langOf(req: FastifyRequest): 'en' | 'hi' {
  return /(?:^|;\s*)lang=hi(?:;|$)/.test(req.headers.cookie ?? '') ? 'hi' : 'en';
}

/** Thrown out of a cache fill: the answer is not a page to keep (a redirect, a missing product). */
class NotAPage {
  constructor(readonly resolved: Exclude<Resolved, { kind: 'page' }>) {}
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached, and the
 * .br/.gz files written at build time (web/scripts/precompress.mjs) sent to clients that accept them.
 * The storefront's pages (landing, listings, products) are rendered on the server with their data and
 * head, cached per catalogue version like the API (ADR 008, ADR 017); sitemap.xml and robots.txt too.
 */
export default async function webRoutes(app: FastifyInstance, opts: WebRoutesOptions = {}) {
  const root = opts.root ?? WEB_DIST;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  const origin = app.deps.config.publicUrl;
  const sitemapMax = opts.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const fixedPages = ['/', ...LISTINGS.map((l) => l.path)];

  app.get('/robots.txt', (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /pay/\nDisallow: /cart-page\nDisallow: /dashboard\n\nSitemap: ${origin}/sitemap.xml\n`,
      ),
  );
  const xml = (payload: unknown) => payload as string;
  app.get('/sitemap.xml', (req, reply) =>
    sendCached(
      req,
      reply,
      'sitemap',
      async () => ({
        payload: await sitemapXml(app.deps.db, origin, fixedPages, sitemapMax),
        contentType: XML,
      }),
      xml,
    ),
  );
  app.get<{ Params: { n: string } }>('/sitemap-:n.xml', async (req, reply) => {
    const n = Number(req.params.n);
    return sendCached(
      req,
      reply,
      `sitemap-${n}`,
      async () => {
        const file = Number.isInteger(n)
          ? await sitemapFile(app.deps.db, origin, fixedPages, n, sitemapMax)
          : undefined;
        if (!file) throw new SitemapMissing();
        return { payload: file, contentType: XML };
      },
      xml,
    ).catch((err) => {
      if (err instanceof SitemapMissing) return reply.status(404).send(errorBody('No such sitemap file'));
      throw err;
    });
  });

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

    const template = PageTemplate.of(readFileSync(path.join(root, 'index.html'), 'utf8'));
    const renderer = opts.renderer === undefined ? await loadRenderer() : opts.renderer;
    const assets = screenAssets(root);

    const storefront = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!template) return reply.callNotFound();
      const url = new URL(req.url, 'http://localhost');
      const lang = langOf(req);
      const key = `html ${url.pathname.toLowerCase()} page=${url.searchParams.get('page') ?? ''} ${lang}`;
      try {
        return await sendCached(
          req,
          reply,
          key,
          async () => {
            const resolved = await resolvePage(
              app,
              url.pathname,
              url.searchParams,
              origin,
              viewerHeaders(req.headers),
            );
            if (!resolved) throw new Error(`${url.pathname} is not a storefront page`);
            if (resolved.kind !== 'page') throw new NotAPage(resolved);
            const rendered = renderer
              ? await renderer.render(resolved.url, resolved.queries, { lang })
              : undefined;
            const markup = rendered?.html ?? '';
            // In Hindi the title is the interface's (the app's own words; the description and the
            // product data stay as written).
            const head =
              lang === 'hi' && rendered?.title ? { ...resolved.head, title: rendered.title } : resolved.head;
            return {
              payload: template.page(
                head,
                origin,
                markup,
                renderer ? resolved.queries : [],
                lang,
                assets?.[resolved.screen],
              ),
              contentType: HTML,
            };
          },
          (html) => html as string,
        );
      } catch (err) {
        if (!(err instanceof NotAPage)) throw err;
        const r = err.resolved;
        if (r.kind === 'redirect') return reply.redirect(r.location, 301);
        return reply
          .status(404)
          .header('cache-control', 'no-cache')
          .type(HTML)
          .send(template.page(r.head, origin, '', [], lang));
      }
    };
    for (const p of ['/', '/home-page', '/product-page/:id', '/p/:slug', ...LISTINGS.map((l) => l.path)]) {
      if (template) app.get(p, storefront);
    }
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

class SitemapMissing extends Error {}
