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
  sellerId: string;
}

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

  /** The product's JSON, or undefined (it then counts as most recently used). */
  get(id: string): ProductAnswer | undefined {
    const entry = this.entries.get(id);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry;
  }

  /** Whether the product's JSON is kept (not counted as a use). */
  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Where a read from the database begins: pass it to `put`. */
  begin(): number {
    return this.epoch;
  }

  /**
   * Keeps a product's JSON read since `since`, unless the product or its seller was dropped after;
   * the JSON's bytes, kept or not.
   */
  put(id: string, sellerId: string, text: string, since: number): ProductAnswer {
    const answer = productAnswer(text);
    const { json } = answer;
    if (since < this.floor) return answer;
    if ((this.droppedProducts.get(id) ?? -1) >= since) return answer;
    if ((this.droppedSellers.get(sellerId) ?? -1) >= since) return answer;
    const cost = json.length + ENTRY_OVERHEAD;
    if (cost > this.maxBytes) return answer;
    const old = this.entries.get(id);
    if (old) {
      this.entries.delete(id);
      this.bytes -= old.json.length + ENTRY_OVERHEAD;
    }
    this.entries.set(id, { json, digest: answer.digest, sellerId });
    this.bytes += cost;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.json.length + ENTRY_OVERHEAD;
    }
    return answer;
  }

  /** Forgets the texts of these products and of every product of these sellers. */
  drop(productIds: readonly string[], sellerIds: readonly string[] = []): void {
    if (productIds.length === 0 && sellerIds.length === 0) return;
    const at = this.epoch++;
    for (const id of productIds) {
      const entry = this.entries.get(id);
      if (entry) {
        this.entries.delete(id);
        this.bytes -= entry.json.length + ENTRY_OVERHEAD;
      }
      this.droppedProducts.set(id, at);
    }
    if (sellerIds.length > 0) {
      const sellers = new Set(sellerIds);
      for (const [id, entry] of this.entries)
        if (sellers.has(entry.sellerId)) {
          this.entries.delete(id);
          this.bytes -= entry.json.length + ENTRY_OVERHEAD;
        }
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
    this.bytes = 0;
    this.droppedProducts.clear();
    this.droppedSellers.clear();
    this.epoch++;
    this.floor = this.epoch;
  }
}
