import {
  compareSizes,
  type FacetValue,
  PRICE_BANDS,
  type SearchFacets,
  type SearchSort,
} from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import { NO_SALE, type OpenSales } from '../catalog/index.ts';
import type { SortKey } from './cursor.ts';
import { ProductJsonCache } from './product-json.ts';
import { SalePrices, type SaleRow } from './sale-prices.ts';
import type { TsNode } from './tsquery.ts';

/**
 * The catalogue's search fields in this process's memory (ADR 012): every cold search and browse
 * is answered here — matches, exact facet counts, the page's order — and only the page's own rows
 * are read from the database. A search no longer costs reads proportional to its matches in
 * PostgreSQL (a common word is a sixth of the catalogue): it costs one pass over the matches in
 * typed arrays, about 1 ms per 100,000 products.
 *
 * What it holds per product is product_search's row (kept by a trigger, db/functions/), and the
 * text as the lexemes PostgreSQL stored for it (`search`, and `name_search` for relevance), each
 * word pointing to its products. The database still does all the language work: the shopper's text
 * is turned into a tsquery by PostgreSQL (stemming, stop words, synonyms, typos: text-query.ts)
 * and matched here against the lexemes it stored, so both agree on what a word is.
 *
 * Every search is answered here. What the index cannot do itself is one thing: a phrase the
 * shopper typed needs word positions, which it does not keep, so PostgreSQL gives the ids of the
 * products whose words match (search-products.ts, `phraseMatches`) and the index takes them as
 * the text's matches.
 *
 * Size and colour are on the variants. Per product the index keeps the sizes in stock and the
 * colour keys (the seller's product colour and the colours of variants in stock, case and spaces
 * ignored); a size filter matches a size in stock, a colour filter one of those colours, and both
 * together need ONE variant in stock with a size and a colour asked for (M in Red and L in Blue is
 * not an M in Blue): the (size, colour) pairs of a product of several colours are kept for it (a
 * variant of no colour of its own has the product's). The size and colour facets each ignore that
 * rule with their own filter.
 *
 * Fresh: each search first catches up (one statement, shared by the searches that arrive while it
 * runs): the products whose search rows changed in transactions not complete at the previous
 * catch-up (search_changes, db/functions/) are read again; a changed product gets a new slot and
 * its old one is marked dead, so the word lists only grow and are rebuilt (reloaded whole, in the
 * background) when too many slots are dead. Sellers not active are read each time. A search
 * arriving after a commit therefore sees it, in every process.
 */

const BAND_STARTS = PRICE_BANDS.slice(1).map((b) => rupeesToPaise(b.min));
const bandOf = (paise: number) => {
  for (let i = 0; i < BAND_STARTS.length; i++) if (paise < BAND_STARTS[i]!) return i;
  return BAND_STARTS.length;
};

/** PostgreSQL's trim(): spaces only. */
const trimSpaces = (s: string) => s.replace(/^ +| +$/g, '');

/** Colour and brand are free text typed by sellers: a filter's values compared case- and space-insensitively. */
export const keysOf = (values: string[]) => [...new Set(values.map((v) => v.trim().toLowerCase()))];

/** Strings to small numbers. */
class Dictionary {
  private codes = new Map<string, number>();
  readonly values: string[] = [];
  code(value: string): number {
    let c = this.codes.get(value);
    if (c === undefined) {
      c = this.values.length;
      this.codes.set(value, c);
      this.values.push(value);
    }
    return c;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
  get size() {
    return this.values.length;
  }
}

/** A growing list of slots. */
class Postings {
  ids = new Int32Array(4);
  length = 0;
  push(slot: number) {
    if (this.length === this.ids.length) {
      const more = new Int32Array(this.ids.length * 2);
      more.set(this.ids);
      this.ids = more;
    }
    this.ids[this.length++] = slot;
  }
}

/** Lexemes and the slots of the products that have them. */
class Lexicon {
  private lists = new Map<string, Postings>();
  private sorted: string[] | undefined;
  add(lexeme: string, slot: number) {
    let p = this.lists.get(lexeme);
    if (!p) {
      p = new Postings();
      this.lists.set(lexeme, p);
      this.sorted = undefined;
    }
    p.push(slot);
  }
  /** The lists of `lexeme`, or of every lexeme it begins. */
  lookup(lexeme: string, prefix: boolean): Postings[] {
    if (!prefix) {
      const p = this.lists.get(lexeme);
      return p ? [p] : [];
    }
    this.sorted ??= [...this.lists.keys()].sort();
    const words = this.sorted;
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (words[mid]! < lexeme) lo = mid + 1;
      else hi = mid;
    }
    const found: Postings[] = [];
    for (let i = lo; i < words.length && words[i]!.startsWith(lexeme); i++)
      found.push(this.lists.get(words[i]!)!);
    return found;
  }
}

/** The lexemes of a tsvector as PostgreSQL prints it: `'cotton':3 'shirt':2,5A`. */
const LEXEME = /'((?:[^'\\]|''|\\.)*)'/g;
export function lexemesOf(tsvector: string): string[] {
  const found: string[] = [];
  for (const m of tsvector.matchAll(LEXEME)) found.push(m[1]!.replace(/''/g, "'").replace(/\\(.)/g, '$1'));
  return found;
}

/** A timestamp as the cursor holds it (UTC, microseconds) in microseconds since 1970. */
export function micros(text: string): number {
  return Date.parse(`${text.slice(0, 23)}Z`) * 1000 + Number(text.slice(23, 26));
}

/**
 * A bit set over the slots per code of one column (a category, a size, a price band): the slots
 * that had that value when added. A changed or removed product leaves its old slot's bits set; the
 * slot is dead, and a search checks `alive` anyway.
 */
class BitSets {
  private sets: (Uint32Array | undefined)[] = [];
  private words = 0;

  add(code: number, slot: number) {
    let bits = this.sets[code];
    if (!bits) {
      bits = new Uint32Array(this.words);
      this.sets[code] = bits;
    }
    bits[slot >>> 5]! |= 1 << (slot & 31);
  }

  /** The slots with `code` (undefined: none ever had it). */
  of(code: number): Uint32Array | undefined {
    return this.sets[code];
  }

  /** Room for `words` × 32 slots. */
  grow(words: number) {
    this.words = words;
    this.sets = this.sets.map((old) => {
      if (!old) return old;
      const bits = new Uint32Array(words);
      bits.set(old);
      return bits;
    });
  }
}

/** product_search's row as the index reads it. */
interface Row {
  id: string;
  seller_id: string;
  name_key: string;
  category: string;
  sub_category: string;
  brand: string | null;
  color: string | null;
  price_paise: number;
  in_stock: boolean;
  sizes_in_stock: string[];
  colors_in_stock: string[];
  /** The (size, colour) of each variant in stock, for a product of several colours only (else null). */
  pairs: [string, string | null][] | null;
  /** Its sizes with their sale prices in events not ended, when it has any (sale-prices.ts). */
  sales: SaleRow;
  rating_avg: number;
  rating_count: number;
  created: string;
  search: string;
  name_search: string;
}

