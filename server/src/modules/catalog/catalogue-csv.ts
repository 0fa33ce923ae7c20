import { randomUUID } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import {
  type AddProductData,
  addProductSchema,
  type CatalogueImportAnswer,
  defaultHsnFor,
  type GstMode,
  type ImportError,
} from '@vastra/contracts';
import { parse } from 'csv-parse';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { products, productVariants, type StoredImage } from '../../db/schema.ts';
import { csvFile, rupeesText } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeImage, type MediaStorage, makeRenditions, storeRenditions } from '../media/index.ts';
import { type PhotosZip, photoKey } from './catalogue-zip.ts';
import { coverColumns } from './gallery.ts';
import { mayPublish } from './seller-products.ts';
import { defaultSku } from './variants.ts';
import { bumpCatalogVersion } from './version.ts';

/**
 * The catalogue as a spreadsheet (issue 23): one row per size/colour, rows with the same `handle`
 * make one product. Photos are file names in the uploaded ZIP (or https URLs), `|`-separated.
 * A dry run checks everything and writes nothing; an import writes every product in one
 * transaction or none at all.
 */
export const CATALOGUE_COLUMNS = [
  'handle',
  'product_name',
  'category',
  'sub_category',
  'brand',
  'color',
  'description',
  'hsn',
  'size',
  'variant_color',
  'sku',
  'price',
  'mark_price',
  'stock',
  'photos',
] as const;
type Column = (typeof CATALOGUE_COLUMNS)[number];
type Row = Record<Column, string> & { line: number };

export const MAX_IMPORT_ROWS = 20_000;
/** A row is at most ~10 kB (a 5,000-character description, 8 photo URLs); a longer one is no catalogue. */
const MAX_ROW_CHARS = 64 * 1024;
const MAX_ERRORS = 500;
/** Product fields: given on the product's first row; a later row leaves them empty or repeats them. */
const PRODUCT_FIELDS = [
  'product_name',
  'category',
  'sub_category',
  'brand',
  'color',
  'description',
  'hsn',
] as const;

/** The zod path of a product field → the CSV column it came from. */
const PRODUCT_COLUMN: Record<string, Column> = {
  productName: 'product_name',
  category: 'category',
  subCategory: 'sub_category',
  brand: 'brand',
  color: 'color',
  description: 'description',
  hsn: 'hsn',
  images: 'photos',
};
const VARIANT_COLUMN: Record<string, Column> = {
  size: 'size',
  color: 'variant_color',
  sku: 'sku',
  stock: 'stock',
  price: 'price',
  mrp: 'mark_price',
};

export const TEMPLATE_ROWS: Record<Column, string>[] = [
  {
    handle: 'indigo-kurta',
    product_name: 'Indigo Cotton Kurta',
    category: 'Mens',
    sub_category: 'gentsShirt',
    brand: 'Das Weaves',
    color: 'Indigo',
    description: 'Hand-block printed cotton, regular fit.',
    hsn: '6205',
    size: 'M',
    variant_color: 'Indigo',
    sku: 'KURTA-IND-M',
    price: '899',
    mark_price: '1299',
    stock: '12',
    photos: 'indigo-kurta-front.jpg|indigo-kurta-back.jpg',
  },
  {
    handle: 'indigo-kurta',
    product_name: '',
    category: '',
    sub_category: '',
    brand: '',
    color: '',
    description: '',
    hsn: '',
    size: 'L',
    variant_color: 'Indigo',
    sku: 'KURTA-IND-L',
    price: '899',
    mark_price: '1299',
    stock: '8',
    photos: '',
  },
];

export function catalogueTemplateCsv() {
  return csvFile(
    CATALOGUE_COLUMNS,
    TEMPLATE_ROWS.map((r) => CATALOGUE_COLUMNS.map((c) => r[c])),
  );
}

interface ParsedProduct {
  handle: string;
  rows: Row[];
  data?: AddProductData;
  photos: string[];
}

export interface ImportPlan {
  rows: number;
  products: ParsedProduct[];
  errors: ImportError[];
}

