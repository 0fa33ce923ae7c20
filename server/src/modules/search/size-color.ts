import type { ProductSearchQuery, Size } from '@vastra/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { products, productVariants } from '../../db/schema.ts';
import { qualified } from '../../lib/qualified.ts';

/**
 * The size and colour filters, on a product and on the facets' groups (one home for the rule).
 * Sizes and colours live on the variants (issue "Clothing catalogue"); the products table keeps
 * `sizes_in_stock` and `colors_in_stock`, the sizes and colours of its variants in stock, for the
 * filters. A colour filter also matches the seller's free-text product colour, and a variant of no
 * colour of its own ('') has the product's colour.
 */

const TRUE = sql`true`;

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

const product = {
  id: qualified(products.id),
  color: qualified(products.color),
  sizesInStock: qualified(products.sizesInStock),
  colorsInStock: qualified(products.colorsInStock),
};

/** A variant's colour: its own, or the product's when it comes in the product's one colour (''). */
const variantColor = sql`(case when ${qualified(productVariants.color)} <> '' then ${qualified(productVariants.color)} else ${product.color} end)`;

/** The product's variants in stock (for a correlated subquery on `products`). */
const variantsInStock = sql`${productVariants} where ${qualified(productVariants.productId)} = ${product.id} and ${qualified(productVariants.stock)} > 0`;

/**
 * Whether the product's own colour or the colour of a variant in stock is one of `colorKeys`
 * (`colors_in_stock` holds the colours of the variants in stock).
 */
const hasColor = (colorKeys: string[]) =>
  sql`(${keyOf(product.color)} = any(${textArray(colorKeys)}) or exists (select 1 from unnest(${product.colorsInStock}) as c(color) where ${keyOf(sql`c.color`)} = any(${textArray(colorKeys)})))`;

/**
 * On a product: a size filter is a variant of one of the sizes in stock (`sizes_in_stock`, GIN
 * indexed); a colour filter is `hasColor`; both at once need ONE variant in stock with a size and a
 * colour asked for (M in Red and L in Blue is not an M in Blue).
 */
export function productSizeColor({ sizes, colorKeys }: VariantFilter): SQL {
  const sized = sizes ? sql`${product.sizesInStock} && ${textArray(sizes)}` : undefined;
  if (!colorKeys) return sized ?? TRUE;
  if (!sizes) return hasColor(colorKeys);
  return sql`(${sized} and exists (select 1 from ${variantsInStock} and ${qualified(productVariants.size)} = any(${textArray(sizes)}) and ${keyOf(variantColor)} = any(${textArray(colorKeys)})))`;
}

const NO_VALUES = sql`'{}'::text[]`;

/**
 * The sizes a product counts under in the size facet: its sizes in stock, or with a colour filter
 * those of its variants in stock in a colour asked for (the same-variant rule, as choosing the size
 * would apply it). Worked out only for products that have such a colour at all.
 */
export function facetSizes({ colorKeys }: VariantFilter): SQL {
  if (!colorKeys) return qualified(products.sizesInStock);
  return sql`(case when ${hasColor(colorKeys)} then array(select distinct ${qualified(productVariants.size)} from ${variantsInStock} and ${keyOf(variantColor)} = any(${textArray(colorKeys)}) order by 1) else ${NO_VALUES} end)`;
}

/**
 * The colours (as typed) a product counts under in the colour facet: its own colour (the "color"
 * column of the groups, see productColor) and those of its variants in stock, as the colour filter
 * matches them; or with a size filter the colours of its variants in stock in a size asked for (a
 * variant of no colour of its own has the product's), and not the product's own.
 */
export function facetColors({ sizes }: VariantFilter): SQL {
  if (!sizes) return qualified(products.colorsInStock);
  return sql`(case when ${qualified(products.sizesInStock)} && ${textArray(sizes)} then array(select distinct ${variantColor} from ${variantsInStock} and ${qualified(productVariants.size)} = any(${textArray(sizes)}) order by 1) else ${NO_VALUES} end)`;
}

/** The product's own colour in the colour facet; with a size filter only its variants' count. */
export const productColor = ({ sizes }: VariantFilter): SQL =>
  sizes ? sql`null::text` : qualified(products.color);

/** Every colour a group counts under (some may be the same colour spelt differently). */
export const groupColors = sql`array_prepend("color", "facet_colors")`;

/**
 * The size and colour filters over a group's lists: with a size filter, a size asked for among
 * the facet sizes (which already hold only variants of a colour asked for); with a colour filter
 * alone, a colour asked for among the group's colours.
 */
export function groupSizeColor({ sizes, colorKeys }: VariantFilter): SQL {
  if (sizes) return sql`"facet_sizes" && ${textArray(sizes)}`;
  if (colorKeys)
    return sql`exists (select 1 from unnest(${groupColors}) as c(color) where ${keyOf(sql`c.color`)} = any(${textArray(colorKeys)}))`;
  return TRUE;
}
