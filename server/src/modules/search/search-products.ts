import { createHash } from 'node:crypto';
import {
  type ProductSearchAnswer,
  type ProductSearchQuery,
  productSchema,
  productSearchAnswerSchema,
  type SearchSort,
} from '@vastra/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import {
  isVisible,
  NO_SALE,
  type ProductRow,
  productColumns,
  publicView,
  type SaleView,
  toApiProduct,
} from '../catalog/index.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { type IndexQuery, keysOf, type SearchIndex, type TextMatches } from './memory-index.ts';
import type { ProductAnswer } from './product-json.ts';
import { textQuery } from './text-query.ts';
import { parseTsquery, type TsNode } from './tsquery.ts';
import { expansionsOf } from './typos.ts';

/** A search's answer as the route sends it: serialised as the answer schema serialises it, and its ETag. */
export interface SearchResult {
  total: number;
  json: Buffer;
  etag: string;
}

/** `GET /api/products` as an object (tests, callers that read it): see `runSearch`. */
export async function searchProducts(
  db: DbOrTx,
  index: SearchIndex,
  query: ProductSearchQuery,
  sales?: SaleView,
): Promise<ProductSearchAnswer> {
  const result = await runSearch(db, index, query, undefined, sales);
  return JSON.parse(result.json.toString()) as ProductSearchAnswer;
}

/** The sort a page is ordered and its cursor keyed by: relevance without text is newest. */
const keyedAs = (sort: SearchSort, text: boolean): SearchSort =>
  sort === 'relevance' && !text ? 'newest' : sort;

/**
 * The search text as PostgreSQL's tsqueries (matching, and relevance's): as printed, and parsed
 * when the index can match them itself (not a phrase, at least one lexeme). Kept a minute.
 */
interface ParsedText {
  printed: { match: string; rank: string };
  parsed?: { match: TsNode; rank: TsNode };
}
const TEXT_KEPT_MS = 60_000;
const TEXT_KEPT_MAX = 5_000;
const parsedTexts = new WeakMap<SearchIndex, Map<string, { at: number; parsed: ParsedText }>>();

/**
 * The text's tsqueries, built with synonyms and typos (text-query.ts, typos.ts) and printed by
 * PostgreSQL (one statement, with the typo lookup when a word needs it), parsed for the index.
 * Kept per text for a minute: the words of the catalogue a typo is corrected to change rarely.
 */
async function parsedText(db: DbOrTx, index: SearchIndex, q: string): Promise<ParsedText | undefined> {
  let kept = parsedTexts.get(index);
  if (!kept) {
    kept = new Map();
    parsedTexts.set(index, kept);
  }
  const now = Date.now();
  const hit = kept.get(q);
  if (hit && now - hit.at < TEXT_KEPT_MS) return hit.parsed;
  const text = textQuery(q, await expansionsOf(db, q));
  if (!text) return undefined;
  const result = await db.execute(sql`select (${text.match})::text as "m", (${text.rank})::text as "r"`);
  const [row] = (result as unknown as { rows: { m: string; r: string }[] }).rows;
  const match = parseTsquery(row!.m);
  const rank = parseTsquery(row!.r);
  const parsed: ParsedText = {
    printed: { match: row!.m, rank: row!.r },
    parsed: match && rank ? { match, rank } : undefined,
  };
  if (kept.size >= TEXT_KEPT_MAX) kept.clear();
  kept.set(q, { at: now, parsed });
  return parsed;
}

/**
 * Search's one fallback (ADR 012). The index matches a tsquery's words itself, but keeps no word
 * positions, so a phrase the shopper typed (`"slim fit"`) is matched by PostgreSQL: one statement
 * giving just the ids of the products whose words match (product_search holds the active ones),
 * and whether their name has every word (relevance's second tier). Everything else — sellers
 * shown, the filters, exact facets and total, the order and the page — still comes from the
 * index, which takes these ids as the text's matches. A text left with no lexeme (only stop words)
 * matches nothing, as in PostgreSQL, without asking.
 */
async function phraseMatches(db: DbOrTx, printed: ParsedText['printed']): Promise<TextMatches> {
  if (printed.match === '') return [];
  const result = await db.execute(
    sql`select product_id::text as "id", name_search @@ ${printed.rank}::tsquery as "named"
        from product_search where search @@ ${printed.match}::tsquery`,
  );
  return (result as unknown as { rows: TextMatches }).rows;
}