class Errors {
  readonly list: ImportError[] = [];
  add(row: number, field: string, msg: string) {
    if (this.list.length < MAX_ERRORS) this.list.push({ row, field, msg, path: `rows.${row}.${field}` });
  }
}

/**
 * Reads the CSV as it streams in (csv-parse: quoting, BOM, CRLF) and checks every row: each error
 * names its row (the line number in the file, the header being 1) and its column.
 */
export async function readCatalogueCsv(csv: Readable): Promise<ImportPlan> {
  const errors = new Errors();
  const groups = new Map<string, ParsedProduct>();
  let rows = 0;
  // pipeline, not pipe: an upload stopped half way (too large) ends the parser too, with an error.
  const parser = pipeline(
    csv,
    parse({
      bom: true,
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim().toLowerCase());
        for (const c of ['handle', 'size', 'price', 'stock'] as const)
          if (!names.includes(c)) errors.add(1, c, `The header has no "${c}" column`);
        return names;
      },
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      max_record_size: MAX_ROW_CHARS,
      info: true,
    }),
    () => undefined,
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string | undefined>;
      info: { lines: number };
    }>) {
      rows++;
      if (rows > MAX_IMPORT_ROWS) {
        errors.add(info.lines, 'file', `At most ${MAX_IMPORT_ROWS} rows in one file`);
        break;
      }
      const cells = Object.fromEntries(CATALOGUE_COLUMNS.map((c) => [c, record[c] ?? '']));
      const row = { ...cells, line: info.lines } as Row;
      if (!row.handle) {
        errors.add(row.line, 'handle', 'Handle is required: rows with the same handle make one product');
        continue;
      }
      const group = groups.get(row.handle) ?? { handle: row.handle, rows: [], photos: [] };
      groups.set(row.handle, group);
      const first = group.rows[0];
      if (first)
        for (const f of PRODUCT_FIELDS)
          if (row[f] && row[f] !== first[f])
            errors.add(
              row.line,
              f,
              `Differs from the product's first row (line ${first.line}); leave it empty`,
            );
      group.rows.push(row);
    }
  } catch (err) {
    const tooLong = (err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE';
    errors.add(
      0,
      'file',
      tooLong
        ? `A row is longer than ${MAX_ROW_CHARS / 1024} KB: is this the catalogue CSV?`
        : `The CSV could not be read: ${(err as Error).message}`,
    );
    return { rows, products: [], errors: errors.list };
  }
  if (rows === 0 && errors.list.length === 0) errors.add(1, 'file', 'The CSV has no rows');
  return { rows, products: [...groups.values()], errors: errors.list };
}

/** Checks the products the rows make: the catalogue's own rules, the photos against the ZIP, SKUs. */
export async function checkCatalogue(
  db: DbOrTx,
  sellerId: string,
  read: ImportPlan,
  photos: PhotosZip | null,
): Promise<ImportPlan> {
  const errors = new Errors();
  errors.list.push(...read.errors);
  const named: NamedPhoto[] = [];
  for (const p of read.products) checkProduct(p, photos, named, errors);
  if (photos) await checkPhotos(photos, named, errors);
  await checkTakenSkus(db, sellerId, read.products, errors);
  errors.list.sort((a, b) => a.row - b.row);
  return { ...read, errors: errors.list };
}

const numberOrText = (s: string) => (s !== '' && Number.isFinite(Number(s)) ? Number(s) : s);

/** A photo of the ZIP named on a row. */
interface NamedPhoto {
  name: string;
  line: number;
}

