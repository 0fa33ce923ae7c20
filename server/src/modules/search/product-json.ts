import { createHash } from 'node:crypto';

/**
 * The product answers this process served lately, as the JSON text the answer schema gives them
 * (ADR 012): a search's page is 48 full products (photos, variants, size chart; ~2.5 KB each), and
 * reading, shaping and serialising them cost a cold search more than finding them. A product in here
 * is neither read from the database nor serialised again: its text is copied into the answer.
 *
 * Fresh like the search index it belongs to (memory-index.ts): product_changes (db/functions/)
 * names every product whose answer changed — anything it shows, not only what search reads — and
 * every seller whose company, GSTIN, state or status changed, by transaction; the index's catch-up
 * reads them with its own changes and drops them here, so a search that sees a commit's version
 * also sees its products' new answers. A whole reload of the index empties it.
 *
 * A text read from the database while a change was being dropped may be older than the drop: it
 * is kept only if neither its product nor its seller was dropped since the read began (`since`).
 *
 * Kept as UTF-8 bytes, each in its own buffer outside V8's heap: a page's answer is the kept bytes
 * copied together, never a 120 KB string encoded again per answer (that took a cold search half a
 * millisecond), and ten thousand kept answers are not marked by every garbage collection.
 *
 * Bounded: least recently used answers go first once their bytes pass `maxBytes`.
 *
 * A product on sale has an answer per set of its events open (`view`, from the search index's
 * `answerKey`; empty for its regular answer): a window opening or closing changes the key, never
 * the text kept under one, so no answer outlives a sale boundary. Its answers go together when it
 * is dropped.
 */

/** 24 MB of text (about 10,000 products) unless told otherwise (the server: SEARCH_ANSWERS_MB). */
export const PRODUCT_JSON_MAX_BYTES = 24 * 1024 * 1024;
/** Drops remembered one by one; past this many, reads that began before are all refused. */
const REMEMBER_DROPS = 20_000;
/** What one entry costs beside its text (the Map entry, the key, the record, the digest). */
export const ENTRY_OVERHEAD = 260;

/** A product's answer: its JSON as UTF-8, and the JSON's SHA-1 (answers' ETags are made of them). */
export interface ProductAnswer {
  readonly json: Buffer;
  readonly digest: Buffer;
}

interface Entry extends ProductAnswer {
  id: string;
  sellerId: string;
}

/** Where an answer is kept: the product's id, with the view it was made for when there is one. */
const keyOf = (id: string, view: string) => (view ? `${id}\u0000${view}` : id);

/** The text as UTF-8 in a buffer of its own (not a slice of Node's shared pool, which a kept slice would pin). */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** A product's answer made from its JSON text. */
function productAnswer(text: string): ProductAnswer {
  const json = ownBytes(text);
  return { json, digest: createHash('sha1').update(json).digest() };
}

export class ProductJsonCache {
  private entries = new Map<string, Entry>();
  /** The keys of each product's answers made for a sale view (most products have none). */
  private viewed = new Map<string, Set<string>>();
  private bytes = 0;
  /** Advanced by each drop: a read records where it began. */
  private epoch = 0;
  /** When each product and seller named by a recent drop was dropped; reads older than `floor` are refused. */
  private droppedProducts = new Map<string, number>();
  private droppedSellers = new Map<string, number>();
  private floor = 0;
  /** Texts found here, and texts read from the database (metrics, tests). */
  hits = 0;
  misses = 0;

  constructor(readonly maxBytes = PRODUCT_JSON_MAX_BYTES) {}

  get size() {
    return this.entries.size;
  }

  get heldBytes() {
    return this.bytes;
  }

  /** The product's JSON for `view`, or undefined (it then counts as most recently used). */
  get(id: string, view = ''): ProductAnswer | undefined {
    const key = keyOf(id, view);
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Whether the product's JSON for `view` is kept (not counted as a use). */
  has(id: string, view = ''): boolean {
    return this.entries.has(keyOf(id, view));
  }

  /** Where a read from the database begins: pass it to `put`. */
  begin(): number {
    return this.epoch;
  }

  /**
   * Keeps a product's JSON read since `since`, unless the product or its seller was dropped after;
   * the JSON's bytes, kept or not.
   */
  put(id: string, sellerId: string, text: string, since: number, view = ''): ProductAnswer {
    const answer = productAnswer(text);
    const { json } = answer;
    if (since < this.floor) return answer;
    if ((this.droppedProducts.get(id) ?? -1) >= since) return answer;
    if ((this.droppedSellers.get(sellerId) ?? -1) >= since) return answer;
    const cost = json.length + ENTRY_OVERHEAD;
    if (cost > this.maxBytes) return answer;
    const key = keyOf(id, view);
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { json, digest: answer.digest, id, sellerId });
    if (view) {
      const keys = this.viewed.get(id) ?? new Set<string>();
      this.viewed.set(id, keys.add(key));
    }
    this.bytes += cost;
    for (const [k, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(k, entry);
    }
    return answer;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.json.length + ENTRY_OVERHEAD;
    if (key === entry.id) return;
    const keys = this.viewed.get(entry.id);
    keys?.delete(key);
    if (keys?.size === 0) this.viewed.delete(entry.id);
  }

  /** Forgets every answer of a product (its regular one and those for sale views). */
  private forget(id: string) {
    const entry = this.entries.get(id);
    if (entry) this.remove(id, entry);
    const keys = this.viewed.get(id);
    if (!keys) return;
    for (const key of [...keys]) {
      const viewed = this.entries.get(key);
      if (viewed) this.remove(key, viewed);
    }
    this.viewed.delete(id);
  }

  /** Forgets the texts of these products and of every product of these sellers. */
  drop(productIds: readonly string[], sellerIds: readonly string[] = []): void {
    if (productIds.length === 0 && sellerIds.length === 0) return;
    const at = this.epoch++;
    for (const id of productIds) {
      this.forget(id);
      this.droppedProducts.set(id, at);
    }
    if (sellerIds.length > 0) {
      const sellers = new Set(sellerIds);
      for (const [key, entry] of this.entries) if (sellers.has(entry.sellerId)) this.remove(key, entry);
      for (const id of sellers) this.droppedSellers.set(id, at);
    }
    if (this.droppedProducts.size + this.droppedSellers.size > REMEMBER_DROPS) {
      this.droppedProducts.clear();
      this.droppedSellers.clear();
      this.floor = this.epoch;
    }
  }

  /** Forgets everything (the index reloaded whole: changes before its snapshot are not read again). */
  clear(): void {
    this.entries.clear();
    this.viewed.clear();
    this.bytes = 0;
    this.droppedProducts.clear();
    this.droppedSellers.clear();
    this.epoch++;
    this.floor = this.epoch;
  }
}
