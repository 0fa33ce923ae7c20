import { PRICE_BANDS, type ProductSearchQuery } from '@vastra/contracts';
import { and, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { products } from '../../db/schema.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import { qualified } from '../../lib/qualified.ts';
import { isVisible } from '../catalog/index.ts';
import {
  colorFilter,
  keyOf,
  keysOf,
  sameVariant,
  sizeFilter,
  TRUE,
  type VariantColumns,
  variantFilterOf,
} from './size-color.ts';
import { textQuery } from './text-query.ts';

/**
 * The filters the facets treat apart; each one's counts ignore that filter. `sameVariant` couples
 * the size and colour filters (one variant with both, see size-color.ts): the size and colour
 * facets ignore it with their own filter, like a product's other filters, so a product counts
 * under M when it has M in stock and has the colour chosen, whichever variants those are.
 */
export const DIMENSIONS = [
  'category',
  'subCategory',
  'brand',
  'price',
  'size',
  'color',
  'sameVariant',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/**
 * Index of the PRICE_BANDS entry a product's price falls in. The limits are inlined (they are our
 * own constants, not input) so the expression is textually the same in SELECT and GROUP BY.
 */
export const priceBand = sql<number>`(case ${sql.raw(
  PRICE_BANDS.slice(1)
    .map((band, i) => `when "products"."price_paise" < ${rupeesToPaise(band.min)} then ${i}`)
    .join(' '),
)} else ${sql.raw(String(PRICE_BANDS.length - 1))} end)`;

/**
 * What the dimension filters read: a product's columns, or the same values in rows that have
 * already grouped products (where `price` may stand for the price filter's own outcome, and the
 * size and colour filter reads the group's own lists).
 */
export interface FilterColumns {
  category: SQL;
  subCategory: SQL;
  brand: SQL;
  /** The price in paise; or, when `priceIsFilter`, whether the price filter passed. */
  price: SQL;
  priceIsFilter?: boolean;
  /** The size filter, the colour filter, and whether both hold on one variant (size-color.ts). */
  size: SQL;
  color: SQL;
  sameVariant: SQL;
}

const PRODUCT: FilterColumns = {
  category: qualified(products.category),
  subCategory: qualified(products.subCategory),
  brand: qualified(products.brand),
  price: qualified(products.pricePaise),
  size: TRUE,
  color: TRUE,
  sameVariant: TRUE,
};

const PRODUCT_VARIANTS: VariantColumns = {
  sizesInStock: qualified(products.sizesInStock),
  color: qualified(products.color),
  colorsInStock: qualified(products.colorsInStock),
};

export interface SearchFilters {
  /** Visible, matching the text, in stock when asked: applies to every count. */
  base: SQL;
  /** The tsquery to rank by, when there is search text. */
  rankQuery: SQL | undefined;
  /** One condition per facet dimension on a product (`true` when that filter is not set). */
  byDimension: Record<Dimension, SQL>;
}

/** One condition per facet dimension (`true` when that filter is not set), over `columns`. */
export function dimensionFilters(query: ProductSearchQuery, columns: FilterColumns): Record<Dimension, SQL> {
  const min = query.minPrice === undefined ? undefined : rupeesToPaise(query.minPrice);
  const max = query.maxPrice === undefined ? undefined : rupeesToPaise(query.maxPrice);
  const price = columns.priceIsFilter
    ? columns.price
    : and(
        min === undefined ? undefined : sql`${columns.price} >= ${min}`,
        max === undefined ? undefined : sql`${columns.price} <= ${max}`,
      );
  return {
    category: query.category ? sql`${columns.category} = ${query.category}` : TRUE,
    subCategory: query.subCategory ? sql`${columns.subCategory} = ${query.subCategory}` : TRUE,
    brand: query.brand ? inArray(keyOf(columns.brand), keysOf(query.brand)) : TRUE,
    price: price ?? TRUE,
    size: query.size ? columns.size : TRUE,
    color: query.color ? columns.color : TRUE,
    sameVariant: query.size && query.color ? columns.sameVariant : TRUE,
  };
}

/** Turns the validated query into SQL conditions, kept apart per facet dimension. */
export function buildFilters(query: ProductSearchQuery): SearchFilters {
  const text = textQuery(query.q);
  const base = and(
    isVisible,
    text ? sql`${products.search} @@ ${text.match}` : undefined,
    query.inStock ? gt(products.stock, 0) : undefined,
  )!;
  const variants = variantFilterOf(query);
  const product: FilterColumns = {
    ...PRODUCT,
    size: sizeFilter(variants, PRODUCT_VARIANTS),
    color: colorFilter(variants, PRODUCT_VARIANTS),
    sameVariant: sameVariant(variants),
  };
  return { base, rankQuery: text?.rank, byDimension: dimensionFilters(query, product) };
}

/** Every filter at once: the items and the total. */
export function allFilters(f: SearchFilters): SQL {
  return and(f.base, ...DIMENSIONS.map((d) => f.byDimension[d]))!;
}

/** Every dimension's filter but those skipped (a dimension's facet counts), or all of them. */
export function allDimensionsBut(byDimension: Record<Dimension, SQL>, ...skip: Dimension[]): SQL {
  return and(...DIMENSIONS.filter((d) => !skip.includes(d)).map((d) => byDimension[d]))!;
}