function checkProduct(p: ParsedProduct, photos: PhotosZip | null, named: NamedPhoto[], errors: Errors) {
  const first = p.rows[0]!;
  for (const row of p.rows)
    for (const name of row.photos
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (/^https:\/\//i.test(name)) p.photos.push(name);
      else if (!photos) errors.add(row.line, 'photos', `${name}: upload the photos ZIP with the CSV`);
      else if (!photos.has(name)) errors.add(row.line, 'photos', `${name} is not in the ZIP`);
      else {
        p.photos.push(name);
        named.push({ name, line: row.line });
      }
    }
  const input = {
    productName: first.product_name,
    category: first.category,
    subCategory: first.sub_category,
    brand: first.brand || undefined,
    color: first.color || undefined,
    description: first.description || undefined,
    hsn: first.hsn || undefined,
    // Checked above; the schema needs a URL-shaped placeholder per photo.
    images: [...new Set(p.photos)].map((_, i) => ({ url: `https://import.invalid/${i}` })),
    variants: p.rows.map((r) => ({
      size: r.size,
      color: r.variant_color,
      sku: r.sku,
      stock: numberOrText(r.stock),
      price: numberOrText(r.price),
      mrp: r.mark_price === '' ? null : numberOrText(r.mark_price),
    })),
  };
  const parsed = addProductSchema.safeParse(input);
  if (parsed.success) {
    p.data = parsed.data;
    return;
  }
  for (const issue of parsed.error.issues) {
    const [head, index, field] = issue.path.map(String);
    if (head === 'variants' && index !== undefined) {
      const row = p.rows[Number(index)] ?? first;
      errors.add(row.line, VARIANT_COLUMN[field ?? ''] ?? 'size', issue.message);
    } else if (head === 'images') {
      // A photo already reported as missing or unreadable says enough.
      if (p.rows.some((r) => errors.list.some((e) => e.row === r.line && e.field === 'photos'))) continue;
      errors.add(
        first.line,
        'photos',
        issue.message === 'Add at least one photo' ? 'Name at least one photo' : issue.message,
      );
    } else errors.add(first.line, PRODUCT_COLUMN[head ?? ''] ?? head ?? 'file', issue.message);
  }
}

/**
 * Unpacks and decodes every photo the rows name, one at a time and each once, exactly as the import
 * will: a damaged photo is a problem on its rows in a dry run as in an import. Sizes that would
 * make a ZIP bomb refuse the whole upload before anything is unpacked.
 */
async function checkPhotos(photos: PhotosZip, named: NamedPhoto[], errors: Errors) {
  photos.checkSizes(named.map((n) => n.name));
  const byKey = new Map<string, NamedPhoto[]>();
  for (const n of named) byKey.set(photoKey(n.name), [...(byKey.get(photoKey(n.name)) ?? []), n]);
  for (const uses of byKey.values()) {
    const bytes = await photos.read(uses[0]!.name);
    try {
      await decodeImage(bytes);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      for (const { name, line } of uses) errors.add(line, 'photos', `${name}: ${err.message}`);
    }
  }
}

/** SKUs already used by the seller's other products, and SKUs given twice in the file. */
async function checkTakenSkus(db: DbOrTx, sellerId: string, list: ParsedProduct[], errors: Errors) {
  const seen = new Map<string, number>();
  const given: { sku: string; line: number }[] = [];
  for (const p of list)
    for (const r of p.rows) {
      if (!r.sku) continue;
      const before = seen.get(r.sku);
      if (before !== undefined && p.rows.every((x) => x.line !== before))
        errors.add(r.line, 'sku', `SKU ${r.sku} is also on line ${before}`);
      seen.set(r.sku, r.line);
      given.push({ sku: r.sku, line: r.line });
    }
  for (let i = 0; i < given.length; i += 1000) {
    const chunk = given.slice(i, i + 1000);
    const taken = await db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.sellerId, sellerId),
          inArray(
            productVariants.sku,
            chunk.map((g) => g.sku),
          ),
        ),
      );
    const takenSet = new Set(taken.map((t) => t.sku));
    for (const g of chunk)
      if (takenSet.has(g.sku))
        errors.add(g.line, 'sku', `SKU ${g.sku} is already used by another of your products`);
  }
}

const paise = (rupees: number) => Math.round(rupees * 100);

/**
 * Writes the planned products: photos first (each through the media pipeline's renditions, once
 * per file name), then every product and variant in one transaction. A failure anywhere writes no
 * product, and the photos stored for this import are deleted again.
 */
