import type { AddProductInput, UpdateProductInput } from '@vastra/contracts';
import { IMAGE_MAX_BYTES } from '@vastra/contracts/constants';
import type { Product } from '../../lib/types.ts';
import { belongsTo } from './categories.ts';

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
  };
}

type FieldErrors = Partial<Record<keyof ProductFormValues, string>>;

/** Problems the browser can see before asking the server (empty fields are not errors yet). */
export function fieldErrors(v: ProductFormValues): FieldErrors {
  const e: FieldErrors = {};
  const price = Number(v.price);
  if (v.price !== '' && !(price > 0)) e.price = 'Price must be more than 0';
  else if (v.price !== '' && Math.abs(Math.round(price * 100) - price * 100) > 1e-6)
    e.price = 'Price can have at most 2 decimals';
  const stock = Number(v.stockQuantity);
  if (v.stockQuantity !== '' && !(Number.isInteger(stock) && stock >= 0))
    e.stockQuantity = 'Stock must be a whole number, 0 or more';
  if (v.markPrice !== '') {
    const mark = Number(v.markPrice);
    if (!(mark > 0)) e.markPrice = 'Marked price must be more than 0';
    else if (price > 0 && mark < price) e.markPrice = 'Marked price cannot be less than the price';
  }
  if (v.subCategory && v.category && !belongsTo(v.subCategory, v.category))
    e.subCategory = 'Choose a type of this category';
  return e;
}

/**
 * SPEC §5: Submit stays disabled until productName, price, stockQuantity, category and
 * subCategory are filled and an image is chosen (when one is required), and nothing is invalid.
 */
export function canSubmit(v: ProductFormValues, hasImage: boolean, imageRequired: boolean): boolean {
  const filled = [v.productName, v.price, v.stockQuantity, v.category, v.subCategory].every(
    (x) => x.trim() !== '',
  );
  return filled && (hasImage || !imageRequired) && Object.keys(fieldErrors(v)).length === 0;
}

/** The add-product body (SPEC §7 plus color, brand and an optional marked price). */
export function toAddBody(
  v: ProductFormValues,
  image: { imageUrl: string; public_id: string },
): AddProductInput {
  return {
    productName: v.productName.trim(),
    price: Number(v.price),
    stockQuantity: Number(v.stockQuantity),
    category: v.category as AddProductInput['category'],
    subCategory: v.subCategory as AddProductInput['subCategory'],
    color: v.color.trim(),
    brand: v.brand.trim(),
    markPrice: v.markPrice === '' ? null : Number(v.markPrice),
    ...image,
  };
}

/** The update body: every field, and the image only when a new one was uploaded (else the old stays). */
export function toUpdateBody(
  productId: string,
  v: ProductFormValues,
  image: { imageUrl: string; public_id: string } | null,
): UpdateProductInput {
  const { imageUrl: _u, public_id: _p, ...fields } = toAddBody(v, { imageUrl: '', public_id: '' });
  return { productId, ...fields, ...(image ?? {}) };
}
