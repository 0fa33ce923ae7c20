import {
  CATEGORY_LABEL,
  type Category,
  productUrlPath,
  SUB_CATEGORY_LABEL,
  type SubCategory,
} from '@vastra/contracts';

/**
 * The <head> of a server-rendered storefront page: title, description, canonical URL, Open Graph and
 * Twitter cards (what WhatsApp and other link previews show) and JSON-LD for search engines. Product
 * text is the seller's, escaped, never rewritten.
 */

export const SHOP_NAME = 'Vastra';
export const SHOP_TITLE = 'Vastra · Your One-Stop Online Shop';
export const SHOP_DESCRIPTION = 'Vastra: Your One-Stop Online Shop for clothing across India.';

/** The fields of an API product (SPEC §7 answer) the head uses. */
export interface HeadProduct {
  _id: string;
  productName: string;
  price: number;
  markPrice: number | null;
  stockQuantity: number;
  category: string;
  subCategory: string;
  image: string;
  images?: { url: string; alt?: string }[];
  description: string;
  brand: string;
  companyName: string;
  rating: number;
  ratingCount: number;
}

/** A listing screen: its path, title, and the API list it shows. */
export interface Listing {
  path: string;
  title: string;
  endpoint: string;
  category?: Category;
  subCategory?: SubCategory;
}

export interface Head {
  title: string;
  description: string;
  /** Root-relative; made absolute with the shop's public URL. */
  canonical: string;
  ogType: 'website' | 'product';
  /** Root-relative or absolute. */
  image?: string;
  imageAlt?: string;
  jsonLd: object[];
  /** Pages search engines should not index (a missing product). */
  noindex?: boolean;
  /** The largest image above the fold, fetched first (`<link rel=preload fetchpriority=high>`). */
  preload?: { src: string; srcset?: string; sizes?: string };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** JSON inside <script>: nothing in it can close the element or start a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A description of at most `max` characters, cut at a word. */
function summary(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

const RENDITION = /^(.*)\/(320|640|1280)\.webp$/;

/** The renditions of an uploaded photo (ADR 004) as srcset; other URLs as they are. */
export function responsiveImage(
  url: string,
  sizes: string,
): { src: string; srcset?: string; sizes?: string } {
  const m = RENDITION.exec(url);
  if (!m) return { src: url };
  const base = m[1];
  return { src: url, srcset: `${base}/320.webp 320w, ${base}/640.webp 640w, ${base}/1280.webp 1280w`, sizes };
}

/** The widest rendition, for link previews (they show large pictures). */
const largeImage = (url: string) => url.replace(RENDITION, '$1/1280.webp');

const rupees = (price: number) => price.toFixed(2);

export function organization(origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SHOP_NAME,
    url: `${origin}/`,
    logo: `${origin}/icon-512.png`,
  };
}

function breadcrumbs(origin: string, crumbs: { name: string; path: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: `${origin}${c.path}`,
    })),
  };
}

/** Home, the product's category and sub-category listings (when the shop has them), the product. */
export function productCrumbs(p: HeadProduct, listings: readonly Listing[]) {
  const crumbs = [{ name: 'Home', path: '/' }];
  const cat = listings.find((l) => l.category === p.category && !l.subCategory);
  if (cat) crumbs.push({ name: CATEGORY_LABEL[p.category as Category] ?? cat.title, path: cat.path });
  const sub = listings.find((l) => l.subCategory === p.subCategory);
  if (sub)
    crumbs.push({ name: SUB_CATEGORY_LABEL[p.subCategory as SubCategory] ?? sub.title, path: sub.path });
  crumbs.push({ name: p.productName, path: productUrlPath(p._id, p.productName) });
  return crumbs;
}

