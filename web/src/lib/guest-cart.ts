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
  quantity: number;
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
        typeof l?.productId === 'string' && Number.isInteger(l?.quantity) && l.quantity >= 1,
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

export function removeGuestLines(productIds: string[]) {
  if (productIds.length === 0) return;
  writeGuestLines(guestLines().filter((l) => !productIds.includes(l.productId)));
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

/** The guest cart's lines; re-renders when they change (also in other tabs). */
export function useGuestLines(): GuestLine[] {
  return useSyncExternalStore(subscribe, guestLines, guestLines);
}
