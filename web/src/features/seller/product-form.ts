import type { AddProductInput, ImageInput, UpdateProductInput } from '@vastra/contracts';
import { CATALOG_LIMITS, defaultHsnFor, HSN_RE, IMAGE_MAX_BYTES } from '@vastra/contracts/constants';
import type { Product } from '../../lib/types.ts';
import { belongsTo } from './categories.ts';
import { type Photo, photosOf } from './photos.ts';
import { type ChartState, chartOf, chartReady, EMPTY_CHART, toSizeChart } from './size-chart.ts';
import { EMPTY_GRID, type GridState, gridOf, gridReady, toVariants } from './variant-grid.ts';

/** What the add/edit product form holds: every input as typed. */
export interface ProductFormValues {
  productName: string;
  price: string;
  markPrice: string;
  stockQuantity: string;
  category: string;
  subCategory: string;
  color: string;
  brand: string;
  description: string;
  /** HSN code: picks the GST rate and is printed on invoices. */
  hsn: string;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  productName: '',
  price: '',
  markPrice: '',
  stockQuantity: '',
  category: '',
  subCategory: '',
  color: '',
  brand: '',
  description: '',
  hsn: '',
};

/** The upload limit in whole megabytes, as the form states it. */
export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

/** The form prefilled from a product (edit screen). */
export function valuesOf(p: Product): ProductFormValues {
  return {
    productName: p.productName,
    price: String(p.price),
    markPrice: p.markPrice == null ? '' : String(p.markPrice),
    stockQuantity: String(p.stockQuantity),
    category: p.category,
    subCategory: p.subCategory,
    color: p.color ?? '',
    brand: p.brand ?? '',
    description: p.description ?? '',
    hsn: p.hsn,
  };
}

/** HSN codes are typed with spaces at times ("6205 20"); the code is the digits. */
const compactHsn = (hsn: string) => hsn.replace(/\s+/g, '');

/**
 * The HSN code after the sub-category changes: it follows the sub-category's usual code while it
 * is that code (or empty), and stays as it is once the seller has typed another.
 */
export function hsnAfter(hsn: string, fromSubCategory: string, toSubCategory: string): string {
  const follows = hsn === '' || compactHsn(hsn) === defaultHsnFor(fromSubCategory);
  if (!follows) return hsn;
  return toSubCategory ? defaultHsnFor(toSubCategory) : '';
}

type FieldErrors = Partial<Record<keyof ProductFormValues, string>>;

/** With sizes ticked the grid holds stock and prices; without, the single fields do (one Free Size). */
export const usesGrid = (grid: GridState) => grid.sizes.length > 0;

/** Problems the browser can see before asking the server (empty fields are not errors yet). */
export function fieldErrors(v: ProductFormValues, grid: GridState = EMPTY_GRID): FieldErrors {
  const e: FieldErrors = {};
  if (v.description.length > CATALOG_LIMITS.description)
    e.description = `At most ${CATALOG_LIMITS.description.toLocaleString('en-IN')} characters`;
  if (v.subCategory && v.category && !belongsTo(v.subCategory, v.category))
    e.subCategory = /*i18n*/ 'Choose a type of this category';
  if (v.hsn !== '' && !HSN_RE.test(compactHsn(v.hsn))) e.hsn = /*i18n*/ 'HSN code must be 4 to 8 digits';
  if (usesGrid(grid)) return e;
  const price = Number(v.price);
  if (v.price !== '' && !(price > 0)) e.price = /*i18n*/ 'Price must be more than 0';
  else if (v.price !== '' && Math.abs(Math.round(price * 100) - price * 100) > 1e-6)
    e.price = /*i18n*/ 'Price can have at most 2 decimals';
  const stock = Number(v.stockQuantity);
  if (v.stockQuantity !== '' && !(Number.isInteger(stock) && stock >= 0))
    e.stockQuantity = /*i18n*/ 'Stock must be a whole number, 0 or more';
  if (v.markPrice !== '') {
    const mark = Number(v.markPrice);
    if (!(mark > 0)) e.markPrice = /*i18n*/ 'Marked price must be more than 0';
    else if (price > 0 && mark < price) e.markPrice = /*i18n*/ 'Marked price cannot be less than the price';
  }
  return e;
}

/**
 * SPEC §5: Submit stays disabled until productName, category and subCategory (and its HSN code)
 * are filled, a photo is chosen, price and stockQuantity are given (or every filled row of the size grid is complete),
 * and nothing is invalid.
 */
export function canSubmit(
  v: ProductFormValues,
  photoCount: number,
  grid: GridState = EMPTY_GRID,
  chart: ChartState = EMPTY_CHART,
): boolean {
  const stockAndPrice = usesGrid(grid)
    ? gridReady(grid) && chartReady(chart, grid.sizes)
    : [v.price, v.stockQuantity].every((x) => x.trim() !== '');
  const filled = [v.productName, v.category, v.subCategory, v.hsn].every((x) => x.trim() !== '');
  return filled && photoCount > 0 && stockAndPrice && Object.keys(fieldErrors(v, grid)).length === 0;
}

/** Fields both requests send. */
function common(v: ProductFormValues, grid: GridState, chart: ChartState) {
  const stock = usesGrid(grid)
    ? { variants: toVariants(grid), sizeChart: toSizeChart(chart, grid.sizes) }
    : {
        price: Number(v.price),
        stockQuantity: Number(v.stockQuantity),
        markPrice: v.markPrice === '' ? null : Number(v.markPrice),
      };
  return {
    productName: v.productName.trim(),
    category: v.category as AddProductInput['category'],
    subCategory: v.subCategory as AddProductInput['subCategory'],
    color: v.color.trim(),
    brand: v.brand.trim(),
    description: v.description.trim(),
    hsn: compactHsn(v.hsn),
    ...stock,
  };
}

/** The add-product body: the photos, and the size grid or the single price and stock (Free Size). */
export function toAddBody(
  v: ProductFormValues,
  images: ImageInput[],
  grid: GridState = EMPTY_GRID,
  chart: ChartState = EMPTY_CHART,
): AddProductInput {
  return { ...common(v, grid, chart), images };
}

/** The update body: every field, the whole gallery, and the whole grid when it is used. */
export function toUpdateBody(
  productId: string,
  v: ProductFormValues,
  images: ImageInput[],
  grid: GridState = EMPTY_GRID,
  chart: ChartState = EMPTY_CHART,
): UpdateProductInput {
  return { productId, ...common(v, grid, chart), images };
}

/** Everything the add/edit form holds. */
export interface ProductDraft {
  values: ProductFormValues;
  grid: GridState;
  chart: ChartState;
  photos: Photo[];
}

export const EMPTY_DRAFT: ProductDraft = {
  values: EMPTY_PRODUCT,
  grid: EMPTY_GRID,
  chart: EMPTY_CHART,
  photos: [],
};

/** The form prefilled from a product (edit screen). */
export const draftOf = (p: Product): ProductDraft => ({
  values: valuesOf(p),
  grid: gridOf(p),
  chart: chartOf(p.sizeChart),
  photos: photosOf(p),
});
