/** Cart and checkout in progress. Other modules and workflows import only this file. */
export { methodName, readCartLines } from './cart-lines.ts';
export { clearCheckout, readCheckout, type ShippingAddress, setPaymentMethod } from './checkout.ts';
export { freePendingCartLines, markCartPending, removeBoughtLines } from './pending-lines.ts';
export { removeProductFromCarts } from './remove-product.ts';
export { CART_LINE_NOT_FOUND, CHOOSE_SIZE, removeCartLine, SIZE_NOT_FOUND } from './service.ts';
