/** The wishlist: products a customer saved for later. Other modules and workflows import only this file. */
export { addToWishlist, listWishlist, removeFromWishlist } from './service.ts';