/** The absolute URL of a root-relative path or URL. */
const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url}`);

export function productHead(p: HeadProduct, origin: string, listings: readonly Listing[]): Head {
  const canonical = productUrlPath(p._id, p.productName);
  const photos = p.images?.length ? p.images.map((i) => i.url) : [p.image];
  const description = summary(
    p.description || `${p.productName}${p.companyName ? ` by ${p.companyName}` : ''}, ₹${p.price} on Vastra.`,
  );
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.productName,
    description: p.description || description,
    image: photos.map((u) => absolute(origin, largeImage(u))),
    sku: p._id,
    ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url: `${origin}${canonical}`,
      priceCurrency: 'INR',
      price: rupees(p.price),
      availability: p.stockQuantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...(p.companyName ? { seller: { '@type': 'Organization', name: p.companyName } } : {}),
    },
  };
  if (p.ratingCount > 0) {
    product.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: p.rating,
      reviewCount: p.ratingCount,
    };
  }
  return {
    title: `${p.productName} · ${SHOP_NAME}`,
    description,
    canonical,
    ogType: 'product',
    image: largeImage(photos[0] ?? p.image),
    imageAlt: p.images?.[0]?.alt || p.productName,
    jsonLd: [product, breadcrumbs(origin, productCrumbs(p, listings)), organization(origin)],
    preload: responsiveImage(photos[0] ?? p.image, '(min-width: 800px) 45vw, 100vw'),
  };
}

export function listingHead(
  listing: Listing,
  page: number,
  items: HeadProduct[],
  origin: string,
  pageSize: number,
  /** The sizes attribute of the grid's first image (ProductCard). */
  cardSizes: string,
): Head {
  const canonical = page > 1 ? `${listing.path}?page=${page}` : listing.path;
  const first = items[0];
  const crumbs = [{ name: 'Home', path: '/' }];
  if (listing.path !== '/allProducts') crumbs.push({ name: 'All Products', path: '/allProducts' });
  crumbs.push({ name: listing.title, path: listing.path });
  return {
    title: `${listing.title}${page > 1 ? ` · Page ${page}` : ''} · ${SHOP_NAME}`,
    description: summary(
      `${listing.title} on Vastra: ${items
        .slice(0, 5)
        .map((p) => p.productName)
        .join(', ')}${items.length ? ' and more' : ''}. Delivery across India, cash on delivery.`,
    ),
    canonical,
    ogType: 'website',
    image: first ? largeImage(first.image) : undefined,
    imageAlt: first?.productName,
    jsonLd: [
      breadcrumbs(origin, crumbs),
      {
        '@context': 'https://schema.org',
        '@type': 'ItemList',
        itemListElement: items.map((p, i) => ({
          '@type': 'ListItem',
          position: (page - 1) * pageSize + i + 1,
          url: `${origin}${productUrlPath(p._id, p.productName)}`,
          name: p.productName,
        })),
      },
      organization(origin),
    ],
    preload: first ? responsiveImage(first.image, cardSizes) : undefined,
  };
}

export function landingHead(featured: HeadProduct[], origin: string, cardSizes: string): Head {
  const first = featured[0];
  return {
    title: SHOP_TITLE,
    description: SHOP_DESCRIPTION,
    canonical: '/',
    ogType: 'website',
    image: first ? largeImage(first.image) : '/icon-512.png',
    imageAlt: first?.productName ?? SHOP_NAME,
    jsonLd: [
      organization(origin),
      { '@context': 'https://schema.org', '@type': 'WebSite', name: SHOP_NAME, url: `${origin}/` },
    ],
    preload: first ? responsiveImage(first.image, cardSizes) : undefined,
  };
}

/**
 * The LCP image's preload, high priority, with its renditions: placed first in the head (before the
 * stylesheets and scripts), so the browser asks for the picture as soon as it reads the page.
 */
export function preloadTag(head: Head): string {
  const p = head.preload;
  if (!p) return '';
  const e = escapeHtml;
  const set = p.srcset ? ` imagesrcset="${e(p.srcset)}" imagesizes="${e(p.sizes ?? '100vw')}"` : '';
  return `<link rel="preload" as="image" href="${e(p.src)}"${set} fetchpriority="high" />`;
}

/** The tags that replace the template's title and description. */
export function headTags(head: Head, origin: string): string {
  const url = `${origin}${head.canonical}`;
  const e = escapeHtml;
  const tags = [
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}" />`,
    `<link rel="canonical" href="${e(url)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="${SHOP_NAME}" />`,
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:title" content="${e(head.title)}" />`,
    `<meta property="og:description" content="${e(head.description)}" />`,
    `<meta property="og:url" content="${e(url)}" />`,
    '<meta property="og:locale" content="en_IN" />',
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(head.title)}" />`,
    `<meta name="twitter:description" content="${e(head.description)}" />`,
  ];
  if (head.image) {
    const image = e(absolute(origin, head.image));
    tags.push(
      `<meta property="og:image" content="${image}" />`,
      `<meta property="og:image:alt" content="${e(head.imageAlt ?? head.title)}" />`,
      `<meta name="twitter:image" content="${image}" />`,
    );
  }
  for (const data of head.jsonLd)
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.filter(Boolean).join('\n    ');
}