/** The text as the index matches it: parsed tsqueries, or the fallback's matches. */
async function textMatch(db: DbOrTx, index: SearchIndex, q: string): Promise<IndexQuery['text']> {
  const text = await parsedText(db, index, q);
  if (!text) return undefined;
  const typed = q.toLowerCase();
  return text.parsed ? { ...text.parsed, typed } : { matches: await phraseMatches(db, text.printed), typed };
}

/**
 * `GET /api/products`: one page of visible products matching the text and filters, with the exact
 * total and facet counts, answered by the catalogue in memory (memory-index.ts, ADR 012) once it
 * has caught up with every commit (waiting for its load at start-up): the matches, facets and the
 * page's order; then the page's products as JSON (kept, or read by id in one statement). The text
 * is turned into tsqueries by PostgreSQL (one statement, kept a minute per text); a phrase is
 * matched there too (`phraseMatches`, the one fallback). With a `cursor`, the page is the `limit`
 * results after it. Prices filter, count, sort and show as the viewer of `sales` pays them.
 */
export async function runSearch(
  db: DbOrTx,
  index: SearchIndex,
  query: ProductSearchQuery,
  /** The catalogue version the request was read at (the index need not catch up when it has seen it). */
  version?: number,
  /** The viewer and the sales open for them (none: an anonymous viewer now, with no sale open). */
  sales: SaleView = { view: publicView(), open: NO_SALE },
): Promise<SearchResult> {
  const hasText = query.q !== undefined && textQuery(query.q) !== undefined;
  const sort = keyedAs(query.sort ?? (hasText ? 'relevance' : 'newest'), hasText);
  // A bad cursor is refused before any work.
  const after = query.cursor ? decodeCursor(query.cursor, sort) : undefined;
  const [, text] = await Promise.all([
    index.catchUp(version),
    hasText ? textMatch(db, index, query.q!) : Promise.resolve(undefined),
  ]);
  const found = index.search({
    text,
    category: query.category,
    subCategory: query.subCategory,
    brandKeys: query.brand && keysOf(query.brand),
    minPaise: query.minPrice === undefined ? undefined : rupeesToPaise(query.minPrice),
    maxPaise: query.maxPrice === undefined ? undefined : rupeesToPaise(query.maxPrice),
    sizes: query.size,
    colorKeys: query.color && keysOf(query.color),
    inStock: query.inStock,
    open: sales.open,
    sort,
    limit: query.limit,
    skip: after ? 0 : (query.page - 1) * query.limit,
    after,
  });
  const items = await productsJson(
    db,
    index,
    found.rows.map((r) => r.id),
    sales,
  );
  const last = found.rows.at(-1);
  const { bytes: json, etag } = answerJson(items, {
    total: found.total,
    totalIsEstimate: false,
    page: query.page,
    limit: query.limit,
    nextCursor: last && found.rows.length === query.limit ? encodeCursor(sort, last.key) : null,
    facets: found.facets,
  });
  return { total: found.total, json, etag };
}

/** A product as the answer schema serialises it (fields in its order, nothing it does not list). */
export const productJson = (row: ProductRow, view = publicView()) =>
  JSON.stringify(productSchema.encode(toApiProduct(row, view)));

/**
 * The products of `ids` as JSON for this viewer, in that order: those kept in memory as they are,
 * the rest read in one statement and kept (a product hidden meanwhile is left out, as `rowsById`
 * leaves it out). A product on sale is kept per set of its events open (`answerKey`).
 */
async function productsJson(
  db: DbOrTx,
  index: SearchIndex,
  ids: string[],
  sales: SaleView,
): Promise<ProductAnswer[]> {
  const kept = index.productJson;
  const found = ids.map((id) => kept.get(id, index.answerKey(id, sales.open)));
  const missing = ids.filter((_, i) => found[i] === undefined);
  if (missing.length === 0) return found as ProductAnswer[];
  const read = await readAndKeep(db, index, missing, sales);
  const out: ProductAnswer[] = [];
  for (let i = 0; i < ids.length; i++) {
    const answer = found[i] ?? read.get(ids[i]!);
    if (answer !== undefined) out.push(answer);
  }
  return out;
}

