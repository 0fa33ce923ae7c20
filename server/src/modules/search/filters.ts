import { PRICE_BANDS, type ProductSearchQuery } from '@vastra/contracts';
import { and, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import { qualified } from '../../lib/qualified.ts';
import { isVisible } from '../catalog/product-view.ts';
import { textQuery } from './text-query.ts';

/** The facet dimensions; each one's counts ignore that dimension's own filter. */
export const DIMENSIONS = ['category', 'subCategory', 'color', 'brand', 'price'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

const TRUE = sql`true`;

/** Colour and brand are free text typed by sellers: compare them case- and space-insensitively. */
export const colorKey = sql`lower(trim(${qualified(products.color)}))`;
export const brandKey = sql`lower(trim(${qualified(products.brand)}))`;

const keysOf = (values: string[]) => [...new Set(values.map((v) => v.trim().toLowerCase()))];

/**
 * Index of the PRICE_BANDS entry a product's price falls in. The limits are inlined (they are our
 * own constants, not input) so the expression is textually the same in SELECT and GROUP BY.
 */
export const priceBand = sql<number>`(case ${sql.raw(
  PRICE_BANDS.slice(1)
    .map((band, i) => `when "products"."price_paise" < ${rupeesToPaise(band.min)} then ${i}`)
    .join(' '),
)} else ${sql.raw(String(PRICE_BANDS.length - 1))} end)`;

export interface SearchFilters {
  /** Visible, matching the text, in stock when asked: applies to every count. */
  base: SQL;
  /** The tsquery to rank by, when there is search text. */
  rankQuery: SQL | undefined;
  /** One condition per facet dimension (`true` when that filter is not set). */
  byDimension: Record<Dimension, SQL>;
}

/** Turns the validated query into SQL conditions, kept apart per facet dimension. */
export function buildFilters(query: ProductSearchQuery): SearchFilters {
  const text = textQuery(query.q);
  const base = and(
    isVisible,
    text ? sql`${products.search} @@ ${text.match}` : undefined,
    query.inStock ? gt(products.stock, 0) : undefined,
  )!;
  const min = query.minPrice === undefined ? undefined : rupeesToPaise(query.minPrice);
  const max = query.maxPrice === undefined ? undefined : rupeesToPaise(query.maxPrice);
  return {
    base,
    rankQuery: text?.rank,
    byDimension: {
      category: query.category ? eq(products.category, query.category) : TRUE,
      subCategory: query.subCategory ? eq(products.subCategory, query.subCategory) : TRUE,
      color: query.color ? inArray(colorKey, keysOf(query.color)) : TRUE,
      brand: query.brand ? inArray(brandKey, keysOf(query.brand)) : TRUE,
      price:
        and(
          min === undefined ? undefined : gte(products.pricePaise, min),
          max === undefined ? undefined : lte(products.pricePaise, max),
        ) ?? TRUE,
    },
  };
}

/** Every filter at once: the items and the total. */
export function allFilters(f: SearchFilters): SQL {
  return and(f.base, ...DIMENSIONS.map((d) => f.byDimension[d]))!;
}

/** Every filter but one dimension's own: that dimension's facet counts. */
export function allFiltersExcept(f: SearchFilters, skip: Dimension): SQL {
  return and(...DIMENSIONS.filter((d) => d !== skip).map((d) => f.byDimension[d]))!;
}
