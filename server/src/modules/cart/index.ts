/** Cart and checkout in progress. Other modules and workflows import only this file. */
export { type CartLineRow, methodName, readCartLines, variantColumns } from './cart-lines.ts';
export {
  checkoutColumns,
  chooseCheckout,
  clearCheckout,
  hasShippingAddress,
  readCheckout,
  type ShippingAddress,
  setPaymentMethod,
} from './checkout.ts';
export {
  cartChecked,
  cartLocksSql,
  cartWriteSql,
  freePendingCartLines,
  markCartPending,
  removeBoughtLines,
} from './pending-lines.ts';
export { removeProductFromCarts } from './remove-product.ts';
export { CART_LINE_NOT_FOUND, CHOOSE_SIZE, removeCartLine, SIZE_NOT_FOUND } from './service.ts';