/** A product's sizes with their sale prices in events not ended (sale-prices.ts `SaleRow`). */
const SIZES_WITH_SALES = `(
    select json_agg(json_build_array(v.price_paise, v.stock > 0, (
      select json_agg(json_build_array(sp.event_id::text, sp.sale_price_paise))
      from sale_prices sp join sale_events e on e.id = sp.event_id
      where sp.variant_id = v.id and e.ends_at > now())))
    from product_variants v where v.product_id = product_search.product_id)`;

/**
 * Which products have sale prices, in events not ended: a whole load asks once per statement
 * (a hashed set of the sale prices' products: nothing to build when no sale runs); a catch-up's few
 * rows each look through their own sizes, not through every sale price.
 */
const SALES = {
  whole: `case when product_search.product_id in (
    select sp.product_id from sale_prices sp join sale_events e on e.id = sp.event_id where e.ends_at > now()
  ) then ${SIZES_WITH_SALES} end as sales`,
  few: `case when exists (
    select 1 from product_variants v join sale_prices sp on sp.variant_id = v.id
    join sale_events e on e.id = sp.event_id
    where v.product_id = product_search.product_id and e.ends_at > now()
  ) then ${SIZES_WITH_SALES} end as sales`,
};

/**
 * product_search's row, and the (size, colour) pairs of the variants in stock of a product of
 * several colours (a variant of no colour of its own has the product's): size and colour chosen
 * together need one variant with both (see the top of this file). A product of one colour has
 * none to read: each of its variants has that colour. And its sizes with their sale prices, when
 * it has some.
 */
const rowColumns = (rows: keyof typeof SALES) =>
  sql.raw(`product_id::text as id, seller_id::text as seller_id, name_key, category, sub_category,
  brand, color, price_paise, in_stock, sizes_in_stock, colors_in_stock, rating_avg, rating_count,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created,
  search::text as search, name_search::text as name_search,
  case when cardinality(colors_in_stock) > 0 then (
    select json_agg(json_build_array(v.size, case when v.color <> '' then v.color else product_search.color end))
    from product_variants v where v.product_id = product_search.product_id and v.stock > 0
  ) end as pairs,
  ${SALES[rows]}`);
const ROW_COLUMNS = rowColumns('whole');
const FEW_ROW_COLUMNS = rowColumns('few');

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The products a text matched in PostgreSQL (search-products.ts, `phraseMatches`). */
export type TextMatches = { id: string; named: boolean }[];

/** What a search asks of the index: its filters as the index holds them, the sort and the page. */
export interface IndexQuery {
  /**
   * The text as typed (lower case) and its tsqueries, matched against the lexemes kept here, or the
   * products PostgreSQL found for it (a phrase) and whether their name has every word.
   */
  text?: { typed: string } & ({ match: TsNode; rank: TsNode } | { matches: TextMatches });
  category?: string;
  subCategory?: string;
  brandKeys?: string[];
  minPaise?: number;
  maxPaise?: number;
  sizes?: readonly string[];
  colorKeys?: string[];
  inStock?: boolean;
  /** The sale events open for the viewer: prices filter, count and sort as they pay them (none: no sale). */
  open?: OpenSales;
  /** `relevance` only with text. */
  sort: SearchSort;
  limit: number;
  skip: number;
  after?: SortKey;
}

/** One result in order, with its place in the sort (for the cursor). */
export interface OrderedRow {
  id: string;
  key: SortKey;
}

export interface IndexAnswer {
  total: number;
  facets: SearchFacets;
  rows: OrderedRow[];
}

/** The facet dimensions, in the order a product is checked against them. */
const CATEGORY = 0;
const SUB_CATEGORY = 1;
const BRAND = 2;
const PRICE = 3;
const SIZE = 4;
const COLOR = 5;
const IN_STOCK = 6;
/** Size and colour chosen together, each passed, but by no one variant in stock. */
const SAME_VARIANT = 7;

const LOAD_BATCH = 20_000;
/** A process that has not caught up for this long reloads whole (search_changes keeps a day). */
const STALE_MS = 6 * 60 * 60 * 1000;
/** search_changes rows are kept this long (pruned by any process, every few minutes). */
const KEEP_CHANGES = '1 day';
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** More changed products than this at once (and a quarter of the catalogue): reload whole. */
const RELOAD_PAST_CHANGES = 50_000;

const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || a.value.localeCompare(b.value);

/** Slots.meta: bits 0–7 category, 8–15 sub-category, 16–18 price band, then these flags. */
const META_IN_STOCK = 1 << 19;
const META_SIZE_WIDE = 1 << 20;
const META_COLOR_WIDE = 1 << 21;
const META_SPELLING_WIDE = 1 << 22;
/** It has sale prices (sale-prices.ts): during a sale its price, and so its band, may be another. */
const META_ON_SALE = 1 << 23;

/** A list of codes as bits, and 1 when one of them is 31 or more (the bits then do not say it all). */
function maskOf(codes: Int32Array): [number, number] {
  let mask = 0;
  let wide = 0;
  for (const code of codes) {
    if (code < 31) mask |= 1 << code;
    else wide = 1;
  }
  return [mask, wide];
}

/** The codes of a mask's bits, each counted once in `counts`. */
function countBits(mask: number, counts: Int32Array) {
  for (let m = mask; m !== 0; ) {
    const low = m & -m;
    counts[31 - Math.clz32(low)]!++;
    m ^= low;
  }
}

/** The in-memory copy of product_search, in slots; a changed product moves to a new slot. */
class Slots {
  capacity = 0;
  length = 0;
  dead = 0;
  ids: string[] = [];
  createdText: string[] = [];
  nameKey: string[] = [];
  alive = new Uint8Array(0);
  seller = new Int32Array(0);
  /** Brand key code (lower case, trimmed), -1 for none; and the seller's spelling. */
  brandKey = new Int32Array(0);
  brandSpelling = new Int32Array(0);
  price = new Int32Array(0);
  ratingAvg = new Float64Array(0);
  ratingCount = new Int32Array(0);
  created = new Float64Array(0);
  /** Size codes in stock, and colour keys and spellings (shared arrays: few distinct lists). */
  sizes: Int32Array[] = [];
  colorKeys: Int32Array[] = [];
  colorSpellings: Int32Array[] = [];
  /**
   * A product of several colours: the (size code, colour key code) of each variant in stock, side
   * by side; undefined for a product of one colour (each variant has it).
   */
  pairs: (Int32Array | undefined)[] = [];
  /**
   * The same, read fast: as bits of their codes when every code is below 31 (meta's `…_WIDE` flag
   * when a product has another: its list is read), so a product's visit reads no list.
   */
  sizeMask = new Int32Array(0);
  colorMask = new Int32Array(0);
  colorSpellingMask = new Int32Array(0);
  /**
   * What a search's pass reads of every product, in one number: category and sub-category codes,
   * price band, in stock and the `…_WIDE` flags (META_*). One array read instead of seven: the pass
   * over 100,000 products is bound by the memory it reads.
   */
  meta = new Int32Array(0);

