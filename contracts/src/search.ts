import { z } from 'zod';
import { productSchema } from './catalog.ts';
import {
  CATEGORIES,
  PAGE_DEFAULT_LIMIT,
  PAGE_MAX_LIMIT,
  SUB_CATEGORIES,
  type SubCategory,
} from './catalog-constants.ts';
import { compareSizes, SIZES, type Size } from './sizes.ts';
import { textField } from './text.ts';

export const SEARCH_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Fixed price bands of the price facet, rupees; `max` is inclusive (prices have 2 decimals), null = open. */
export const PRICE_BANDS = [
  { label: 'Under Rs. 500', min: 0, max: 499.99 },
  { label: 'Rs. 500 – Rs. 999', min: 500, max: 999.99 },
  { label: 'Rs. 1,000 – Rs. 1,999', min: 1000, max: 1999.99 },
  { label: 'Rs. 2,000 – Rs. 4,999', min: 2000, max: 4999.99 },
  { label: 'Rs. 5,000 and above', min: 5000, max: null },
] as const satisfies ReadonlyArray<{ label: string; min: number; max: number | null }>;

/** Query strings send empty fields (`?q=&category=`): those mean "no filter". */
const blank = (v: unknown) => (v === '' ? undefined : v);

const rupeesFilter = (label: string) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(100_000_000, `${label} is too large`)
      .optional(),
  );

/** The values of a parameter that may repeat, trimmed, blanks dropped (none left: no filter). */
const repeated = (v: unknown) => {
  if (v === undefined) return undefined;
  const list = (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'string' ? x.trim() : x));
  const kept = list.filter((x) => x !== '');
  return kept.length > 0 ? kept : undefined;
};

/** A filter that may repeat (`color=Blue&color=Red` means either). */
const anyOf = (label: string) =>
  z.preprocess(
    repeated,
    z
      .array(textField(label).max(60, `${label} must be at most 60 characters`))
      .max(20, `At most 20 ${label} values`)
      .optional(),
  );

const SIZE_BY_KEY = new Map<string, Size>(SIZES.map((s) => [s.toLowerCase(), s]));

/**
 * `size=M&size=L` means either. Sizes are our own list, so an unknown one is refused (a typo would
 * otherwise silently find nothing); case is forgiven (`m` is `M`). The answer holds each size once,
 * in SIZES order, so equal filters share one cache entry however they were written.
 */
const sizesFilter = z.preprocess(
  repeated,
  z
    .array(textField('size').max(20, `size must be one of ${SIZES.join(', ')}`))
    .max(SIZES.length, `At most ${SIZES.length} size values`)
    .optional()
    .transform((list, ctx): Size[] | undefined => {
      if (!list) return undefined;
      const sizes = new Set<Size>();
      for (const value of list) {
        const size = SIZE_BY_KEY.get(value.toLowerCase());
        if (!size) {
          ctx.addIssue({
            code: 'custom',
            message: `Unknown size "${value}": size must be one of ${SIZES.join(', ')}`,
          });
          return z.NEVER;
        }
        sizes.add(size);
      }
      return [...sizes].sort(compareSizes);
    }),
);

/**
 * `page` (1-based, at most 10,000) and `limit` (default 48, max 200) of the new paginated lists;
 * blank values take the defaults.
 */
export const pagingFields = {
  page: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(10_000, 'page must be at most 10000')
      .default(1),
  ),
  limit: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .max(PAGE_MAX_LIMIT, `limit must be at most ${PAGE_MAX_LIMIT}`)
      .default(PAGE_DEFAULT_LIMIT),
  ),
};

/**
 * `GET /api/products`: full-text search with filters, sort and pagination. Without `sort` the
 * order is relevance when `q` is given, newest otherwise.
 */
