import {
  type Category,
  LISTING_FILTERS,
  productIdFromSlug,
  productUrlPath,
  type SubCategory,
} from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import { PAGE_BOOT_SCRIPT } from '../../lib/page-boot.ts';
import {
  escapeHtml,
  type Head,
  type HeadProduct,
  headTags,
  type Listing,
  landingHead,
  listingHead,
  preloadTag,
  productHead,
  scriptJson,
} from './head.ts';
import type { Screen, ScreenAssets } from './screen-assets.ts';

/** One TanStack Query entry the page was rendered from (web/src/ssr-state.ts). */
export interface SsrQuery {
  key: readonly unknown[];
  data: unknown;
}

/** The web app's server renderer (web/src/entry-server.tsx, built into web/dist-ssr). */
export interface Renderer {
  /** `title`: the document title in the page's language, as the app sets it (web/src/entry-server.tsx). */
  render(
    url: string,
    queries: readonly SsrQuery[],
    options?: { lang?: string },
  ): Promise<{ html: string; title?: string }>;
}

/** The page size of the listing screens (web/src/features/catalog/api.ts, LISTING_PAGE_SIZE). */
const LISTING_PAGE_SIZE = 24;
/** The `sizes` of the first card's image in a listing (ProductCard) and on the landing (FeaturedCarousel). */
const CARD_SIZES = '(min-width: 1200px) 280px, (min-width: 700px) 30vw, 50vw';
const FEATURED_SIZES = '(min-width: 1400px) 20vw, (min-width: 768px) 30vw, 80vw';

const TITLES: Record<keyof typeof LISTING_FILTERS, string> = {
  'get-all-Products': 'All Products',
  'get-mens-all-Products': "Men's Collection",
  'get-womens-all-Products': "Women's Collection",
  'get-kids-all-Products': "Kid's Collection",
  'get-mens-shirts': "Men's Shirts",
  'get-mens-pants': "Men's Pants",
  'get-mens-hoodies': "Men's Hoodies",
  'get-womens-tops': "Women's Tops",
  'get-womens-pants': "Women's Pants",
  'get-womens-dresses': "Women's Dresses",
};

/** The ten listing screens of SPEC §2 (web/src/features/catalog/listings.ts) and what each lists. */
export const LISTINGS: readonly Listing[] = Object.entries(LISTING_FILTERS).map(([endpoint, filter]) => {
  const f = filter as { category?: Category; subCategory?: SubCategory };
  return {
    path: `/${endpoint.replace(/^get-/, '').replace(/all-Products$/, 'allProducts')}`,
    title: TITLES[endpoint as keyof typeof LISTING_FILTERS],
    endpoint: `/api/${endpoint}`,
    category: f.category,
    subCategory: f.subCategory,
  };
});

/** What a storefront URL renders: a page, a redirect to its canonical URL, or not found. */
export type Resolved =
  | { kind: 'page'; screen: Screen; url: string; queries: SsrQuery[]; head: Head }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing'; head: Head };

/**
 * The API answer the screen would fetch, through the app itself (and so through the catalogue
 * cache), as the page's viewer would get it (`viewer`: their sign-in headers, which decide a sale's
 * early access): the page shows the prices the API shows them.
 */
async function apiAs<T>(
  app: FastifyInstance,
  url: string,
  viewer: Readonly<Record<string, string>> = {},
): Promise<{ data?: T; total?: number }> {
  const res = await app.inject({ method: 'GET', url, headers: { ...viewer, accept: 'application/json' } });
  if (res.statusCode !== 200) return {};
  return { data: res.json() as T, total: Number(res.headers['x-total-count'] ?? Number.NaN) };
}

const pageNumber = (search: URLSearchParams) => Math.max(1, Math.floor(Number(search.get('page'))) || 1);

export const listingAt = (pathname: string) =>
  LISTINGS.find((l) => l.path.toLowerCase() === pathname.replace(/\/+$/, '').toLowerCase());

const missingHead = (canonical: string): Head => ({
  title: 'Product not found · Vastra',
  description: 'This product is no longer on Vastra, or the link is mistyped.',
  canonical,
  ogType: 'website',
  jsonLd: [],
  noindex: true,
});

/** The headers of a request that say who the viewer is (a shopper's token: a sale's early access). */
export function viewerHeaders(headers: Readonly<Record<string, string | string[] | undefined>>) {
  const viewer: Record<string, string> = {};
  for (const name of ['auth-token', 'authorization']) {
    const value = headers[name];
    if (typeof value === 'string') viewer[name] = value;
  }
  return viewer;
}

/**
 * The data and head of a storefront page: the landing page, a listing, a product (at
 * /product-page/:id or /p/{slug}-{id}), for the viewer whose sign-in headers are `viewer`. Undefined
 * for every other path (the SPA serves those).
 */