  /**
   * The same as bit sets, for the values a search filters on most (category, sub-category, price
   * band, sizes in stock, in stock): a search over many products first drops, a word of 32 slots at
   * a time, the products that fail two of these filters, which count towards no facet.
   */
  readonly categoryBits = new BitSets();
  readonly subCategoryBits = new BitSets();
  readonly bandBits = new BitSets();
  readonly sizeBits = new BitSets();
  /** Code 0: in stock. */
  readonly inStockBits = new BitSets();
  /** Code 0: has sale prices (a price filter during a sale takes them whatever their band). */
  readonly onSaleBits = new BitSets();
  /** The sale prices of the products that have some (prices per set of open events). */
  readonly salePrices = new SalePrices();

  /** Where each product is now. */
  slotOf = new Map<string, number>();

  readonly sellers = new Dictionary();
  readonly categories = new Dictionary();
  readonly subCategories = new Dictionary();
  readonly brandKeys = new Dictionary();
  readonly brandSpellings = new Dictionary();
  /** Brand spelling code → its key code. */
  brandKeyOfSpelling: number[] = [];
  readonly sizeNames = new Dictionary();
  readonly colorKeyNames = new Dictionary();
  readonly colorSpellingNames = new Dictionary();
  colorKeyOfSpelling: number[] = [];
  readonly words = new Lexicon();
  readonly nameWords = new Lexicon();
  private shared = new Map<string, Int32Array>();
  inactiveSellers = new Uint8Array(0);

  private grow() {
    const cap = Math.max(1024, this.capacity * 2);
    const typed = <T extends Int32Array | Uint8Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(cap);
      next.set(old);
      return next;
    };
    this.alive = typed(this.alive, (n) => new Uint8Array(n));
    this.seller = typed(this.seller, (n) => new Int32Array(n));
    this.brandKey = typed(this.brandKey, (n) => new Int32Array(n));
    this.brandSpelling = typed(this.brandSpelling, (n) => new Int32Array(n));
    this.price = typed(this.price, (n) => new Int32Array(n));
    this.ratingAvg = typed(this.ratingAvg, (n) => new Float64Array(n));
    this.ratingCount = typed(this.ratingCount, (n) => new Int32Array(n));
    this.created = typed(this.created, (n) => new Float64Array(n));
    this.sizeMask = typed(this.sizeMask, (n) => new Int32Array(n));
    this.colorMask = typed(this.colorMask, (n) => new Int32Array(n));
    this.colorSpellingMask = typed(this.colorSpellingMask, (n) => new Int32Array(n));
    this.meta = typed(this.meta, (n) => new Int32Array(n));
    for (const bits of [
      this.categoryBits,
      this.subCategoryBits,
      this.bandBits,
      this.sizeBits,
      this.inStockBits,
      this.onSaleBits,
    ])
      bits.grow(cap >>> 5);
    this.capacity = cap;
  }

  private intern(list: number[]): Int32Array {
    const key = list.join(',');
    let arr = this.shared.get(key);
    if (!arr) {
      arr = Int32Array.from(list);
      this.shared.set(key, arr);
    }
    return arr;
  }

  remove(id: string) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.alive[slot] = 0;
    this.slotOf.delete(id);
    this.salePrices.delete(slot);
    this.dead++;
  }

  add(r: Row) {
    this.remove(r.id);
    if (this.length === this.capacity) this.grow();
    const s = this.length++;
    this.ids[s] = r.id;
    this.createdText[s] = r.created;
    this.nameKey[s] = r.name_key;
    this.alive[s] = 1;
    this.seller[s] = this.sellers.code(r.seller_id);
    const category = this.categories.code(r.category);
    const subCategory = this.subCategories.code(r.sub_category);
    if (r.brand === null) {
      this.brandKey[s] = -1;
      this.brandSpelling[s] = -1;
    } else {
      const key = this.brandKeys.code(trimSpaces(r.brand).toLowerCase());
      const spelling = this.brandSpellings.code(r.brand);
      this.brandKeyOfSpelling[spelling] = key;
      this.brandKey[s] = key;
      this.brandSpelling[s] = spelling;
    }
    this.price[s] = r.price_paise;
    const band = bandOf(r.price_paise);
    this.ratingAvg[s] = r.rating_avg;
    this.ratingCount[s] = r.rating_count;
    this.created[s] = micros(r.created);
    this.sizes[s] = this.intern([...new Set(r.sizes_in_stock)].map((z) => this.sizeNames.code(z)));
    // The colour filter matches the product's colour or a colour in stock (its key: case and spaces
    // ignored); the facet counts each key once, under its greatest spelling.
    const keys = new Set<number>();
    const spellings = new Set<number>();
    for (const c of [r.color, ...r.colors_in_stock]) {
      if (c === null) continue;
      const t = trimSpaces(c);
      if (t === '') continue;
      const key = this.colorKeyNames.code(t.toLowerCase());
      const spelling = this.colorSpellingNames.code(t);
      this.colorKeyOfSpelling[spelling] = key;
      keys.add(key);
      spellings.add(spelling);
    }
    this.colorKeys[s] = this.intern([...keys].sort((a, b) => a - b));
    this.colorSpellings[s] = this.intern([...spellings].sort((a, b) => a - b));
    this.pairs[s] = this.pairsOf(r.pairs);
    let sizeWide: number;
    let colorWide: number;
    let spellingWide: number;
    [this.sizeMask[s], sizeWide] = maskOf(this.sizes[s]!);
    [this.colorMask[s], colorWide] = maskOf(this.colorKeys[s]!);
    [this.colorSpellingMask[s], spellingWide] = maskOf(this.colorSpellings[s]!);
    // Categories and sub-categories are the contract's few: a code past 255 is a bug, not data.
    if (category > 0xff || subCategory > 0xff) throw new Error('too many categories');
    this.meta[s] =
      category |
      (subCategory << 8) |
      (band << 16) |
      (r.in_stock ? META_IN_STOCK : 0) |
      (sizeWide ? META_SIZE_WIDE : 0) |
      (colorWide ? META_COLOR_WIDE : 0) |
      (spellingWide ? META_SPELLING_WIDE : 0);
    this.setSalesAt(s, r.sales);
    this.categoryBits.add(category, s);
    this.subCategoryBits.add(subCategory, s);
    this.bandBits.add(band, s);
    for (const code of this.sizes[s]!) this.sizeBits.add(code, s);
    if (r.in_stock) this.inStockBits.add(0, s);
    for (const w of new Set(lexemesOf(r.search))) this.words.add(w, s);
    for (const w of new Set(lexemesOf(r.name_search))) this.nameWords.add(w, s);
    this.slotOf.set(r.id, s);
  }

  /** The pairs as codes (colours as keys, as the colour filter matches them). */
  private pairsOf(pairs: Row['pairs']): Int32Array | undefined {
    if (!pairs) return undefined;
    const codes: number[] = [];
    for (const [size, color] of pairs) {
      const key = color === null ? '' : trimSpaces(color).toLowerCase();
      if (key !== '') codes.push(this.sizeNames.code(size), this.colorKeyNames.code(key));
    }
    return this.intern(codes);
  }

  /** Whether the product's pairs are kept (it is of several colours). */
  hasPairs(id: string): boolean {
    const slot = this.slotOf.get(id);
    return slot !== undefined && this.pairs[slot] !== undefined;
  }

  /**
   * A variant's stock, size or colour changed without changing the product's search row (its sizes
   * and colours in stock are the same): its pairs, in place.
   */
  setPairs(id: string, pairs: Row['pairs']) {
    const slot = this.slotOf.get(id);
    if (slot !== undefined) this.pairs[slot] = this.pairsOf(pairs);
  }

  /** Whether the product has sale prices kept. */
  hasSales(id: string): boolean {
    const slot = this.slotOf.get(id);
    return slot !== undefined && (this.meta[slot]! & META_ON_SALE) !== 0;
  }

  /** A size's stock or price changed without changing the product's search row: its sale prices, in place. */
  setSales(id: string, sales: SaleRow) {
    const slot = this.slotOf.get(id);
    if (slot !== undefined) this.setSalesAt(slot, sales);
  }

  private setSalesAt(slot: number, sales: SaleRow) {
    if (this.salePrices.set(slot, sales)) {
      this.meta[slot]! |= META_ON_SALE;
      this.onSaleBits.add(0, slot);
    } else this.meta[slot]! &= ~META_ON_SALE;
  }

  setInactiveSellers(ids: string[]) {
    const flags = new Uint8Array(this.sellers.size + ids.length);
    for (const id of ids) flags[this.sellers.code(id)] = 1;
    this.inactiveSellers = flags;
  }
}

