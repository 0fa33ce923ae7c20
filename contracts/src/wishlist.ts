import { z } from 'zod';
import { productSchema } from './catalog.ts';
import { shoppingId } from './shopping.ts';

/** Body of `POST /api/user/wishlist`. */
export const addToWishlistSchema = z.object({ productId: shoppingId('productId') });
export type AddToWishlistInput = z.input<typeof addToWishlistSchema>;

/** Path of `DELETE /api/user/wishlist/{productId}`. */
export const wishlistParamsSchema = z.object({ productId: shoppingId('productId') });

/** Answer of `GET /api/user/wishlist`: products as listings show them, newest saved first. */
export const wishlistAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
});
export type WishlistAnswer = z.infer<typeof wishlistAnswerSchema>;

/** Answer of adding or removing: whether the product is now in the wishlist. */
export const wishlistChangeAnswerSchema = z.object({
  success: z.literal(true),
  productId: z.string(),
  inWishlist: z.boolean(),
});
export type WishlistChangeAnswer = z.infer<typeof wishlistChangeAnswerSchema>;
