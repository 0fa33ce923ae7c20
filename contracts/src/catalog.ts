import { z } from 'zod';
import { isoDateSchema } from './answers.ts';
import {
  CATEGORIES,
  type Category,
  PAGE_DEFAULT_LIMIT,
  PAGE_MAX_LIMIT,
  SUB_CATEGORIES,
  SUB_CATEGORY_LABEL,
  SUB_CATEGORY_PARENT,
  type SubCategory,
} from './catalog-constants.ts';
import { TEXT_LIMITS } from './form-rules.ts';
import { HSN_RE } from './gst-rates.ts';
import { CATALOG_LIMITS, SIZES, sizesFor } from './sizes.ts';
import { textField } from './text.ts';

export const productImageSchema = z.object({ url: z.string(), alt: z.string(), public_id: z.string() });
export type ProductImage = z.infer<typeof productImageSchema>;

/** One size (and colour) of a product with its own stock and price (rupees). */
export const variantSchema = z.object({
  _id: z.string(),
  size: z.string(),
  /** '' when the product comes in one colour. */
  color: z.string(),
  sku: z.string(),
  stock: z.int(),
  /** What a shopper pays now: the sale price while a sale is open for them (offers.ts), else `regularPrice`. */
  price: z.number(),
  mrp: z.number().nullable(),
  regularPrice: z.number(),
});
export type Variant = z.infer<typeof variantSchema>;

/** Measurements in centimetres, one row per size (the web converts to inches on request). */
export const sizeChartSchema = z.object({
  measurements: z.array(z.string()),
  rows: z.array(z.object({ size: z.string(), cm: z.array(z.number().nullable()) })),
});
export type SizeChart = z.infer<typeof sizeChartSchema>;

/** A sale open on a product: its event, when it ends, and whether it is open early for signed-in shoppers. */
export const productSaleSchema = z.object({
  eventId: z.string(),
  name: z.string(),
  startsAt: isoDateSchema,
  endsAt: isoDateSchema,
  earlyAccess: z.boolean(),
});
export type ProductSale = z.infer<typeof productSaleSchema>;

/** A product as every catalogue answer carries it (SPEC §3): `price` and `markPrice` in rupees. */
export const productSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  price: z.number(),
  /** Marked price shown struck through, rupees; null when the seller set none. */
  markPrice: z.number().nullable(),
  stockQuantity: z.int(),
  category: z.string(),
  subCategory: z.string(),
  /** Image URL: `/media/<public_id>/640.webp` for uploaded images (320 and 1280 sit beside it). */
  image: z.string(),
  public_id: z.string(),
  /** ISO timestamp of when the product was added. */
  date: isoDateSchema,
  /** Average star rating (2 decimals), 0 when unrated. */
  rating: z.number(),
  ratingCount: z.int(),
  color: z.string(),
  brand: z.string(),
  companyName: z.string(),
  sellerId: z.string(),
  /** The seller's description; '' when none (the web then shows its fixed text). */
  description: z.string(),
  /** 1–8 photos, the first is the cover (`image` is its URL). */
  images: z.array(productImageSchema),
  /** Every size/colour on sale, in size order; `stockQuantity` is their stock summed. */
  variants: z.array(variantSchema),
  /** The distinct sizes, in size order. */
  sizes: z.array(z.string()),
  sizeChart: sizeChartSchema.nullable(),
  /** HSN code: picks the GST rate in `india` mode, printed on invoices. */
  hsn: z.string(),
  /** The product's price without a sale (rupees); `price` is below it while a sale is open. */
  regularPrice: z.number(),
  /** The sale event `price` comes from, while one is open for this shopper; null otherwise. */
  sale: productSaleSchema.nullable(),
  /** Only in the seller's own lists: whether the product is on sale and, if not, why. */
  listing: z
    .object({ status: z.enum(['active', 'unpublished', 'hidden']), reason: z.string().nullable() })
    .optional(),
});
export type Product = z.infer<typeof productSchema>;

/** Every product list answer (SPEC §7 "array of products"): a bare array. */
export const productListSchema = z.array(productSchema);

/** Answer of `GET /api/seller/get-a-product/{id}` (SPEC §7): an array, first element the product. */
export const productInListSchema = z.tuple([productSchema]);