/** A set of slots: one bit each. */
type Bits = Uint32Array;

function bitsOf(postings: Postings[], words: number): Bits {
  const bits = new Uint32Array(words);
  for (const p of postings) {
    const ids = p.ids;
    for (let i = 0; i < p.length; i++) {
      const s = ids[i]!;
      bits[s >>> 5]! |= 1 << (s & 31);
    }
  }
  return bits;
}

/** The slots of these products (those not in the index left out). */
function slotBits(s: Slots, products: { id: string }[], words: number): Bits {
  const bits = new Uint32Array(words);
  for (const { id } of products) {
    const slot = s.slotOf.get(id);
    if (slot !== undefined) bits[slot >>> 5]! |= 1 << (slot & 31);
  }
  return bits;
}

function evaluate(node: TsNode, lexicon: Lexicon, words: number): Bits {
  switch (node.op) {
    case 'term':
      return bitsOf(lexicon.lookup(node.lexeme, node.prefix), words);
    case 'not': {
      const bits = evaluate(node.arg, lexicon, words);
      for (let i = 0; i < words; i++) bits[i] = ~bits[i]!;
      return bits;
    }
    case 'and':
    case 'or': {
      const a = evaluate(node.args[0], lexicon, words);
      const b = evaluate(node.args[1], lexicon, words);
      if (node.op === 'and') for (let i = 0; i < words; i++) a[i]! &= b[i]!;
      else for (let i = 0; i < words; i++) a[i]! |= b[i]!;
      return a;
    }
  }
}

/**
 * For each of the filters the index keeps bit sets for, the slots that may pass it (a superset: a
 * price range takes every band it overlaps). A product outside two of them fails two filters and
 * counts towards no facet. Brand and colour are left to the search's own checks. None when fewer
 * than two of these filters are asked for: nothing can fail two.
 */
function prefilters(
  s: Slots,
  words: number,
  f: {
    category: number | undefined;
    subCategory: number | undefined;
    min: number | undefined;
    max: number | undefined;
    sizeFlags: Uint8Array | undefined;
    inStockOnly: boolean;
    /** Prices are a sale's: products on sale may be in any band. */
    onSale: boolean;
  },
): { passes: Uint32Array[]; dims: number[] } {
  const price = f.min !== undefined || f.max !== undefined;
  const asked = [f.category !== undefined, f.subCategory !== undefined, price, !!f.sizeFlags, f.inStockOnly];
  const dims: number[] = [];
  if (asked.filter(Boolean).length < 2) return { passes: [], dims };
  const none = () => new Uint32Array(words);
  const union = (sets: (Uint32Array | undefined)[]) => {
    const out = none();
    for (const set of sets) if (set) for (let w = 0; w < words; w++) out[w]! |= set[w]!;
    return out;
  };
  const passes: Uint32Array[] = [];
  if (f.category !== undefined) {
    passes.push(s.categoryBits.of(f.category) ?? none());
    dims.push(CATEGORY);
  }
  if (f.subCategory !== undefined) {
    passes.push(s.subCategoryBits.of(f.subCategory) ?? none());
    dims.push(SUB_CATEGORY);
  }
  if (price) {
    const bands: (Uint32Array | undefined)[] = [];
    for (let b = 0; b <= BAND_STARTS.length; b++) {
      const from = b === 0 ? Number.NEGATIVE_INFINITY : BAND_STARTS[b - 1]!;
      const to = b === BAND_STARTS.length ? Number.POSITIVE_INFINITY : BAND_STARTS[b]!;
      if ((f.max === undefined || from <= f.max) && (f.min === undefined || to > f.min))
        bands.push(s.bandBits.of(b));
    }
    if (f.onSale) bands.push(s.onSaleBits.of(0));
    passes.push(union(bands));
    dims.push(PRICE);
  }
  if (f.sizeFlags) {
    const sets: (Uint32Array | undefined)[] = [];
    for (let c = 0; c < f.sizeFlags.length; c++) if (f.sizeFlags[c]) sets.push(s.sizeBits.of(c));
    passes.push(union(sets));
    dims.push(SIZE);
  }
  if (f.inStockOnly) {
    passes.push(s.inStockBits.of(0) ?? none());
    dims.push(IN_STOCK);
  }
  return { passes, dims };
}