export async function resolvePage(
  app: FastifyInstance,
  pathname: string,
  search: URLSearchParams,
  origin: string,
  viewer: Readonly<Record<string, string>> = {},
): Promise<Resolved | undefined> {
  const apiGet = <T>(url: string) => apiAs<T>(app, url, viewer);
  const path = pathname.replace(/\/+$/, '') || '/';
  const lower = path.toLowerCase();
  // The footer's contact details, on every page (lib/site.ts).
  const site = apiGet('/api/site').then(({ data }) => (data ? [{ key: ['site'], data }] : []));
  if (lower === '/' || lower === '/home-page') {
    const { data = [] } = await apiGet<HeadProduct[]>('/api/featured');
    return {
      kind: 'page',
      screen: 'landing',
      url: path,
      queries: [{ key: ['featured'], data }, ...(await site)],
      head: landingHead(data, origin, FEATURED_SIZES),
    };
  }
  const listing = listingAt(path);
  if (listing) {
    const page = pageNumber(search);
    const { data = [], total } = await apiGet<HeadProduct[]>(
      `${listing.endpoint}?page=${page}&limit=${LISTING_PAGE_SIZE}`,
    );
    const count = Number.isFinite(total) && total! > 0 ? total! : data.length;
    return {
      kind: 'page',
      screen: 'listing',
      url: page > 1 ? `${listing.path}?page=${page}` : listing.path,
      queries: [
        { key: ['products', listing.endpoint, page], data: { items: data, total: count } },
        ...(await site),
      ],
      head: listingHead(listing, page, data, origin, LISTING_PAGE_SIZE, CARD_SIZES),
    };
  }
  const product = /^\/product-page\/([^/]+)$/i.exec(path);
  const readable = /^\/p\/([^/]+)$/i.exec(path);
  const id = product
    ? decodeURIComponent(product[1]!)
    : readable
      ? productIdFromSlug(readable[1]!)
      : undefined;
  if (!product && !readable) return undefined;
  if (!id) return { kind: 'missing', head: missingHead(path) };
  const [{ data }, reviews] = await Promise.all([
    apiGet<HeadProduct>(`/api/product-page/${encodeURIComponent(id)}`),
    // The reviews under the product (features/catalog/reviews), so they take their place at once.
    apiGet(`/api/products/${encodeURIComponent(id)}/reviews?limit=50`),
  ]);
  if (!data) return { kind: 'missing', head: missingHead(path) };
  const canonical = productUrlPath(data._id, data.productName);
  if (readable && path !== canonical) {
    const query = search.toString();
    return { kind: 'redirect', location: query ? `${canonical}?${query}` : canonical };
  }
  return {
    kind: 'page',
    screen: 'product',
    url: path,
    queries: [
      { key: ['product', id], data },
      ...(reviews.data ? [{ key: ['reviews', id], data: reviews.data }] : []),
      ...(await site),
    ],
    head: productHead(data, origin, LISTINGS),
  };
}

/** index.html cut where a page's parts go: its head tags, its markup and its data. */
export class PageTemplate {
  /** The template of an index.html, or undefined when it has no place for a page (not the web app's). */
  static of(html: string): PageTemplate | undefined {
    try {
      return new PageTemplate(html);
    } catch {
      return undefined;
    }
  }

  private readonly before: string;
  /** The template's head without its stylesheet link, entry script and preloads (the boot script adds them). */
  private readonly bootBefore: string;
  /** The template's entry script and the chunks it preloads. */
  private readonly entry: string | undefined;
  private readonly entryPreloads: string[];
  private readonly afterHead: string;
  private readonly afterRoot: string;
  private readonly htmlOpen: RegExp = /<html lang="[^"]*">/;

  constructor(readonly html: string) {
    const withoutDefaults = html
      .replace(/\s*<title>[^<]*<\/title>/, '')
      .replace(/\s*<meta name="description"[^>]*>/, '');
    const head = withoutDefaults.indexOf('</head>');
    const root = withoutDefaults.indexOf('<div id="root"></div>');
    if (head < 0 || root < 0) throw new Error('index.html has no </head> or <div id="root"></div>');
    if (root < head) throw new Error('index.html has #root before </head>');
    this.before = withoutDefaults.slice(0, head);
    this.entry = /<script type="module"[^>]* src="([^"]+)"/.exec(this.before)?.[1];
    this.entryPreloads = [...this.before.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    this.bootBefore = this.before
      .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
    this.afterHead = withoutDefaults
      .slice(head, root)
      // A server-rendered page works without JavaScript as far as reading goes.
      .replace(/\s*<noscript>[^<]*<\/noscript>/, '');
    this.afterRoot = withoutDefaults.slice(root + '<div id="root"></div>'.length);
  }

  /** The page: `markup` is #root's content (empty: the browser renders it). */
  page(
    head: Head,
    origin: string,
    markup: string,
    queries: readonly SsrQuery[],
    lang = 'en',
    /** The screen's stylesheets and chunks (screen-assets.ts). */
    assets?: ScreenAssets,
  ): string {
    const state = queries.length
      ? `<script type="application/json" id="ssr-state">${scriptJson(queries)}</script>`
      : '';
    const preload = preloadTag(head);
    const before = (assets && this.entry ? this.bootBefore : this.before)
      .replace(this.htmlOpen, `<html lang="${lang === 'hi' ? 'hi' : 'en'}">`)
      .replace(/<meta name="viewport"[^>]*>/, (viewport) =>
        preload ? `${viewport}\n    ${preload}` : viewport,
      );
    // The screen's stylesheets are inlined (screen-assets.ts), and the app's scripts, which the
    // server's HTML does not need to be read, are started by the boot script after the photo.
    const boot = assets && this.entry ? `${assets.inline}\n    ${this.bootTag(assets)}` : '';
    return `${before}  ${headTags(head, origin)}${boot ? `\n    ${boot}` : ''}\n  ${this.afterHead}<div id="root">${markup}</div>${state}${this.afterRoot}`;
  }

  /** The boot script (lib/page-boot.ts) with what it adds once the first photo is painted. */
  private bootTag(assets: ScreenAssets): string {
    const list = (paths: readonly string[]) =>
      escapeHtml([...new Set(paths)].filter((p) => p !== this.entry).join(' '));
    return (
      `<script data-src="${escapeHtml(this.entry!)}" data-preload="${list([...this.entryPreloads, ...assets.js])}"` +
      ` data-css="${list(assets.css)}">${PAGE_BOOT_SCRIPT}</script>`
    );
  }
}
