import type { ProductSearchQuery, Size } from '@vastra/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { productVariants } from '../../db/schema.ts';
import { qualified } from '../../lib/qualified.ts';

/**
 * The size and colour filters (one home for the rule). Sizes and colours live on the variants
 * (issue "Clothing catalogue"); each product keeps `sizes_in_stock` and `colors_in_stock`, the
 * sizes and colours of its variants in stock, so the filters read the product row alone:
 * - size: a variant of one of the sizes in stock (`sizes_in_stock &&`, GIN indexed);
 * - colour: the seller's free-text product colour, or the colour of a variant in stock, is one of
 *   the colours (case and spaces ignored); a variant of no colour of its own ('') has the product's;
 * - both: besides each of the above, ONE variant in stock has a size and a colour asked for (M in
 *   Red and L in Blue is not an M in Blue). Only products with variants of several colours need
 *   their variants read for it: in a product of one colour every variant has that colour.
 */

export const TRUE = sql`true`;

/** Colour and brand are free text typed by sellers: compare them case- and space-insensitively. */
export const keyOf = (text: SQL) => sql`lower(trim(${text}))`;

export const keysOf = (values: string[]) => [...new Set(values.map((v) => v.trim().toLowerCase()))];

/** A `text[]` literal of the values, each a bound parameter. */
export const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The size and colour filters of a query: sizes as listed in SIZES, colours as keys. */
export interface VariantFilter {
  sizes: Size[] | undefined;
  colorKeys: string[] | undefined;
}

export const variantFilterOf = (query: ProductSearchQuery): VariantFilter => ({
  sizes: query.size,
  colorKeys: query.color ? keysOf(query.color) : undefined,
});

/** Where the filters read a product's sizes and colours: its row, or a facet group of rows. */
export interface VariantColumns {
  sizesInStock: SQL;
  color: SQL;
  colorsInStock: SQL;
}

/** A product row's columns, for the rule that reads its variants. */
export interface ProductVariantColumns extends VariantColumns {
  productId: SQL;
}

/** The size filter alone. */
export const sizeFilter = ({ sizes }: VariantFilter, c: VariantColumns): SQL =>
  sizes ? sql`${c.sizesInStock} && ${textArray(sizes)}` : TRUE;

/** The colour filter alone. */
export function colorFilter({ colorKeys }: VariantFilter, c: VariantColumns): SQL {
  if (!colorKeys) return TRUE;
  const keys = textArray(colorKeys);
  // Most products are of one colour (no colours in stock of their variants' own): no unnesting.
  return sql`(${keyOf(c.color)} = any(${keys}) or (cardinality(${c.colorsInStock}) > 0 and exists (select 1 from unnest(${c.colorsInStock}) as v(color) where ${keyOf(sql`v.color`)} = any(${keys}))))`;
}

const variant = {
  productId: qualified(productVariants.productId),
  size: qualified(productVariants.size),
  color: qualified(productVariants.color),
  stock: qualified(productVariants.stock),
};

/**
 * With both filters, on a product that passes each: whether one variant in stock has both (read
 * only for products with variants of several colours).
 */
export function sameVariant({ sizes, colorKeys }: VariantFilter, c: ProductVariantColumns): SQL {
  if (!sizes || !colorKeys) return TRUE;
  const color = sql`(case when ${variant.color} <> '' then ${variant.color} else ${c.color} end)`;
  return sql`(cardinality(${c.colorsInStock}) = 0 or exists (select 1 from ${productVariants} where ${variant.productId} = ${c.productId} and ${variant.stock} > 0 and ${variant.size} = any(${textArray(sizes)}) and ${keyOf(color)} = any(${textArray(colorKeys)})))`;
}