/** The answers of these products read from the database (one statement) and kept. */
async function readAndKeep(
  db: DbOrTx,
  index: SearchIndex,
  ids: string[],
  { view, open }: SaleView,
): Promise<Map<string, ProductAnswer>> {
  const kept = index.productJson;
  const since = kept.begin();
  const read = new Map<string, ProductAnswer>();
  for (const row of await rowsById(db, ids)) {
    const key = index.answerKey(row.id, open);
    read.set(row.id, kept.put(row.id, row.sellerId, productJson(row, view), since, key));
  }
  return read;
}

/** Products read at a time while filling: a few milliseconds of the event loop each. */
const FILL_CHUNK = 200;

/**
 * Keeps the answers of the newest products, up to nine tenths of the memory allowed for them (the
 * rest for what searches bring in), read a few hundred at a time in the background after the index
 * loads: a cold search then reads no product from the database and serialises none (ADR 012).
 * Stops when `still()` turns false (the index reloaded or closed). Answers are made for an anonymous
 * viewer at the moment of each chunk (`anonymous`), as most searches are.
 */
export async function keepNewestAnswers(
  db: DbOrTx,
  index: SearchIndex,
  still: () => boolean,
  anonymous: () => Promise<SaleView> = async () => ({ view: publicView(), open: NO_SALE }),
): Promise<void> {
  const kept = index.productJson;
  const room = kept.maxBytes * 0.9;
  const ids = index.newestIds();
  for (let at = 0; at < ids.length && still(); at += FILL_CHUNK) {
    const { view, open } = await anonymous();
    const missing = ids.slice(at, at + FILL_CHUNK).filter((id) => !kept.has(id, index.answerKey(id, open)));
    if (missing.length === 0) continue;
    const since = kept.begin();
    // In order, newest first, while they fit: none pushes out a newer one.
    for (const row of await rowsById(db, missing)) {
      const json = productJson(row, view);
      if (kept.heldBytes + Buffer.byteLength(json) > room) return;
      kept.put(row.id, row.sellerId, json, since, index.answerKey(row.id, open));
    }
  }
}

const NO_ITEMS = '{"items":[]';
const ITEMS_OPEN = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/**
 * The answer's JSON, byte for byte what the route's answer schema serialises for it (the same
 * fields in the same order: the schema serialises everything but the items, whose JSON goes in
 * their place, first in the schema), without walking 48 products through the schema again: the
 * products' kept bytes are copied into one buffer. Its ETag hashes the products' own hashes and the
 * rest, not the 120 KB again: different bytes, different ETag, as strong as a hash of the bytes.
 */
export function answerJson(
  items: ProductAnswer[],
  rest: Omit<ProductSearchAnswer, 'items'>,
): { bytes: Buffer; etag: string } {
  const envelope = JSON.stringify(productSearchAnswerSchema.encode({ ...rest, items: [] }));
  if (!envelope.startsWith(NO_ITEMS)) throw new Error('the search answer schema no longer begins with items');
  const parts: Buffer[] = [ITEMS_OPEN];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(item.json);
  });
  const tail = Buffer.from(envelope.slice(NO_ITEMS.length - 1));
  parts.push(tail);
  const hash = createHash('sha1');
  for (const item of items) hash.update(item.digest);
  hash.update(tail);
  return { bytes: Buffer.concat(parts), etag: `"${hash.digest('base64url').slice(0, 22)}"` };
}

/**
 * The visible products of a list of ids: one named statement, built and planned once per database
 * handle and connection (building the product columns and planning them took about as long as
 * running them).
 */
function prepareRowsById(db: DbOrTx) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`, isVisible))
    .prepare('search_rows_by_id');
}
const rowsByIdQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareRowsById>>();

/** The products of `ids`, in that order (a product hidden meanwhile is left out). */
async function rowsById(db: DbOrTx, ids: string[]): Promise<ProductRow[]> {
  let query = rowsByIdQueries.get(db);
  if (!query) {
    query = prepareRowsById(db);
    rowsByIdQueries.set(db, query);
  }
  const rows = await query.execute({ ids });
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}
