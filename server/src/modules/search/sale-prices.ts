import type { OpenSales } from '../catalog/index.ts';

/**
 * A product's sizes with their sale prices, as the index reads them with its row (memory-index.ts
 * ROW_COLUMNS): per size its regular price, whether it is in stock, and its sale prices in events
 * not ended yet as [event id, paise]. Null for a product with no such sale price (most of them).
 */
export type SaleRow = [number, boolean, [string, number][] | null][] | null;

/**
 * The sale prices of the products on sale, kept beside the index's slots so that sorting and
 * filtering by price use the price a shopper pays now (issue 36): the rule of `toApiProduct` — each
 * size at its lowest open sale price, the product at its lowest in stock (of all when sold out) —
 * applied to the events open for the viewer (the catalogue's sale calendar decides which, by time).
 * Event windows are not kept here (they change without touching a product); only which event each
 * sale price belongs to.
 *
 * Per product an Int32Array: per size [regular, in stock (0/1), n, (event code, paise) × n].
 * The prices of every product for one set of open events are made once and kept until a product
 * changes: a search during a sale reads one array, as it reads the regular prices without one.
 */
export class SalePrices {
  private readonly codes = new Map<string, number>();
  private readonly eventIds: string[] = [];
  /** Slot → its sizes and sale prices (live products on sale only). */
  private readonly bySlot = new Map<number, Int32Array>();
  /** Bumped by every product added or changed: the prices made per set of open events are made again. */
  private changes = 0;
  private readonly views = new Map<string, { changes: number; price: Int32Array }>();

  /** Products with sale prices kept. */
  get size() {
    return this.bySlot.size;
  }

  /** Keeps a slot's sale prices (none: forgets them); whether it has any. */
  set(slot: number, row: SaleRow): boolean {
    this.changes++;
    const encoded = row ? this.encode(row) : undefined;
    if (encoded) this.bySlot.set(slot, encoded);
    else this.bySlot.delete(slot);
    return encoded !== undefined;
  }

  /** A slot left the index. */
  delete(slot: number) {
    if (this.bySlot.delete(slot)) this.changes++;
  }

  /**
   * Every slot's price for a viewer with these sales open: `regular` itself when none of them has a
   * sale price here, else a copy with the sale prices applied (kept for the next search).
   */
  pricesFor(open: OpenSales, regular: Int32Array): Int32Array {
    if (open.events.size === 0 || this.bySlot.size === 0) return regular;
    const kept = this.views.get(open.key);
    if (kept && kept.changes === this.changes && kept.price.length === regular.length) return kept.price;
    const flags = new Uint8Array(this.eventIds.length);
    let any = false;
    for (const id of open.events.keys()) {
      const code = this.codes.get(id);
      if (code !== undefined) {
        flags[code] = 1;
        any = true;
      }
    }
    if (!any) return regular;
    const price = regular.slice();
    for (const [slot, sizes] of this.bySlot) {
      const paid = paidNow(sizes, flags);
      if (paid !== undefined) price[slot] = paid;
    }
    // A few viewers at a time (anonymous, signed in during early access): older sets go.
    if (this.views.size >= 4) this.views.clear();
    this.views.set(open.key, { changes: this.changes, price });
    return price;
  }

  /**
   * What a product's answer depends on among these open sales: its own events that are open (and
   * whether by early access); empty when none is, and then its answer is its regular one.
   */
  answerKey(slot: number | undefined, open: OpenSales): string {
    if (slot === undefined || open.events.size === 0) return '';
    const sizes = this.bySlot.get(slot);
    if (!sizes) return '';
    const found = new Set<string>();
    for (let i = 0; i < sizes.length; ) {
      const n = sizes[i + 2]!;
      for (let k = 0; k < n; k++) {
        const id = this.eventIds[sizes[i + 3 + 2 * k]!]!;
        const early = open.events.get(id);
        if (early !== undefined) found.add(early ? `${id}~` : id);
      }
      i += 3 + 2 * n;
    }
    return [...found].sort().join(',');
  }

  private encode(row: NonNullable<SaleRow>): Int32Array | undefined {
    const out: number[] = [];
    let offers = 0;
    for (const [regular, inStock, sales] of row) {
      out.push(regular, inStock ? 1 : 0, sales?.length ?? 0);
      for (const [eventId, paise] of sales ?? []) {
        out.push(this.code(eventId), paise);
        offers++;
      }
    }
    return offers > 0 ? Int32Array.from(out) : undefined;
  }

  private code(eventId: string): number {
    let c = this.codes.get(eventId);
    if (c === undefined) {
      c = this.eventIds.length;
      this.codes.set(eventId, c);
      this.eventIds.push(eventId);
    }
    return c;
  }
}

/**
 * The product's price with the flagged events open, or undefined when none of its sale prices is
 * open (its regular summary price stands): each size at its lowest open sale price, else its own;
 * the product at its lowest size in stock, of all when sold out (as `toApiProduct`).
 */
function paidNow(sizes: Int32Array, open: Uint8Array): number | undefined {
  let anyOpen = false;
  let inStock = Number.MAX_SAFE_INTEGER;
  let all = Number.MAX_SAFE_INTEGER;
  for (let i = 0; i < sizes.length; ) {
    let paid = sizes[i]!;
    const stocked = sizes[i + 1] === 1;
    const n = sizes[i + 2]!;
    let sale = Number.MAX_SAFE_INTEGER;
    for (let k = 0; k < n; k++) {
      const at = i + 3 + 2 * k;
      if (open[sizes[at]!] === 1 && sizes[at + 1]! < sale) sale = sizes[at + 1]!;
    }
    if (sale !== Number.MAX_SAFE_INTEGER) {
      paid = sale;
      anyOpen = true;
    }
    if (stocked && paid < inStock) inStock = paid;
    if (paid < all) all = paid;
    i += 3 + 2 * n;
  }
  if (!anyOpen) return undefined;
  return inStock !== Number.MAX_SAFE_INTEGER ? inStock : all;
}