/** The sort's comparison of two slots (negative: `a` first) and of a slot with a cursor's key. */
function orderOf(s: Slots, sort: SearchSort, tier: Uint8Array | undefined, price: Int32Array = s.price) {
  const { created, ids, ratingAvg, ratingCount } = s;
  const newest = (a: number, b: number) =>
    created[b]! - created[a]! || (ids[a]! < ids[b]! ? 1 : ids[a]! > ids[b]! ? -1 : 0);
  const newestVsKey = (a: number, at: number, id: string) =>
    at - created[a]! || (ids[a]! < id ? 1 : ids[a]! > id ? -1 : 0);
  switch (sort) {
    case 'newest':
      return {
        compare: newest,
        vsKey: (a: number, k: SortKey) => newestVsKey(a, micros(String(k[0])), String(k[1])),
        key: (a: number): SortKey => [s.createdText[a]!, ids[a]!],
      };
    case 'price_asc':
      return {
        compare: (a: number, b: number) => price[a]! - price[b]! || newest(a, b),
        vsKey: (a: number, k: SortKey) =>
          price[a]! - Number(k[0]) || newestVsKey(a, micros(String(k[1])), String(k[2])),
        key: (a: number): SortKey => [price[a]!, s.createdText[a]!, ids[a]!],
      };
    case 'price_desc':
      return {
        compare: (a: number, b: number) => price[b]! - price[a]! || newest(a, b),
        vsKey: (a: number, k: SortKey) =>
          Number(k[0]) - price[a]! || newestVsKey(a, micros(String(k[1])), String(k[2])),
        key: (a: number): SortKey => [price[a]!, s.createdText[a]!, ids[a]!],
      };
    case 'rating':
      return {
        compare: (a: number, b: number) =>
          ratingAvg[b]! - ratingAvg[a]! || ratingCount[b]! - ratingCount[a]! || newest(a, b),
        vsKey: (a: number, k: SortKey) =>
          Number(k[0]) - ratingAvg[a]! ||
          Number(k[1]) - ratingCount[a]! ||
          newestVsKey(a, micros(String(k[2])), String(k[3])),
        key: (a: number): SortKey => [ratingAvg[a]!, ratingCount[a]!, s.createdText[a]!, ids[a]!],
      };
    case 'relevance': {
      const t = tier!;
      return {
        compare: (a: number, b: number) => t[a]! - t[b]! || newest(a, b),
        vsKey: (a: number, k: SortKey) =>
          t[a]! - Number(k[0]) || newestVsKey(a, micros(String(k[1])), String(k[2])),
        key: (a: number): SortKey => [t[a]!, s.createdText[a]!, ids[a]!],
      };
    }
  }
}

interface Unseen {
  xmax: number;
  xip: number[];
}
interface SnapshotRow {
  xmax: string;
  xip: string[] | null;
}
/** The statement's own snapshot (one per statement): what it could not see. */
const SNAPSHOT_COLUMNS = sql.raw(
  `pg_snapshot_xmax(pg_current_snapshot())::text as "xmax",
   array(select x::text from pg_snapshot_xip(pg_current_snapshot()) x) as "xip"`,
);
const unseenOf = (row: SnapshotRow): Unseen => ({
  xmax: Number(row.xmax),
  xip: (row.xip ?? []).map(Number),
});
/** Change rows of a transaction the previous catch-up could not see (xids are integers from the database). */
const unseenSql = ({ xmax, xip }: Unseen) =>
  sql.raw(xip.length ? `(xid >= ${xmax} or xid in (${xip.join(', ')}))` : `xid >= ${xmax}`);

/** The first `wanted` of `slots` in order (a sorted list of the best so far: few are kept). */
function firstOf(slots: Int32Array, wanted: number, compare: (a: number, b: number) => number): number[] {
  if (wanted <= 0) return [];
  if (slots.length <= wanted * 4 || wanted > 2_000) return [...slots].sort(compare).slice(0, wanted);
  const best: number[] = [];
  for (let i = 0; i < slots.length; i++) {
    const x = slots[i]!;
    if (best.length === wanted && compare(x, best[wanted - 1]!) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(best[mid]!, x) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, x);
    if (best.length > wanted) best.pop();
  }
  return best;
}

export class SearchIndex {
  private slots: Slots | undefined;
  /**
   * The transactions the previous catch-up could not see: its snapshot's xmax and the ones in
   * progress then (xip). Every other transaction had committed or aborted, and its changes were read.
   * (A window from the snapshot's xmin, as before, read a long-running transaction's era again at
   * every catch-up, dropping the kept answers of products changed long before.)
   */
  private unseen: Unseen = { xmax: 0, xip: [] };
  private caughtUpAt = 0;
  private prunedAt = 0;
  /** The catalogue version read before the last catch-up began (-1: none since loading). */
  private caughtUpVersion = -1;
  private loading: Promise<void> | undefined;
  private closed = false;
  /** The catch-up running, and the one callers arriving meanwhile wait for. */
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  /** Scratch space of `search` (synchronous, so one search at a time uses it). */
  private matches = new Int32Array(0);
  private tiers = new Uint8Array(0);

  private readonly reloadPastChanges: number;
  /**
   * The product answers served lately, as JSON (product-json.ts): kept fresh by the same catch-up,
   * emptied by a reload.
   */
  readonly productJson: ProductJsonCache;

  constructor(
    private readonly db: DbOrTx,
    {
      reloadPastChanges = RELOAD_PAST_CHANGES,
      productJsonBytes,
      afterLoad,
    }: {
      /** More changed products than this at once (and a quarter of the catalogue): reload whole. */
      reloadPastChanges?: number;
      /** The bound of the product answers kept as JSON. */
      productJsonBytes?: number;
      /** Run in the background after each whole load (the route fills the product answers). */
      afterLoad?: (loaded: { still: () => boolean }) => Promise<void>;
    } = {},
  ) {
    this.reloadPastChanges = reloadPastChanges;
    this.productJson = new ProductJsonCache(productJsonBytes);
    this.afterLoad = afterLoad;
  }

  private readonly afterLoad: ((loaded: { still: () => boolean }) => Promise<void>) | undefined;
  /** Whether `afterLoad` is running for the copy in use (operators, benchmarks: `/api/search/status`). */
  filling: Promise<void> | undefined;

  /**
   * The live products, newest first (as the newest sort orders them): what a shopper is shown most
   * and what start-up keeps the answers of first.
   */
  newestIds(): string[] {
    const s = this.slots;
    if (!s) return [];
    const live: number[] = [];
    for (let d = 0; d < s.length; d++) if (s.alive[d]) live.push(d);
    const order = orderOf(s, 'newest', undefined);
    live.sort(order.compare);
    return live.map((d) => s.ids[d]!);
  }

