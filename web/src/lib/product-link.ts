import { STORAGE, store } from './storage.ts';

/** Shareable product URL; the id is also remembered so bare /product-page reopens it (SPEC §3). */
export function productPath(id: string): string {
  return `/product-page/${encodeURIComponent(id)}`;
}

export function rememberProduct(id: string): void {
  store.set(STORAGE.productPageId, id);
}
