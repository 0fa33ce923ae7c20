import { randomUUID } from 'node:crypto';
import {
  type AddProductData,
  type Category,
  compareSizes,
  defaultHsnFor,
  type GstMode,
  type SizeChart,
  type SubCategory,
  sizeIssues,
  subCategoryMismatch,
  type UpdateProductData,
} from '@vastra/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { products, productVariants, type StoredImage, sellers } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import { type MediaStorage, resolveProductImage } from '../media/index.ts';
import { coverColumns, releaseDroppedImages, resolveGallery, withAlts } from './gallery.ts';
import { type ApiProduct, hsnOf, productColumns, REGULAR_PRICES, toApiProduct } from './product-view.ts';
import {
  cellsOf,
  checkSizes,
  explainGridConflict,
  freeSizeCell,
  type GridCell,
  insertGrid,
  replaceGrid,
} from './variants.ts';
import { bumpCatalogVersion } from './version.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';
/** Said by `update-product` when it left a multi-size product's stock and prices alone. */
export const SEVERAL_SIZES =
  'This product has several sizes: its stock and prices were left as they are. Change them per size in the size grid';

export { defaultSku } from './variants.ts';

/** One of the seller's own products (not removed), with the company joined. */
export async function findOwnProduct(db: DbOrTx, sellerId: string, productId: string) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(eq(products.id, productId), eq(products.sellerId, sellerId), ne(products.status, 'removed')))
    .limit(1);
  return row;
}

function checkMarkPrice(pricePaise: number, mrpPaise: number | null) {
  if (mrpPaise != null && mrpPaise < pricePaise)
    throw badRequest('Marked price cannot be less than the price', 'markPrice');
}

const paiseOrNull = (rupees: number | null | undefined) => (rupees == null ? null : rupeesToPaise(rupees));

/** The size chart as stored: rows in size order (null clears it). */
const storedChart = (chart: SizeChart | null) =>
  chart && { ...chart, rows: [...chart.rows].sort((a, b) => compareSizes(a.size, b.size)) };

/**
 * Adds a product for the seller in one transaction: its photos (already uploaded, or https URLs),
 * description, size chart and size grid. The SPEC §7 payload (price, stockQuantity, imageUrl) makes
 * one photo and one "Free Size" variant.
 */
export async function addProduct(
  db: Db,
  storage: MediaStorage,
  sellerId: string,
  input: AddProductData,
  gstMode: GstMode,
): Promise<{ product: ApiProduct; message?: string }> {
  const resolved = input.images
    ? await resolveGallery(storage, input.images)
    : await resolveGallery(storage, [{ url: input.imageUrl!, public_id: input.public_id }], () => 'imageUrl');
  const gallery = withAlts(resolved, input.productName);
  let cells: GridCell[];
  if (input.variants) cells = cellsOf(input.variants);
  else {
    const pricePaise = rupeesToPaise(input.price!);
    const mrpPaise = paiseOrNull(input.markPrice);
    checkMarkPrice(pricePaise, mrpPaise);
    cells = [freeSizeCell(input.stockQuantity!, pricePaise, mrpPaise)];
  }
  const id = randomUUID();
  let hidden = false;
  await db
    .transaction(async (tx) => {
      hidden = !(await mayPublish(tx, sellerId, gstMode));
      await tx.insert(products).values({
        id,
        sellerId,
        status: hidden ? 'unpublished' : 'active',
        name: input.productName,
        category: input.category,
        subCategory: input.subCategory,
        // Placeholders the variants trigger replaces with the grid's summary.
        pricePaise: Math.min(...cells.map((c) => c.pricePaise)),
        stock: 0,
        ...coverColumns(gallery),
        color: input.color,
        brand: input.brand,
        description: input.description ?? '',
        sizeChart: storedChart(input.sizeChart ?? null),
        hsn: input.hsn ?? defaultHsnFor(input.subCategory),
      });
      await insertGrid(tx, id, sellerId, cells);
      await bumpCatalogVersion(tx);
    })
    .catch(explainGridConflict);
  const row = await findOwnProduct(db, sellerId, id);
  if (!row) throw new AppError('INTERNAL', 'The product vanished right after it was added');
  return {
    product: toApiProduct(row, REGULAR_PRICES),
    ...(hidden ? { message: UNPUBLISHED_WITHOUT_GSTIN } : {}),
  };
}

export const UNPUBLISHED_WITHOUT_GSTIN =
  'Saved but not published: add your GSTIN in your profile and your products go on sale';

/** In `india` GST mode a seller publishes only with a GSTIN (DESIGN §11); `flat18` keeps SPEC's flow. */
export async function mayPublish(tx: DbOrTx, sellerId: string, gstMode: GstMode) {
  if (gstMode !== 'india') return true;
  const [seller] = await tx.select({ gstin: sellers.gstin }).from(sellers).where(eq(sellers.id, sellerId));
  return Boolean(seller?.gstin);
}

type Current = typeof products.$inferSelect;

