import { randomUUID } from 'node:crypto';
import {
  type AddProductData,
  type Category,
  FREE_SIZE,
  type SubCategory,
  subCategoryMismatch,
  type UpdateProductData,
} from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { products, productVariants, sellers } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import type { MediaStorage } from '../media/index.ts';
import { type ProductImage, resolveProductImage } from '../media/index.ts';
import { releaseImageIfUnused } from './image-cleanup.ts';
import { type ApiProduct, productColumns, toApiProduct } from './product-view.ts';
import { bumpCatalogVersion } from './version.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';
/** Said by `update-product` when it left a multi-size product's stock and prices alone. */
export const SEVERAL_SIZES =
  'This product has several sizes: its stock and prices were left as they are. Change them per size in the size grid';

/** A SKU unique per seller when the seller gives none: product id's first 8 hex digits, size, colour. */
export function defaultSku(productId: string, size: string, color: string): string {
  const part = (t: string) => t.toUpperCase().replace(/[^A-Z0-9]+/g, '');
  return ['VA', productId.replace(/-/g, '').slice(0, 8).toUpperCase(), part(size), part(color)]
    .filter(Boolean)
    .join('-');
}

/** One of the seller's own products (not removed), with the company joined. */
export async function findOwnProduct(db: DbOrTx, sellerId: string, productId: string) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(eq(products.id, productId), eq(products.sellerId, sellerId), eq(products.status, 'active')))
    .limit(1);
  return row;
}

function checkMarkPrice(pricePaise: number, mrpPaise: number | null) {
  if (mrpPaise != null && mrpPaise < pricePaise)
    throw badRequest('Marked price cannot be less than the price', 'markPrice');
}

/** Adds a product for the seller; the image must already be uploaded (or be an https URL). */
export async function addProduct(
  db: Db,
  storage: MediaStorage,
  sellerId: string,
  input: AddProductData,
): Promise<ApiProduct> {
  const image = await resolveProductImage(storage, input.imageUrl, input.public_id);
  const pricePaise = rupeesToPaise(input.price);
  const mrpPaise = input.markPrice == null ? null : rupeesToPaise(input.markPrice);
  checkMarkPrice(pricePaise, mrpPaise);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        id: randomUUID(),
        sellerId,
        name: input.productName,
        category: input.category,
        subCategory: input.subCategory,
        pricePaise,
        mrpPaise,
        stock: input.stockQuantity,
        imageUrl: image.imageUrl,
        imageId: image.imageId,
        color: input.color,
        brand: input.brand,
        images: [{ url: image.imageUrl, publicId: image.imageId, alt: input.productName }],
      })
      .returning({ id: products.id });
    // The SPEC §7 payload makes one "Free Size" variant holding the stock and prices.
    await tx.insert(productVariants).values({
      productId: row!.id,
      sellerId,
      size: FREE_SIZE,
      color: '',
      sku: defaultSku(row!.id, FREE_SIZE, ''),
      stock: input.stockQuantity,
      pricePaise,
      mrpPaise,
    });
    await bumpCatalogVersion(tx);
    return row!.id;
  });
  const row = await findOwnProduct(db, sellerId, id);
  if (!row) throw new AppError('INTERNAL', 'The product vanished right after it was added');
  return toApiProduct(row);
}

/**
 * Changes any of the product's fields; only its seller may (another seller gets 404, as if it did
 * not exist). Without a new imageUrl the old image stays; a replaced image is deleted afterwards
 * unless something else still shows it.
 */
export async function updateProduct(
  db: Db,
  storage: MediaStorage,
  sellerId: string,
  input: UpdateProductData,
): Promise<{ product: ApiProduct; message: string | undefined }> {
  const { replacedImage, message } = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(products)
      .where(
        and(eq(products.id, input.productId), eq(products.sellerId, sellerId), eq(products.status, 'active')),
      )
      .for('update');
    if (!current) throw notFound(PRODUCT_NOT_FOUND);

    const category = (input.category ?? current.category) as Category;
    const subCategory = (input.subCategory ?? current.subCategory) as SubCategory;
    const mismatch = subCategoryMismatch(category, subCategory);
    if (mismatch) throw badRequest(mismatch, input.subCategory ? 'subCategory' : 'category');

    const pricePaise = input.price === undefined ? current.pricePaise : rupeesToPaise(input.price);
    const mrpPaise =
      input.markPrice === undefined
        ? current.mrpPaise
        : input.markPrice === null
          ? null
          : rupeesToPaise(input.markPrice);
    checkMarkPrice(pricePaise, mrpPaise);

    let image: ProductImage | undefined;
    if (input.imageUrl !== undefined && input.imageUrl !== current.imageUrl)
      image = await resolveProductImage(storage, input.imageUrl, input.public_id);

    const variants = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, current.id));
    let message: string | undefined;
    const stock = input.stockQuantity ?? current.stock;
    if (variants.length === 1) {
      // One size: the SPEC §7 fields are that variant's (the trigger copies them onto the product).
      await tx
        .update(productVariants)
        .set({ pricePaise, mrpPaise, stock, updatedAt: new Date() })
        .where(eq(productVariants.id, variants[0]!.id));
    } else if (
      stock !== current.stock ||
      pricePaise !== current.pricePaise ||
      mrpPaise !== current.mrpPaise
    ) {
      // Several sizes: one number cannot say which size it is for, so stock and prices stay as they are.
      message = SEVERAL_SIZES;
    }
    await tx
      .update(products)
      .set({
        name: input.productName ?? current.name,
        category,
        subCategory,
        ...(image
          ? {
              ...image,
              images: [
                { url: image.imageUrl, publicId: image.imageId, alt: current.name },
                ...current.images.slice(1),
              ],
            }
          : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        ...(input.brand !== undefined ? { brand: input.brand } : {}),
        updatedAt: new Date(),
      })
      .where(eq(products.id, current.id));
    await bumpCatalogVersion(tx);
    return {
      replacedImage: image ? { imageUrl: current.imageUrl, imageId: current.imageId } : undefined,
      message,
    };
  });
  if (replacedImage) await releaseImageIfUnused(db, storage, replacedImage);
  const row = await findOwnProduct(db, sellerId, input.productId);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return { product: toApiProduct(row), message };
}

/**
 * Marks a product `removed` (order items keep their snapshot and link) inside the caller's
 * transaction, bumping the catalogue version. `sellerId` limits it to that seller's products (the
 * admin passes none). Returns its image, or undefined when there was no such active product.
 */
export async function markProductRemoved(tx: DbOrTx, productId: string, sellerId?: string) {
  const [removed] = await tx
    .update(products)
    .set({ status: 'removed', updatedAt: new Date() })
    .where(
      and(
        eq(products.id, productId),
        sellerId ? eq(products.sellerId, sellerId) : undefined,
        eq(products.status, 'active'),
      ),
    )
    .returning({ imageUrl: products.imageUrl, imageId: products.imageId });
  if (removed) await bumpCatalogVersion(tx);
  return removed;
}

/** A product's status, removed ones included (undefined when there is no such product). */
export async function findProductStatus(db: DbOrTx, productId: string) {
  const [row] = await db.select({ status: products.status }).from(products).where(eq(products.id, productId));
  return row?.status;
}
