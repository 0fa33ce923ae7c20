import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cartItems } from '../../db/schema.ts';

/**
 * Takes a product out of every cart (it was removed from the shop). Call it inside the removing
 * transaction so no cart can keep a product the shop no longer sells. Returns how many lines went.
 */
export async function removeProductFromCarts(tx: DbOrTx, productId: string): Promise<number> {
  const removed = await tx
    .delete(cartItems)
    .where(eq(cartItems.productId, productId))
    .returning({ id: cartItems.id });
  return removed.length;
}