/** The HSN code sent; else, when the sub-category changes, the new one's default replaces the old default. */
function nextHsn(current: Current, subCategory: string, sent: string | undefined) {
  if (sent !== undefined) return sent;
  const kept = hsnOf(current);
  return kept === defaultHsnFor(current.subCategory) ? defaultHsnFor(subCategory) : kept;
}

/**
 * The SPEC §7 fields on the variants: a single variant takes them; several keep theirs (one number
 * cannot say which size it is for) and the answer says so.
 */
async function applyLegacyStock(tx: Tx, current: Current, input: UpdateProductData) {
  const pricePaise = input.price === undefined ? current.pricePaise : rupeesToPaise(input.price);
  const mrpPaise = input.markPrice === undefined ? current.mrpPaise : paiseOrNull(input.markPrice);
  checkMarkPrice(pricePaise, mrpPaise);
  const variants = await tx
    .select({ id: productVariants.id, size: productVariants.size })
    .from(productVariants)
    .where(eq(productVariants.productId, current.id));
  if (input.subCategory && input.subCategory !== current.subCategory) {
    const [misfit] = sizeIssues(input.subCategory, variants, null);
    if (misfit) throw badRequest(`${misfit.message}; send the new sizes with it`, 'subCategory');
  }
  const stock = input.stockQuantity ?? current.stock;
  if (variants.length === 1) {
    await tx
      .update(productVariants)
      .set({ pricePaise, mrpPaise, stock, updatedAt: new Date() })
      .where(eq(productVariants.id, variants[0]!.id));
    return undefined;
  }
  const changed =
    stock !== current.stock || pricePaise !== current.pricePaise || mrpPaise !== current.mrpPaise;
  return changed ? SEVERAL_SIZES : undefined;
}

/**
 * Changes any of the product's fields; only its seller may (another seller gets 404, as if it did
 * not exist). `variants` replaces the size grid, `images` the gallery; without either the SPEC §7
 * fields apply (imageUrl replaces the cover). Photos no longer shown are deleted after the commit
 * unless something else still shows them.
 */
export async function updateProduct(
  db: Db,
  storage: MediaStorage,
  sellerId: string,
  input: UpdateProductData,
): Promise<{ product: ApiProduct; message: string | undefined }> {
  const newGallery = input.images && (await resolveGallery(storage, input.images));
  const newCover =
    !input.images && input.imageUrl !== undefined
      ? await resolveProductImage(storage, input.imageUrl, input.public_id)
      : undefined;
  const { before, after, message } = await db
    .transaction(async (tx) => {
      // Locked before its variants, as every stock writer does (no deadlock cycles).
      const [current] = await tx
        .select()
        .from(products)
        .where(
          and(
            eq(products.id, input.productId),
            eq(products.sellerId, sellerId),
            ne(products.status, 'removed'),
          ),
        )
        .for('no key update');
      if (!current) throw notFound(PRODUCT_NOT_FOUND);

      const category = (input.category ?? current.category) as Category;
      const subCategory = (input.subCategory ?? current.subCategory) as SubCategory;
      const mismatch = subCategoryMismatch(category, subCategory);
      if (mismatch) throw badRequest(mismatch, input.subCategory ? 'subCategory' : 'category');
      checkSizes(subCategory, input.variants, input.sizeChart);

      const name = input.productName ?? current.name;
      const shown: StoredImage[] =
        current.images.length > 0
          ? current.images
          : [{ url: current.imageUrl, publicId: current.imageId, alt: current.name }];
      let gallery: StoredImage[] | undefined;
      if (newGallery) gallery = withAlts(newGallery, name);
      else if (newCover && newCover.imageUrl !== current.imageUrl)
        gallery = [{ url: newCover.imageUrl, publicId: newCover.imageId, alt: name }, ...shown.slice(1)];

      let message: string | undefined;
      if (input.variants) await replaceGrid(tx, current.id, sellerId, cellsOf(input.variants));
      else message = await applyLegacyStock(tx, current, input);

      await tx
        .update(products)
        .set({
          name,
          category,
          subCategory,
          ...(gallery ? coverColumns(gallery) : {}),
          ...(input.color !== undefined ? { color: input.color } : {}),
          ...(input.brand !== undefined ? { brand: input.brand } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.sizeChart !== undefined ? { sizeChart: storedChart(input.sizeChart) } : {}),
          hsn: nextHsn(current, subCategory, input.hsn),
          updatedAt: new Date(),
        })
        .where(eq(products.id, current.id));
      await bumpCatalogVersion(tx);
      return { before: shown, after: gallery, message };
    })
    .catch(explainGridConflict);
  if (after) await releaseDroppedImages(db, storage, before, after);
  const row = await findOwnProduct(db, sellerId, input.productId);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return { product: toApiProduct(row, REGULAR_PRICES), message };
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
        ne(products.status, 'removed'),
      ),
    )
    .returning({ imageUrl: products.imageUrl, imageId: products.imageId, images: products.images });
  if (removed) await bumpCatalogVersion(tx);
  return removed;
}

/** A product's status, removed ones included (undefined when there is no such product). */
export async function findProductStatus(db: DbOrTx, productId: string) {
  const [row] = await db.select({ status: products.status }).from(products).where(eq(products.id, productId));
  return row?.status;
}
