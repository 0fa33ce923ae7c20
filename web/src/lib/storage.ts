/**
 * Browser storage keys of SPEC §3, kept so sessions and habits of the original client carry over.
 * Everything that touches localStorage goes through these names.
 */
export const STORAGE = {
  userToken: 'userToken',
  userFullName: 'userFullName',
  sellerToken: 'sellerToken',
  sellerFullName: 'sellerFullName',
  adminToken: 'adminToken',
  adminName: 'adminName',
  productPageId: 'productPageId',
  updateProductId: 'updateProductId',
  cartProductObjectId: 'cartProductObjectId',
  paymentMethod: 'paymentMethod',
} as const;

/** localStorage that never throws (private mode, disabled storage, tests). */
export const store = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the session lives only in memory for this page.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  },
};
