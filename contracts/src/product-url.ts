/**
 * Readable product URLs, `/p/{slug}-{id}` (issue 21): the name as words a person can read and
 * share, then the product's id, which alone decides the product (a renamed product's old links
 * still open it). The SPEC §2 route `/product-page/:id` keeps working; both name the canonical URL.
 */

const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SLUG_MAX = 60;

/** Lower-case ASCII words joined by hyphens; a name with no Latin letters or digits gives 'product'. */
export function productSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = words.length > SLUG_MAX ? words.slice(0, SLUG_MAX).replace(/-[^-]*$/, '') : words;
  return cut || 'product';
}

/** `/p/{slug}-{id}`: the shareable, canonical path of a product page. */
export function productUrlPath(id: string, name: string): string {
  return `/p/${productSlug(name)}-${id.toLowerCase()}`;
}

/** The product id at the end of a `/p/` segment (`{slug}-{id}`), or undefined when there is none. */
export function productIdFromSlug(segment: string): string | undefined {
  return UUID_AT_END.exec(segment)?.[1]?.toLowerCase();
}