  /** Loads the catalogue (searches wait until it is in), or waits for the load under way. */
  start(): Promise<void> {
    this.loading ??= this.reload().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  close() {
    this.closed = true;
    return Promise.all([this.loading, this.filling]).then(() => undefined);
  }

  get ready() {
    return this.slots !== undefined;
  }

  /**
   * What the product's answer depends on among the viewer's open sales (sale-prices.ts
   * `answerKey`): its kept JSON is kept per such key, empty for its regular answer.
   */
  answerKey(id: string, open: OpenSales): string {
    const s = this.slots;
    return s ? s.salePrices.answerKey(s.slotOf.get(id), open) : '';
  }

  /** Products in memory (live slots). */
  get size() {
    return this.slots ? this.slots.slotOf.size : 0;
  }

  private async reload() {
    const fresh = new Slots();
    const [snap] = rowsOf<SnapshotRow>(await this.db.execute(sql`select ${SNAPSHOT_COLUMNS}`));
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      if (this.closed) return;
      const rows = rowsOf<Row>(
        await this.db.execute(
          sql`select ${ROW_COLUMNS} from product_search where product_id > ${after}::uuid order by product_id limit ${LOAD_BATCH}`,
        ),
      );
      for (const r of rows) fresh.add(r);
      if (rows.length < LOAD_BATCH) break;
      after = rows.at(-1)!.id;
    }
    this.slots = fresh;
    // The changes before this snapshot will not be read again: the answers kept may predate them.
    this.productJson.clear();
    this.caughtUpVersion = -1;
    this.unseen = unseenOf(snap!);
    this.caughtUpAt = 0;
    if (this.afterLoad) {
      const filling = this.afterLoad({ still: () => !this.closed && this.slots === fresh })
        .catch(() => undefined)
        .finally(() => {
          if (this.filling === filling) this.filling = undefined;
        });
      this.filling = filling;
    }
  }

  /**
   * Brings the index up to every commit made before the call, loading it first when it is not in
   * (at start-up, or dropped after a bulk change: the search waits for it, as long as the route's
   * timeouts allow). Calls arriving while a catch-up runs share the next one, which starts after it.
   */
  async catchUp(version?: number): Promise<void> {
    await this.loaded();
    // Nothing was committed since the last catch-up that started after this version was read.
    if (version !== undefined && version <= this.caughtUpVersion) return;
    if (!this.next) {
      const previous = this.running ?? Promise.resolve();
      const mine: Promise<void> = previous
        .catch(() => undefined)
        .then(() => {
          if (this.next === mine) this.next = undefined;
          this.running = mine;
          return this.readChanges();
        })
        .finally(() => {
          if (this.running === mine) this.running = undefined;
        });
      this.next = mine;
    }
    const slots = this.slots;
    await this.next;
    if (version !== undefined && this.slots === slots && version > this.caughtUpVersion)
      this.caughtUpVersion = version;
    // Dropped by a bulk change: loaded again, from a snapshot after every commit so far.
    await this.loaded();
  }

  /** Waits until the catalogue is in, loading it when it is not. */
  private async loaded() {
    while (!this.slots) {
      if (this.closed) throw new Error('the search index is closed');
      await this.start();
    }
  }

