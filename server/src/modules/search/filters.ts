import { PRICE_BANDS, type ProductSearchQuery, type Size } from '@vastra/contracts';
import { and, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { products, productVariants } from '../../db/schema.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import { qualified } from '../../lib/qualified.ts';
import { isVisible } from '../catalog/index.ts';
import { textQuery } from './text-query.ts';

/**
 * The filters the facets treat apart; each one's counts ignore that filter. `sizeColor` is what the
 * size and colour filters ask of a product together (one variant with both, when both are set):
 * the size and colour facets each fold the other one's filter into their own values (facets.ts).
 */
export const DIMENSIONS = ['category', 'subCategory', 'brand', 'price', 'sizeColor'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

const TRUE = sql`true`;

/** Colour and brand are free text typed by sellers: compare them case- and space-insensitively. */
export const keyOf = (text: SQL) => sql`lower(trim(${text}))`;

const keysOf = (values: string[]) => [...new Set(values.map((v) => v.trim().toLowerCase()))];

/** A `text[]` literal of the values, each a bound parameter. */
export const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Index of the PRICE_BANDS entry a product's price falls in. The limits are inlined (they are our
 * own constants, not input) so the expression is textually the same in SELECT and GROUP BY.
 */
export const priceBand = sql<number>`(case ${sql.raw(
  PRICE_BANDS.slice(1)
    .map((band, i) => `when "products"."price_paise" < ${rupeesToPaise(band.min)} then ${i}`)
    .join(' '),
)} else ${sql.raw(String(PRICE_BANDS.length - 1))} end)`;

/** The size and colour filters of a query: sizes as listed in SIZES, colours as keys. */
export interface VariantFilter {
  sizes: Size[] | undefined;
  colorKeys: string[] | undefined;
}

export const variantFilterOf = (query: ProductSearchQuery): VariantFilter => ({
  sizes: query.size,
  colorKeys: query.color ? keysOf(query.color) : undefined,
});

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
  sizeColor: (filter: VariantFilter) => SQL;
}

const product = {
  id: qualified(products.id),
  color: qualified(products.color),
  sizesInStock: qualified(products.sizesInStock),
  colorsInStock: qualified(products.colorsInStock),
};

/** A variant's colour: its own, or the product's when it comes in the product's one colour (''). */
export const variantColor = sql`(case when ${qualified(productVariants.color)} <> '' then ${qualified(productVariants.color)} else ${product.color} end)`;

/** The product's variants in stock (for a correlated subquery on `products`). */
export const variantsInStock = sql`${productVariants} where ${qualified(productVariants.productId)} = ${product.id} and ${qualified(productVariants.stock)} > 0`;

/**
 * Whether the product's own colour or the colour of a variant in stock is one of `colorKeys`
 * (`colors_in_stock` holds the colours of the variants in stock).
 */
export const hasColor = (colorKeys: string[]) =>
  sql`(${keyOf(product.color)} = any(${textArray(colorKeys)}) or exists (select 1 from unnest(${product.colorsInStock}) as c(color) where ${keyOf(sql`c.color`)} = any(${textArray(colorKeys)})))`;

/**
 * On a product: a size filter is a variant of one of the sizes in stock (`sizes_in_stock`, GIN
 * indexed); a colour filter is `hasColor`; both at once need ONE variant in stock with a size and a
 * colour asked for (M in Red and L in Blue is not an M in Blue).
 */
function productSizeColor({ sizes, colorKeys }: VariantFilter): SQL {
  const sized = sizes ? sql`${product.sizesInStock} && ${textArray(sizes)}` : undefined;
  if (!colorKeys) return sized ?? TRUE;
  if (!sizes) return hasColor(colorKeys);
  return sql`(${sized} and exists (select 1 from ${variantsInStock} and ${qualified(productVariants.size)} = any(${textArray(sizes)}) and ${keyOf(variantColor)} = any(${textArray(colorKeys)})))`;
}

const PRODUCT: FilterColumns = {
  category: qualified(products.category),
  subCategory: qualified(products.subCategory),
  brand: qualified(products.brand),
  price: qualified(products.pricePaise),
  sizeColor: productSizeColor,
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
    sizeColor: columns.sizeColor(variantFilterOf(query)),
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
  return { base, rankQuery: text?.rank, byDimension: dimensionFilters(query, PRODUCT) };
}

/** Every filter at once: the items and the total. */
export function allFilters(f: SearchFilters): SQL {
  return and(f.base, ...DIMENSIONS.map((d) => f.byDimension[d]))!;
}

/** Every dimension's filter but `skip`'s own (that dimension's facet counts), or all of them. */
export function allDimensionsBut(byDimension: Record<Dimension, SQL>, skip?: Dimension): SQL {
  return and(...DIMENSIONS.filter((d) => d !== skip).map((d) => byDimension[d]))!;
}