export async function runImport(
  db: Db,
  storage: MediaStorage,
  sellerId: string,
  plan: ImportPlan,
  photos: PhotosZip | null,
  gstMode: GstMode,
): Promise<number> {
  const stored = new Map<string, StoredImage>();
  try {
    for (const p of plan.products)
      for (const name of p.photos) {
        if (stored.has(name)) continue;
        if (/^https:\/\//i.test(name)) {
          stored.set(name, { url: name, publicId: '', alt: '' });
          continue;
        }
        const answer = await storeRenditions(storage, await makeRenditions(await photos!.read(name)));
        stored.set(name, { url: answer.secure_url, publicId: answer.public_id, alt: '' });
      }
    await db.transaction(async (tx) => {
      const hidden = !(await mayPublish(tx, sellerId, gstMode));
      const productRows: (typeof products.$inferInsert)[] = [];
      const variantRows: (typeof productVariants.$inferInsert)[] = [];
      for (const p of plan.products) {
        const data = p.data!;
        const id = randomUUID();
        const gallery = [...new Set(p.photos)].map((name) => ({
          ...stored.get(name)!,
          alt: data.productName,
        }));
        const variants = data.variants ?? [];
        productRows.push({
          id,
          sellerId,
          status: hidden ? 'unpublished' : 'active',
          name: data.productName,
          category: data.category,
          subCategory: data.subCategory,
          pricePaise: Math.min(...variants.map((v) => paise(v.price))),
          stock: 0,
          ...coverColumns(gallery),
          color: data.color,
          brand: data.brand,
          description: data.description ?? '',
          hsn: data.hsn ?? defaultHsnFor(data.subCategory),
        });
        for (const v of variants)
          variantRows.push({
            productId: id,
            sellerId,
            size: v.size,
            color: v.color,
            sku: v.sku ?? defaultSku(id, v.size, v.color),
            stock: v.stock,
            pricePaise: paise(v.price),
            mrpPaise: v.mrp == null ? null : paise(v.mrp),
          });
      }
      for (let i = 0; i < productRows.length; i += 500)
        await tx.insert(products).values(productRows.slice(i, i + 500));
      for (let i = 0; i < variantRows.length; i += 1000)
        await tx.insert(productVariants).values(variantRows.slice(i, i + 1000));
      await bumpCatalogVersion(tx);
    });
  } catch (err) {
    await Promise.all(
      [...stored.values()]
        .filter((s) => s.publicId)
        .map((s) => storage.deletePrefix(s.publicId).catch(() => undefined)),
    );
    throw err;
  }
  return plan.products.length;
}

/** The answer for a plan: `ok` when there is nothing to fix. */
export const answerOf = (plan: ImportPlan, dryRun: boolean): CatalogueImportAnswer => ({
  success: dryRun || plan.errors.length === 0,
  ...(!dryRun && plan.errors.length > 0
    ? {
        error: `Nothing was imported: ${plan.errors.length === 1 ? '1 problem' : `${plan.errors.length} problems`} to fix in the file`,
      }
    : {}),
  ok: plan.errors.length === 0,
  dryRun,
  rows: plan.rows,
  products: plan.products.length,
  errors: plan.errors,
});

/** `GET /api/seller/catalogue/export.csv`: the seller's products (not removed) in the import's columns. */
export async function exportCatalogueCsv(db: DbOrTx, sellerId: string): Promise<string> {
  const rows = await db
    .select({ product: products, variant: productVariants })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.sellerId, sellerId), ne(products.status, 'removed')))
    .orderBy(
      asc(products.createdAt),
      asc(products.id),
      asc(productVariants.size),
      asc(productVariants.color),
    );
  let last = '';
  const lines = rows.map(({ product: p, variant: v }) => {
    const first = p.id !== last;
    last = p.id;
    // A product's own columns on its first size only; its other sizes leave them empty.
    const own = (s: string | null) => (first ? s : '');
    return [
      p.id,
      own(p.name),
      own(p.category),
      own(p.subCategory),
      own(p.brand),
      own(p.color),
      own(p.description),
      own(p.hsn),
      v.size,
      v.color,
      v.sku,
      rupeesText(v.pricePaise),
      v.mrpPaise == null ? '' : rupeesText(v.mrpPaise),
      v.stock,
      first ? p.images.map((i) => i.url).join('|') : '',
    ];
  });
  return csvFile(CATALOGUE_COLUMNS, lines);
}
