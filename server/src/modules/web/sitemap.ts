import { productUrlPath } from '@vastra/contracts';
import type { Db } from '../../db/client.ts';
import { countVisibleProducts, listSitemapProducts } from '../catalog/index.ts';
import { escapeHtml } from './head.ts';

/** The sitemaps protocol's limit of URLs in one file; past it, /sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const url = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

/**
 * The shop's sitemap: the landing page, the listings and every product on sale at its readable URL.
 * One file while it fits; past `max` URLs an index of /sitemap-1.xml, /sitemap-2.xml… (the fixed
 * pages in the first).
 */
export async function sitemapXml(db: Db, origin: string, pages: readonly string[], max = SITEMAP_MAX_URLS) {
  const total = pages.length + (await countVisibleProducts(db));
  if (total <= max) return urlSet(db, origin, pages, 0, max);
  const files = Math.ceil(total / max);
  const entries = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeHtml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** File `n` (1-based) of a sitemap index, or undefined past the last one. */
export async function sitemapFile(
  db: Db,
  origin: string,
  pages: readonly string[],
  n: number,
  max = SITEMAP_MAX_URLS,
) {
  const total = pages.length + (await countVisibleProducts(db));
  if (n < 1 || (n - 1) * max >= total) return undefined;
  return urlSet(db, origin, pages, (n - 1) * max, max);
}

/** The URLs from `start` (fixed pages first, then products by id), at most `max`. */
async function urlSet(db: Db, origin: string, pages: readonly string[], start: number, max: number) {
  const fixed = pages.slice(start, start + max).map((p) => url(`${origin}${p}`));
  const productOffset = Math.max(0, start - pages.length);
  const rows = await listSitemapProducts(db, productOffset, max - fixed.length);
  const products = rows.map((p) => url(`${origin}${productUrlPath(p.id, p.name)}`, p.updatedAt));
  return `${XML_HEAD}<urlset ${NS}>\n${[...fixed, ...products].join('\n')}\n</urlset>\n`;
}
