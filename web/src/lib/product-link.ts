import { productUrlPath } from '@vastra/contracts/constants';
import { STORAGE, store } from './storage.ts';

/**
 * A product's URL: the readable /p/{slug}-{id} when the name is known, else SPEC §2's
 * /product-page/:id. The id is also remembered so bare /product-page reopens it (SPEC §3).
 */
export function productPath(id: string, name?: string): string {
  return name ? productUrlPath(id, name) : `/product-page/${encodeURIComponent(id)}`;
}

export function rememberProduct(id: string): void {
  store.set(STORAGE.productPageId, id);
}
