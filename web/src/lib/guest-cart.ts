import { useSyncExternalStore } from 'react';
import { store } from './storage.ts';

/**
 * A visitor's cart, kept in this browser (localStorage) until login or sign-up merges it into the
 * account's (`POST /api/user/cart/merge`). Lines hold ids and quantities only: names, prices and
 * totals are always the server's (`POST /api/cart/preview`). This file is on every page (the
 * header's badge); the edits, with the cart's limits, are in guest-cart-edit.ts.
 */
export interface GuestLine {
  productId: string;
  /** The size chosen; absent on lines kept before sizes existed (the product's only variant). */
  variantId?: string;
  quantity: number;
}

/** What names one guest line: a product and its size (`variantId` left out: its only variant). */
export type GuestLineRef = Pick<GuestLine, 'productId' | 'variantId'>;

/**
 * Whether a stored line is the one `ref` names. A line without a size is the product's only
 * variant, so it matches whatever variant the server resolved it to.
 */
export function isLine(line: GuestLineRef, ref: GuestLineRef): boolean {
  if (line.productId !== ref.productId) return false;
  return line.variantId === undefined || ref.variantId === undefined || line.variantId === ref.variantId;
}

export const GUEST_CART_KEY = 'guestCart';
const EMPTY: GuestLine[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; lines: GuestLine[] } | undefined;

function parse(raw: string | null): GuestLine[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    return value.filter(
      (l): l is GuestLine =>
        typeof l?.productId === 'string' &&
        (l.variantId === undefined || typeof l.variantId === 'string') &&
        Number.isInteger(l?.quantity) &&
        l.quantity >= 1,
    );
  } catch {
    return EMPTY;
  }
}

/** The lines, newest first; the same array until they change (for useSyncExternalStore). */
export function guestLines(): GuestLine[] {
  const raw = store.get(GUEST_CART_KEY);
  if (cached?.raw !== raw) cached = { raw, lines: parse(raw) };
  return cached.lines;
}

/** Replaces the lines (lib/guest-cart-edit.ts keeps them within the cart's limits). */
export function writeGuestLines(lines: GuestLine[]) {
  if (lines.length === 0) store.remove(GUEST_CART_KEY);
  else store.set(GUEST_CART_KEY, JSON.stringify(lines));
  for (const l of listeners) l();
}

/** Whether this browser can keep a guest cart at all (private modes may refuse storage). */
export function canKeepGuestCart(): boolean {
  const probe = `${GUEST_CART_KEY}.probe`;
  store.set(probe, '1');
  const ok = store.get(probe) === '1';
  store.remove(probe);
  return ok;
}

export function removeGuestLines(refs: GuestLineRef[]) {
  if (refs.length === 0) return;
  writeGuestLines(guestLines().filter((l) => !refs.some((r) => isLine(l, r))));
}

export function clearGuestCart() {
  writeGuestLines(EMPTY);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === GUEST_CART_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const NO_LINES: GuestLine[] = [];

/**
 * The guest cart's lines; re-renders when they change (also in other tabs). Server-rendered pages
 * show an empty cart: hydration starts from that too, then shows the stored lines.
 */
export function useGuestLines(): GuestLine[] {
  return useSyncExternalStore(subscribe, guestLines, () => NO_LINES);
}