export const productSearchQuerySchema = z
  .object({
    q: z.preprocess(
      blank,
      textField('Search text').trim().max(200, 'Search text must be at most 200 characters').optional(),
    ),
    category: z.preprocess(
      blank,
      z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(', ')}` }).optional(),
    ),
    subCategory: z.preprocess(
      blank,
      z
        .enum(SUB_CATEGORIES as [SubCategory, ...SubCategory[]], {
          error: `subCategory must be one of ${SUB_CATEGORIES.join(', ')}`,
        })
        .optional(),
    ),
    minPrice: rupeesFilter('minPrice'),
    maxPrice: rupeesFilter('maxPrice'),
    /** Products with a variant of one of these sizes in stock. */
    size: sizesFilter,
    /**
     * Products whose own colour is one of these, or with a variant of that colour in stock; with
     * `size` too, one variant in stock must have both the size and the colour.
     */
    color: anyOf('color'),
    brand: anyOf('brand'),
    inStock: z.preprocess(
      blank,
      z
        .enum(['true', 'false', '1', '0'], { error: 'inStock must be true or false' })
        .transform((v) => v === 'true' || v === '1')
        .optional(),
    ),
    sort: z.preprocess(
      blank,
      z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
    ),
    /**
     * Where the page starts: the `nextCursor` of the page before (same search and sort). Deep pages
     * by cursor cost what the first does and never repeat or skip a product while others are added;
     * with a cursor, `page` is only echoed back.
     */
    cursor: z.preprocess(
      blank,
      z
        .string()
        .max(400, 'cursor is not valid')
        .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid')
        .optional(),
    ),
    ...pagingFields,
  })
  .superRefine((v, ctx) => {
    if (v.minPrice !== undefined && v.maxPrice !== undefined && v.minPrice > v.maxPrice) {
      ctx.addIssue({ code: 'custom', message: 'minPrice cannot be more than maxPrice', path: ['minPrice'] });
    }
  });
export type ProductSearchInput = z.input<typeof productSearchQuerySchema>;
export type ProductSearchQuery = z.output<typeof productSearchQuerySchema>;

/**
 * `estimated`: the count comes from a sample of a large result (see `totalIsEstimate`); shown
 * rounded, e.g. "1,000+", not as an exact figure. Absent when exact.
 */
export const facetValueSchema = z.object({
  value: z.string(),
  count: z.int(),
  estimated: z.boolean().optional(),
});
export type FacetValue = z.infer<typeof facetValueSchema>;

export const priceBandCountSchema = z.object({
  label: z.string(),
  min: z.number(),
  max: z.number().nullable(),
  count: z.int(),
  estimated: z.boolean().optional(),
});
export type PriceBandCount = z.infer<typeof priceBandCountSchema>;

/**
 * Counts per value, disjunctive: each dimension's counts apply every filter except that
 * dimension's own (so a chosen colour still lists the other colours with what choosing them would
 * give). Category, sub-category, colour and brand list values with a count above 0, largest first;
 * size lists the sizes with a count above 0 in SIZES order (a product counts once per size it has
 * in stock); price always lists the five PRICE_BANDS. The size and colour counts leave out the
 * rule that one variant has both (a product with M in Red and L in Blue counts under M beside a
 * chosen Blue), so choosing one may find fewer than its count when the other is chosen too.
 */
export const searchFacetsSchema = z.object({
  category: z.array(facetValueSchema),
  subCategory: z.array(facetValueSchema),
  color: z.array(facetValueSchema),
  brand: z.array(facetValueSchema),
  size: z.array(facetValueSchema),
  price: z.array(priceBandCountSchema),
  /** How many of the matches are in stock (ignoring the `inStock` filter itself). */
  inStock: z.object({ count: z.int(), estimated: z.boolean().optional() }).optional(),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/** Answer of `GET /api/products` (also sends `X-Total-Count`). */
export const productSearchAnswerSchema = z.object({
  items: z.array(productSchema),
  /** Matching products over all pages (an estimate when `totalIsEstimate`). */
  total: z.int(),
  /**
   * True when the search matches more products than are counted one by one: `total` and the facet
   * counts marked `estimated` then come from a sample of the catalogue (rounded).
   */
  totalIsEstimate: z.boolean().optional(),
  page: z.int(),
  limit: z.int(),
  /** Pass as `cursor` to get the page after this one; null when this page is the last. */
  nextCursor: z.string().nullable().optional(),
  facets: searchFacetsSchema,
});
export type ProductSearchAnswer = z.infer<typeof productSearchAnswerSchema>;