/** Answer of `POST /api/seller/add-product` (201) and `PUT /api/seller/update-product`. */
export const productAnswerSchema = z.object({
  success: z.literal(true),
  product: productSchema,
  /** Something the seller should know about the change (e.g. a multi-size product's stock left alone). */
  message: z.string().optional(),
});
export type ProductAnswer = z.infer<typeof productAnswerSchema>;

/** Widths (px) of the WebP renditions stored for every uploaded image. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
/** The rendition `secure_url` points at. */
export const IMAGE_DEFAULT_WIDTH = 640;

/** Answer of `POST /api/media/upload`, shaped like the image host the old client used. */
export const uploadAnswerSchema = z.object({
  /** Root-relative URL of the 640 px rendition, e.g. `/media/products/<uuid>/640.webp`. */
  secure_url: z.string(),
  public_id: z.string(),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

const PRICE_MAX_RUPEES = 1_000_000;
const STOCK_MAX = 1_000_000;

const wholeNumberish = z.union([z.number(), textField('Stock quantity').trim()]);

/**
 * Rupees as a number or a numeric string (old clients post form fields as strings): positive,
 * at most 2 decimals. Output stays rupees; the server converts to paise.
 */
export const rupees = (label: string) =>
  z
    .union([z.number(), textField(label).trim()], { error: `${label} is required` })
    .refine((v) => v !== '', `${label} is required`)
    .refine(
      (v) => (typeof v === 'number' ? Number.isFinite(v) : /^\d+(\.\d+)?$/.test(v)),
      `${label} must be a number`,
    )
    .transform((v) => Number(v))
    .refine((v) => v > 0, `${label} must be more than 0`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label} can have at most 2 decimals`)
    .refine((v) => v <= PRICE_MAX_RUPEES, `${label} must be at most Rs. 10,00,000`);

const stockSchema = wholeNumberish
  .refine((v) => v !== '', 'Stock quantity is required')
  .refine(
    (v) => (typeof v === 'number' ? Number.isInteger(v) : /^-?\d+$/.test(v)),
    'Stock quantity must be a whole number',
  )
  .transform((v) => Number(v))
  .refine((v) => v >= 0, 'Stock quantity cannot be negative')
  .refine((v) => v <= STOCK_MAX, 'Stock quantity must be at most 10,00,000');

const productNameSchema = textField('Product name')
  .trim()
  .min(TEXT_LIMITS.productName.min, `Product name must be at least ${TEXT_LIMITS.productName.min} characters`)
  .max(TEXT_LIMITS.productName.max, `Product name must be at most ${TEXT_LIMITS.productName.max} characters`);

const categorySchema = z.enum(CATEGORIES, { error: `Category must be one of ${CATEGORIES.join(', ')}` });
const subCategorySchema = z.enum(SUB_CATEGORIES as [SubCategory, ...SubCategory[]], {
  error: `Sub-category must be one of ${SUB_CATEGORIES.join(', ')}`,
});

/** Optional short text; empty means "none". */
const optionalLabel = (label: string, max: number) =>
  textField(label, `${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const imageUrlSchema = textField('Image')
  .trim()
  .min(1, 'Image is required')
  .max(500, 'Image URL is too long');

const publicIdSchema = textField('public_id').trim().max(200, 'public_id is too long').nullish();

/** Empty strings and null clear an optional marked price. */
const markPriceSchema = z
  .union([rupees('Marked price'), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' ? null : v));

/** The sub-category must belong to the category (SUB_CATEGORY_PARENT). */
export function subCategoryMismatch(category: Category, subCategory: SubCategory): string | undefined {
  return SUB_CATEGORY_PARENT[subCategory] === category
    ? undefined
    : `Sub-category ${subCategory} does not belong to category ${category}`;
}

const productIdSchema = textField('productId')
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'productId is not a valid id')
  .transform((v) => v.toLowerCase());

const descriptionSchema = textField('Description')
  .trim()
  .max(
    CATALOG_LIMITS.description,
    `Description must be at most ${CATALOG_LIMITS.description.toLocaleString('en-IN')} characters`,
  );

/** One photo of the gallery: an uploaded rendition URL (or https URL), its id, and alt text. */
export const imageInputSchema = z.object({
  url: imageUrlSchema,
  public_id: publicIdSchema,
  alt: textField('Alt text', 'Alt text must be text')
    .trim()
    .max(CATALOG_LIMITS.imageAlt, `Alt text must be at most ${CATALOG_LIMITS.imageAlt} characters`)
    .nullish()
    .transform((v) => v ?? ''),
});
export type ImageInput = z.input<typeof imageInputSchema>;

const imagesSchema = z
  .array(imageInputSchema, { error: 'images must be a list of photos' })
  .min(1, 'Add at least one photo')
  .max(CATALOG_LIMITS.images, `At most ${CATALOG_LIMITS.images} photos`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((img, i) => {
      if (seen.has(img.url))
        ctx.addIssue({ code: 'custom', message: 'This photo is already in the gallery', path: [i, 'url'] });
      seen.add(img.url);
    });
  });

/** One size (and colour) as the seller sends it: `_id` for an existing one, none for a new one. */
export const variantInputSchema = z
  .object({
    _id: productIdSchema.optional(),
    size: textField('Size').trim().min(1, 'Size is required').max(20, 'Size is not valid'),
    color: textField('Colour', 'Colour must be text')
      .trim()
      .max(CATALOG_LIMITS.color, `Colour must be at most ${CATALOG_LIMITS.color} characters`)
      .nullish()
      .transform((v) => v ?? ''),
    /** Empty or absent: the server makes one (VA-<product>-<size>-<colour>). */
    sku: textField('SKU', 'SKU must be text')
      .trim()
      .max(CATALOG_LIMITS.sku, `SKU must be at most ${CATALOG_LIMITS.sku} characters`)
      .regex(/^[A-Za-z0-9._/-]*$/, 'SKU may use only letters, digits and . _ / -')
      .nullish()
      .transform((v) => (v ? v : undefined)),
    stock: stockSchema,
    price: rupees('Price'),
    mrp: z
      .union([rupees('MRP'), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v === '' || v === undefined ? null : v)),
  })
  .superRefine((v, ctx) => {
    if (v.mrp != null && typeof v.price === 'number' && v.mrp < v.price)
      ctx.addIssue({ code: 'custom', message: 'MRP cannot be less than the price', path: ['mrp'] });
  });
export type VariantInput = z.input<typeof variantInputSchema>;
export type VariantData = z.output<typeof variantInputSchema>;

/** The whole grid of sizes × colours: each (size, colour) once, each SKU once. */
const variantsSchema = z
  .array(variantInputSchema, { error: 'variants must be a list of sizes' })
  .min(1, 'Add at least one size')
  .max(CATALOG_LIMITS.variants, `At most ${CATALOG_LIMITS.variants} sizes and colours`)
  .superRefine((list, ctx) => {
    const cells = new Set<string>();
    const skus = new Set<string>();
    const ids = new Set<string>();
    list.forEach((v, i) => {
      const cell = `${v.size}\u0000${String(v.color ?? '').toLowerCase()}`;
      if (cells.has(cell))
        ctx.addIssue({
          code: 'custom',
          message: `Size ${v.size}${v.color ? ` in ${v.color}` : ''} is listed twice`,
          path: [i, 'size'],
        });
      cells.add(cell);
      if (v.sku && skus.has(v.sku))
        ctx.addIssue({ code: 'custom', message: `SKU ${v.sku} is used twice`, path: [i, 'sku'] });
      if (v.sku) skus.add(v.sku);
      if (v._id && ids.has(v._id))
        ctx.addIssue({ code: 'custom', message: 'This size is listed twice', path: [i, '_id'] });
      if (v._id) ids.add(v._id);
    });
  });

const MEASUREMENT_MAX_CM = 500;

/** A size chart as the seller sends it: null clears it. */
export const sizeChartInputSchema = z
  .object({
    measurements: z
      .array(
        textField('Measurement')
          .trim()
          .min(1, 'Name the measurement (e.g. Chest)')
          .max(
            CATALOG_LIMITS.measurementName,
            `A measurement name must be at most ${CATALOG_LIMITS.measurementName} characters`,
          ),
      )
      .min(1, 'Add at least one measurement')
      .max(
        CATALOG_LIMITS.sizeChartMeasurements,
        `At most ${CATALOG_LIMITS.sizeChartMeasurements} measurements`,
      ),
    rows: z
      .array(
        z.object({
          size: textField('Size').trim().min(1, 'Size is required'),
          cm: z.array(
            z
              .number({ error: 'Centimetres must be a number' })
              .min(0, 'Centimetres cannot be negative')
              .max(MEASUREMENT_MAX_CM, `Centimetres must be at most ${MEASUREMENT_MAX_CM}`)
              .nullable(),
          ),
        }),
      )
      .min(1, 'Add at least one size to the chart')
      .max(SIZES.length, 'Too many sizes in the chart'),
  })
  .superRefine((chart, ctx) => {
    const seen = new Set<string>();
    chart.rows.forEach((row, i) => {
      if (row.cm.length !== chart.measurements.length)
        ctx.addIssue({
          code: 'custom',
          message: `Give one value (or none) per measurement: ${chart.measurements.length}`,
          path: ['rows', i, 'cm'],
        });
      if (seen.has(row.size))
        ctx.addIssue({
          code: 'custom',
          message: `Size ${row.size} is in the chart twice`,
          path: ['rows', i, 'size'],
        });
      seen.add(row.size);
    });
  })
  .nullable();
export type SizeChartInput = z.input<typeof sizeChartInputSchema>;

/**
 * Refuses sizes outside the sub-category's set (`sizesFor`), naming the field (`variants.2.size`).
 * Exported for the server, which checks an update against the stored sub-category.
 */
export function sizeIssues(
  subCategory: string,
  variants: readonly { size: string }[] | undefined,
  chart: { rows: readonly { size: string }[] } | null | undefined,
): { message: string; path: (string | number)[] }[] {
  if (!(SUB_CATEGORIES as readonly string[]).includes(subCategory)) return [];
  const allowed = sizesFor(subCategory as SubCategory);
  const label = SUB_CATEGORY_LABEL[subCategory as SubCategory];
  const wrong = (size: string) =>
    `Size ${size} is not offered for ${label} (choose from ${allowed.join(', ')})`;
  return [
    ...(variants ?? []).flatMap((v, i) =>
      allowed.includes(v.size) ? [] : [{ message: wrong(v.size), path: ['variants', i, 'size'] }],
    ),
    ...(chart?.rows ?? []).flatMap((r, i) =>
      allowed.includes(r.size) ? [] : [{ message: wrong(r.size), path: ['sizeChart', 'rows', i, 'size'] }],
    ),
  ];
}

/**
 * `POST /api/seller/add-product`: SPEC §7 (one "Free Size" variant from price, stockQuantity and
 * markPrice) plus optional color, brand, description, a photo gallery (`images`, then imageUrl is
 * not needed), a size chart and a size grid (`variants`, then price and stockQuantity are not needed
 * and are ignored).
 */
/** HSN code: 4–8 digits (spaces ignored). */
const hsnSchema = textField('HSN code')
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => HSN_RE.test(v), 'HSN code must be 4 to 8 digits');

export const addProductSchema = z
  .object({
    productName: productNameSchema,
    price: rupees('Price').optional(),
    stockQuantity: stockSchema.optional(),
    category: categorySchema,
    subCategory: subCategorySchema,
    imageUrl: imageUrlSchema.optional(),
    public_id: publicIdSchema,
    color: optionalLabel('Color', 40),
    brand: optionalLabel('Brand', 60),
    markPrice: markPriceSchema,
    description: descriptionSchema.optional(),
    images: imagesSchema.optional(),
    sizeChart: sizeChartInputSchema.optional(),
    variants: variantsSchema.optional(),
    /** Defaults to the sub-category's (DEFAULT_HSN_BY_SUB_CATEGORY). */
    hsn: hsnSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const mismatch = subCategoryMismatch(v.category, v.subCategory);
    if (mismatch) ctx.addIssue({ code: 'custom', message: mismatch, path: ['subCategory'] });
    if (!v.variants) {
      if (v.price === undefined)
        ctx.addIssue({ code: 'custom', message: 'Price is required', path: ['price'] });
      if (v.stockQuantity === undefined)
        ctx.addIssue({ code: 'custom', message: 'Stock quantity is required', path: ['stockQuantity'] });
    }
    if (!v.images && v.imageUrl === undefined)
      ctx.addIssue({ code: 'custom', message: 'Image is required', path: ['imageUrl'] });
    for (const issue of sizeIssues(v.subCategory, v.variants, v.sizeChart))
      ctx.addIssue({ code: 'custom', ...issue });
  });
export type AddProductInput = z.input<typeof addProductSchema>;
export type AddProductData = z.output<typeof addProductSchema>;

/**
 * `PUT /api/seller/update-product`: productId plus any fields to change. Without imageUrl the old
 * image stays (the old client always uploads first, newer ones may not). Category consistency is
 * checked by the server against the stored values for fields not sent. `variants` is the whole new
 * grid (entries with `_id` change that size, others are added, sizes left out are deleted); with it,
 * price, stockQuantity and markPrice are ignored. `images` replaces the whole gallery.
 */
export const updateProductSchema = z
  .object({
    productId: productIdSchema,
    productName: productNameSchema.optional(),
    price: rupees('Price').optional(),
    stockQuantity: stockSchema.optional(),
    category: categorySchema.optional(),
    subCategory: subCategorySchema.optional(),
    /** Absent, empty or null: keep the current image. */
    imageUrl: z
      .union([z.literal(''), z.null(), imageUrlSchema])
      .optional()
      .transform((v) => (v ? v : undefined)),
    public_id: publicIdSchema,
    color: optionalLabel('Color', 40).optional(),
    brand: optionalLabel('Brand', 60).optional(),
    markPrice: markPriceSchema,
    description: descriptionSchema.optional(),
    images: imagesSchema.optional(),
    sizeChart: sizeChartInputSchema.optional(),
    variants: variantsSchema.optional(),
    /** Defaults to the sub-category's (DEFAULT_HSN_BY_SUB_CATEGORY). */
    hsn: hsnSchema.optional(),
  })
  .superRefine((v, ctx) => {
    // Without a new sub-category the server checks sizes against the stored one.
    if (v.subCategory)
      for (const issue of sizeIssues(v.subCategory, v.variants, v.sizeChart))
        ctx.addIssue({ code: 'custom', ...issue });
  });
export type UpdateProductInput = z.input<typeof updateProductSchema>;
export type UpdateProductData = z.output<typeof updateProductSchema>;

/** `DELETE /api/seller/delete-product`: productId in the body (SPEC) or the query string. */
export const deleteProductSchema = z.object({ productId: productIdSchema });

const pageNumberSchema = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(1_000_000, 'page is too large');
const pageLimitSchema = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be 1 or more')
  .max(PAGE_MAX_LIMIT, `limit must be at most ${PAGE_MAX_LIMIT}`);

/** `page` (1-based) and `limit` (default 48, max 200) of every paginated list (DESIGN §7). */
export const pageQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  limit: pageLimitSchema.default(PAGE_DEFAULT_LIMIT),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/**
 * The query of a SPEC §7 list call. The original client sends neither `page` nor `limit` and cannot
 * page, so without both the server answers the whole list (up to its `LEGACY_LIST_LIMIT`); with
 * either, a page like every other list (the same rules and messages as `pageQuerySchema`).
 */
export const legacyListQuerySchema = z.object({
  page: pageNumberSchema.optional(),
  limit: pageLimitSchema.optional(),
});
export type LegacyListQuery = z.output<typeof legacyListQuerySchema>;

/** The public list endpoints of SPEC §7 and the filter each one applies. */
export const LISTING_FILTERS = {
  'get-all-Products': {},
  'get-mens-all-Products': { category: 'Mens' },
  'get-womens-all-Products': { category: 'Womens' },
  'get-kids-all-Products': { category: 'Kids' },
  'get-mens-shirts': { subCategory: 'gentsShirt' },
  'get-mens-pants': { subCategory: 'gentsPant' },
  'get-mens-hoodies': { subCategory: 'gentsHoody' },
  'get-womens-tops': { subCategory: 'girlsTop' },
  'get-womens-pants': { subCategory: 'LadiesPant' },
  'get-womens-dresses': { subCategory: 'LadiesDress' },
} as const satisfies Record<string, { category?: Category; subCategory?: SubCategory }>;

/** At most this many featured products (the landing carousel's 7 cards). */
export const FEATURED_LIMIT = 7;