  private async readChanges(): Promise<void> {
    const slots = this.slots;
    if (!slots) return;
    // Asleep longer than search_changes keeps for sure: reload whole (searches wait for it).
    if (Date.now() - this.caughtUpAt > STALE_MS && this.caughtUpAt !== 0) return this.startOver();
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      const old = sql.raw(`now() - interval '${KEEP_CHANGES}'`);
      await this.db.execute(sql`delete from search_changes where at < ${old}`);
      await this.db.execute(sql`delete from product_changes where at < ${old}`);
    }
    const since = unseenSql(this.unseen);
    const [r] = rowsOf<
      SnapshotRow & {
        changed: string[] | null;
        inactive: string[] | null;
        shown: string[] | null;
        sellers: string[] | null;
      }
    >(
      await this.db.execute(
        sql`select ${SNAPSHOT_COLUMNS},
          array(select distinct product_id::text from search_changes where ${since}) as "changed",
          array(select id::text from sellers where status <> 'active') as "inactive",
          array(select distinct product_id::text from product_changes
            where (${since}) and product_id is not null) as "shown",
          array(select distinct seller_id::text from product_changes
            where (${since}) and seller_id is not null) as "sellers"`,
      ),
    );
    // Reloaded meanwhile: the new copy catches up from its own snapshot, next time.
    if (this.slots !== slots) return;
    const changed = r!.changed ?? [];
    // Answers that changed (searched for or not) are read again when next shown.
    this.productJson.drop([...changed, ...(r!.shown ?? [])], r!.sellers ?? []);
    // Most of the catalogue changed (a bulk load): reading it whole is cheaper.
    if (changed.length > Math.max(this.reloadPastChanges, slots.slotOf.size / 4)) return this.startOver();
    // A variant's stock, size, colour or price changes its product's row (product_changes), not
    // always its search row: a product of several colours has its (size, colour) pairs read again,
    // a product with sale prices its sizes' prices and stock.
    const searchChanged = new Set(changed);
    const repaired = (r!.shown ?? []).filter(
      (id) => !searchChanged.has(id) && (slots.hasPairs(id) || slots.hasSales(id)),
    );
    if (changed.length > 0 || repaired.length > 0) {
      const rows = rowsOf<Row>(
        await this.db.execute(
          sql`select ${FEW_ROW_COLUMNS} from product_search where product_id in (${sql.join(
            [...changed, ...repaired].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      );
      if (this.slots !== slots) return;
      const present = new Set(rows.map((row) => row.id));
      for (const id of changed) if (!present.has(id)) slots.remove(id);
      for (const row of rows) {
        if (searchChanged.has(row.id)) slots.add(row);
        else {
          slots.setPairs(row.id, row.pairs);
          slots.setSales(row.id, row.sales);
        }
      }
    }
    slots.setInactiveSellers(r!.inactive ?? []);
    this.unseen = unseenOf(r!);
    this.caughtUpAt = Date.now();
    // Too many dead slots: rebuild in the background (this copy serves meanwhile).
    if (slots.dead > Math.max(10_000, slots.slotOf.size) && !this.loading) void this.start();
  }

  /** Drops the copy and loads the catalogue again (searches wait for it). */
  private startOver() {
    this.slots = undefined;
    void this.start();
  }

  /** The search's total, facets and page (after `catchUp`). */
  search(q: IndexQuery): IndexAnswer {
    const s = this.slots!;
    const n = s.length;
    const words = (n + 31) >>> 5;
    const text = q.text
      ? 'matches' in q.text
        ? slotBits(s, q.text.matches, words)
        : evaluate(q.text.match, s.words, words)
      : undefined;

    const code = (dict: Dictionary, value: string | undefined) =>
      value === undefined ? undefined : (dict.find(value) ?? -2);
    const category = code(s.categories, q.category);
    const subCategory = code(s.subCategories, q.subCategory);
    /** A flag per code of the values asked for (undefined: no such filter). */
    const flags = (dict: Dictionary, values: readonly string[] | undefined) => {
      if (!values) return undefined;
      const f = new Uint8Array(dict.size);
      for (const v of values) {
        const c = dict.find(v);
        if (c !== undefined) f[c] = 1;
      }
      return f;
    };
    const brandFlags = flags(s.brandKeys, q.brandKeys);
    const sizeFlags = flags(s.sizeNames, q.sizes);
    let sizeBits = 0;
    if (sizeFlags)
      for (let c = 0; c < Math.min(31, sizeFlags.length); c++) if (sizeFlags[c]) sizeBits |= 1 << c;
    const colorFlags = flags(s.colorKeyNames, q.colorKeys);
    const min = q.minPaise;
    const max = q.maxPaise;
    const inStockOnly = q.inStock === true;

    const catCount = new Int32Array(s.categories.size);
    const subCount = new Int32Array(s.subCategories.size);
    const brandCount = new Int32Array(s.brandKeys.size);
    const brandSeen = new Uint8Array(s.brandSpellings.size);
    const bandCount = new Int32Array(PRICE_BANDS.length);
    const sizeCount = new Int32Array(s.sizeNames.size);
    const colorCount = new Int32Array(s.colorKeyNames.size);
    const colorSeen = new Uint8Array(s.colorSpellingNames.size);
    let inStockCount = 0;
    let total = 0;
    /** The colour spellings seen below code 31, as bits (into colorSeen after the visits). */
    let spellingsSeen = 0;
    if (this.matches.length < n) this.matches = new Int32Array(s.capacity);
    const matches = this.matches;

    const { alive, seller, inactiveSellers, brandKey, brandSpelling, sizes, colorKeys, meta } = s;
    // The prices the viewer pays now: the regular ones, or a copy with the open sales' applied, in
    // which a product on sale may have left its band.
    const price = s.salePrices.pricesFor(q.open ?? NO_SALE, s.price);
    const onSale = price !== s.price;
    const bandAt = (d: number, m: number) =>
      onSale && m & META_ON_SALE ? bandOf(price[d]!) : (m >>> 16) & 7;
    const colorSpellings = s.colorSpellings;
    const { sizeMask, colorMask, colorSpellingMask } = s;
    let colorBits = 0;
    if (colorFlags)
      for (let c = 0; c < Math.min(31, colorFlags.length); c++) if (colorFlags[c]) colorBits |= 1 << c;
    const anyOf = (list: Int32Array, flagged: Uint8Array) => {
      for (let i = 0; i < list.length; i++) if (flagged[list[i]!]) return true;
      return false;
    };
    /** Whether the product has a colour asked for (colorFlags set). */
    const hasColor = (d: number, m: number) =>
      m & META_COLOR_WIDE ? anyOf(colorKeys[d]!, colorFlags!) : (colorMask[d]! & colorBits) !== 0;
    /**
     * Size and colour chosen together, on a product that has each: whether one variant in stock has
     * both (a product of one colour: any of its sizes in stock).
     */
    const bothChosen = sizeFlags !== undefined && colorFlags !== undefined;
    const { pairs } = s;
    const sameVariant = (d: number) => {
      const list = pairs[d];
      if (list === undefined) return true;
      for (let i = 0; i < list.length; i += 2)
        if (sizeFlags![list[i]!] && colorFlags![list[i + 1]!]) return true;
      return false;
    };
    const countSizes = (d: number, m: number) => {
      if (m & META_SIZE_WIDE) {
        const list = sizes[d]!;
        for (let i = 0; i < list.length; i++) sizeCount[list[i]!]!++;
      } else countBits(sizeMask[d]!, sizeCount);
    };
    const visit = (d: number) => {
      if (!alive[d] || inactiveSellers[seller[d]!]) return;
      const m = meta[d]!;
      const productCategory = m & 0xff;
      const productSubCategory = (m >>> 8) & 0xff;
      let failed = -1;
      let fails = 0;
      if (category !== undefined && productCategory !== category) {
        failed = CATEGORY;
        fails++;
      }
      if (subCategory !== undefined && productSubCategory !== subCategory) {
        if (++fails > 1) return;
        failed = SUB_CATEGORY;
      }
      if (brandFlags && !(brandKey[d]! >= 0 && brandFlags[brandKey[d]!])) {
        if (++fails > 1) return;
        failed = BRAND;
      }
      const p = price[d]!;
      if ((min !== undefined && p < min) || (max !== undefined && p > max)) {
        if (++fails > 1) return;
        failed = PRICE;
      }
      const sizeFails =
        sizeFlags !== undefined &&
        !(m & META_SIZE_WIDE ? anyOf(sizes[d]!, sizeFlags) : (sizeMask[d]! & sizeBits) !== 0);
      if (sizeFails) {
        if (++fails > 1) return;
        failed = SIZE;
      }
      const colorFails = colorFlags !== undefined && !hasColor(d, m);
      if (colorFails) {
        if (++fails > 1) return;
        failed = COLOR;
      }
      if (bothChosen && !sizeFails && !colorFails && !sameVariant(d)) {
        if (++fails > 1) return;
        failed = SAME_VARIANT;
      }
      const productInStock = (m & META_IN_STOCK) !== 0;
      if (inStockOnly && !productInStock) {
        if (++fails > 1) return;
        failed = IN_STOCK;
      }
      if (fails === 0) matches[total++] = d;
      if (brandSpelling[d]! >= 0) brandSeen[brandSpelling[d]!] = 1;
      if (fails === 0 || failed === CATEGORY) catCount[productCategory]!++;
      if (fails === 0 || failed === SUB_CATEGORY) subCount[productSubCategory]!++;
      if ((fails === 0 || failed === BRAND) && brandKey[d]! >= 0) brandCount[brandKey[d]!]!++;
      if (fails === 0 || failed === PRICE) bandCount[bandAt(d, m)]!++;
      // The size and colour facets ignore the one-variant rule with their own filter.
      if (fails === 0 || failed === SIZE || failed === SAME_VARIANT) countSizes(d, m);
      if (fails === 0 || failed === COLOR || failed === SAME_VARIANT) {
        if (m & META_COLOR_WIDE) {
          const list = colorKeys[d]!;
          for (let i = 0; i < list.length; i++) colorCount[list[i]!]!++;
        } else countBits(colorMask[d]!, colorCount);
        if (m & META_SPELLING_WIDE) {
          const spelt = colorSpellings[d]!;
          for (let i = 0; i < spelt.length; i++) colorSeen[spelt[i]!] = 1;
        } else spellingsSeen |= colorSpellingMask[d]!;
      }
      if ((fails === 0 || failed === IN_STOCK) && productInStock) inStockCount++;
    };
    /**
     * A product the prefilters say fails exactly `dim` (one of theirs): it counts towards that facet
     * alone, if it passes the filters the prefilters do not check (brand, colour, the exact price: the
     * price prefilter keeps whole bands), as `visit` would count it, without checking again the
     * filters the prefilter bits answer exactly (category, sub-category, size in stock, in stock).
     */
    const visitFailing = (d: number, dim: number) => {
      if (!alive[d] || inactiveSellers[seller[d]!]) return;
      const m = meta[d]!;
      if (brandFlags && !(brandKey[d]! >= 0 && brandFlags[brandKey[d]!])) return;
      if (dim !== PRICE) {
        const p = price[d]!;
        if ((min !== undefined && p < min) || (max !== undefined && p > max)) return;
      }
      if (colorFlags && !hasColor(d, m)) return;
      // Failing the one-variant rule too is failing two (a product failing its size passes it).
      if (bothChosen && dim !== SIZE && !sameVariant(d)) return;
      if (brandSpelling[d]! >= 0) brandSeen[brandSpelling[d]!] = 1;
      if (dim === CATEGORY) catCount[m & 0xff]!++;
      else if (dim === SUB_CATEGORY) subCount[(m >>> 8) & 0xff]!++;
      else if (dim === PRICE) bandCount[bandAt(d, m)]!++;
      else if (dim === SIZE) countSizes(d, m);
      // IN_STOCK: a product out of stock adds nothing to the in-stock count.
    };
    const { passes, dims } = prefilters(s, words, {
      category,
      subCategory,
      min,
      max,
      sizeFlags,
      inStockOnly,
      onSale,
    });
    if (text || passes.length > 0) {
      const k = passes.length;
      for (let w = 0; w < words; w++) {
        let bits = text ? text[w]! : -1;
        if (k > 0 && bits !== 0) {
          // Fails none of the prefilters (`zero`), or exactly one (`one`): the others count nowhere.
          let zero = -1;
          let one = 0;
          for (let i = 0; i < k; i++) {
            const pass = passes[i]![w]!;
            one = (one & pass) | (zero & ~pass);
            zero &= pass;
          }
          const once = bits & one;
          bits &= zero;
          // Those failing one prefilter: which one is known from its bits.
          for (let i = 0; i < k && once !== 0; i++) {
            let failing = once & ~passes[i]![w]!;
            while (failing !== 0) {
              const low = failing & -failing;
              const d = (w << 5) + 31 - Math.clz32(low);
              failing ^= low;
              if (d < n) visitFailing(d, dims[i]!);
            }
          }
        }
        while (bits !== 0) {
          const low = bits & -bits;
          const d = (w << 5) + 31 - Math.clz32(low);
          bits ^= low;
          if (d < n) visit(d);
        }
      }
    } else {
      for (let d = 0; d < n; d++) visit(d);
    }

    for (let c = 0; c < Math.min(31, colorSeen.length); c++) if (spellingsSeen & (1 << c)) colorSeen[c] = 1;
    const facets = this.facetsOf(s, {
      catCount,
      subCount,
      brandCount,
      brandSeen,
      bandCount,
      sizeCount,
      colorCount,
      colorSeen,
      inStockCount,
    });

    // The page: the matches in the sort's order (after the cursor), `skip` of them skipped.
    let tier: Uint8Array | undefined;
    if (q.sort === 'relevance' && q.text) {
      if (this.tiers.length < n) this.tiers = new Uint8Array(s.capacity);
      tier = this.tiers;
      const named =
        'matches' in q.text
          ? slotBits(
              s,
              q.text.matches.filter((m) => m.named),
              words,
            )
          : evaluate(q.text.rank, s.nameWords, words);
      const typed = q.text.typed;
      for (let i = 0; i < total; i++) {
        const d = matches[i]!;
        tier[d] = s.nameKey[d] === typed ? 0 : named[d >>> 5]! & (1 << (d & 31)) ? 1 : 2;
      }
    }
    const order = orderOf(s, q.sort, tier, price);
    let pool = matches.subarray(0, total);
    if (q.after) {
      const after = q.after;
      pool = pool.filter((d) => order.vsKey(d, after) > 0);
    }
    const first = firstOf(pool, q.skip + q.limit, order.compare).slice(q.skip);
    return { total, facets, rows: first.map((d) => ({ id: s.ids[d]!, key: order.key(d) })) };
  }

  private facetsOf(
    s: Slots,
    c: {
      catCount: Int32Array;
      subCount: Int32Array;
      brandCount: Int32Array;
      brandSeen: Uint8Array;
      bandCount: Int32Array;
      sizeCount: Int32Array;
      colorCount: Int32Array;
      colorSeen: Uint8Array;
      inStockCount: number;
    },
  ): SearchFacets {
    const listed = (counts: Int32Array, name: (code: number) => string | undefined) => {
      const out: FacetValue[] = [];
      for (let i = 0; i < counts.length; i++) {
        const value = name(i)?.trim();
        if (counts[i]! > 0 && value) out.push({ value, count: counts[i]! });
      }
      return out;
    };
    // A key's greatest spelling among the products that count (brand: among every product that
    // fails at most one filter).
    const spellingsOf = (seen: Uint8Array, spellings: Dictionary, keyOf: number[]) => {
      const best: (string | undefined)[] = [];
      for (let i = 0; i < seen.length; i++) {
        if (!seen[i]) continue;
        const key = keyOf[i]!;
        const v = spellings.values[i]!;
        if (best[key] === undefined || v > best[key]!) best[key] = v;
      }
      return best;
    };
    const brandNames = spellingsOf(c.brandSeen, s.brandSpellings, s.brandKeyOfSpelling);
    const colorNames = spellingsOf(c.colorSeen, s.colorSpellingNames, s.colorKeyOfSpelling);
    const facets: SearchFacets = {
      category: listed(c.catCount, (i) => s.categories.values[i]).sort(byCount),
      subCategory: listed(c.subCount, (i) => s.subCategories.values[i]).sort(byCount),
      color: listed(c.colorCount, (i) => colorNames[i]).sort(byCount),
      brand: listed(c.brandCount, (i) => brandNames[i]).sort(byCount),
      size: listed(c.sizeCount, (i) => s.sizeNames.values[i]).sort((a, b) => compareSizes(a.value, b.value)),
      price: PRICE_BANDS.map((b, i) => ({ label: b.label, min: b.min, max: b.max, count: c.bandCount[i]! })),
      inStock: { count: c.inStockCount },
    };
    return facets;
  }
}
