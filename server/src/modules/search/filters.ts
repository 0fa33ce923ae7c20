import { PRICE_BANDS, type ProductSearchQuery } from '@vastra/contracts';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { productSearch, sellers } from '../../db/schema.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import { qualified } from '../../lib/qualified.ts';
import {
  colorFilter,
  keyOf,
  keysOf,
  type ProductVariantColumns,
  sameVariant,
  sizeFilter,
  TRUE,
  variantFilterOf,
} from './size-color.ts';
import { type Expand, textQuery } from './text-query.ts';

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
  'inStock',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** A column of product_search, as `"product_search"."column"` (read from subqueries too). */
export const searchColumn = {
  productId: qualified(productSearch.productId),
  nameKey: qualified(productSearch.nameKey),
  category: qualified(productSearch.category),
  subCategory: qualified(productSearch.subCategory),
  brand: qualified(productSearch.brand),
  color: qualified(productSearch.color),
  pricePaise: qualified(productSearch.pricePaise),
  inStock: qualified(productSearch.inStock),
  sizesInStock: qualified(productSearch.sizesInStock),
  colorsInStock: qualified(productSearch.colorsInStock),
  ratingAvg: qualified(productSearch.ratingAvg),
  ratingCount: qualified(productSearch.ratingCount),
  createdAt: qualified(productSearch.createdAt),
  search: qualified(productSearch.search),
  nameSearch: qualified(productSearch.nameSearch),
};

/**
 * Index of the PRICE_BANDS entry a product's price falls in. The limits are inlined (they are our
 * own constants, not input) so the expression is textually the same in SELECT and GROUP BY.
 */
export const priceBand = sql<number>`(case ${sql.raw(
  PRICE_BANDS.slice(1)
    .map((band, i) => `when "product_search"."price_paise" < ${rupeesToPaise(band.min)} then ${i}`)
    .join(' '),
)} else ${sql.raw(String(PRICE_BANDS.length - 1))} end)`;

/** What the dimension filters read of a product. */
interface FilterColumns {
  category: SQL;
  subCategory: SQL;
  brand: SQL;
  /** The price in paise. */
  price: SQL;
  /** The size filter, the colour filter, and whether both hold on one variant (size-color.ts). */
  size: SQL;
  color: SQL;
  sameVariant: SQL;
  inStock: SQL;
}

const PRODUCT_VARIANTS: ProductVariantColumns = {
  productId: searchColumn.productId,
  sizesInStock: searchColumn.sizesInStock,
  color: searchColumn.color,
  colorsInStock: searchColumn.colorsInStock,
};

/**
 * A product is shown when it is active (product_search holds active products only) and its seller
 * is active. Said as "not a product of a seller who is not active": the few such sellers are read
 * once per statement, where joining every product to its seller would cost as much as reading it.
 */
export const sellerActive = sql`${qualified(productSearch.sellerId)} not in (select ${qualified(sellers.id)} from ${sellers} where ${qualified(sellers.status)} <> 'active')`;

export interface SearchFilters {
  /** Seller active and matching the text: applies to every count. */
  base: SQL;
  /** The text query (its `rank` form asks the product's name, for relevance), when there is text. */
  text: ReturnType<typeof textQuery>;
  /** One condition per facet dimension on a product (`true` when that filter is not set). */
  byDimension: Record<Dimension, SQL>;
}

/** One condition per facet dimension (`true` when that filter is not set), over `columns`. */
function dimensionFilters(query: ProductSearchQuery, columns: FilterColumns): Record<Dimension, SQL> {
  const min = query.minPrice === undefined ? undefined : rupeesToPaise(query.minPrice);
  const max = query.maxPrice === undefined ? undefined : rupeesToPaise(query.maxPrice);
  const price = and(
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
    inStock: query.inStock ? columns.inStock : TRUE,
  };
}

/** Turns the validated query into SQL conditions on product_search, kept apart per facet dimension. */
export function buildFilters(query: ProductSearchQuery, expand?: Expand): SearchFilters {
  const text = textQuery(query.q, expand);
  const base = and(sellerActive, text ? sql`${searchColumn.search} @@ ${text.match}` : undefined)!;
  const variants = variantFilterOf(query);
  const product: FilterColumns = {
    category: searchColumn.category,
    subCategory: searchColumn.subCategory,
    brand: searchColumn.brand,
    price: searchColumn.pricePaise,
    size: sizeFilter(variants, PRODUCT_VARIANTS),
    color: colorFilter(variants, PRODUCT_VARIANTS),
    sameVariant: sameVariant(variants, PRODUCT_VARIANTS),
    inStock: searchColumn.inStock,
  };
  return { base, text, byDimension: dimensionFilters(query, product) };
}

/** Every filter at once: the items and the total. */
export function allFilters(f: SearchFilters): SQL {
  return and(f.base, ...DIMENSIONS.map((d) => f.byDimension[d]))!;
}
