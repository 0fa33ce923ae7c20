import { MAX_LINE_QUANTITY } from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { cartItems } from '../../db/schema.ts';

/**
 * MAX_LINE_QUANTITY bounds a cart line's total, whichever way it grows: one request, the same
 * product added again, or stepped up with `PUT add-to-cart`. Over it: a 400 that changes nothing.
 */
let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

/** A customer and a product with far more stock than the line may hold, so only the limit can refuse. */
async function shopper() {
  const user = await quickUser(ctx.app);
  const product = await insertProduct(ctx.db, seller.id, { stock: MAX_LINE_QUANTITY * 10 });
  const add = (quantity: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/add-to-cart',
      headers: user.headers,
      payload: { productId: product.id, quantity },
    });
  const step = (cartProductId: string, increament: 1 | -1) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/user/add-to-cart',
      headers: user.headers,
      payload: { cartProductId, increament },
    });
  const line = async () =>
    (
      await ctx.db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.userId, user.id), eq(cartItems.productId, product.id)))
    )[0];
  return { add, step, line };
}

function expectLineFull(res: { statusCode: number; json(): unknown }, held: number) {
  expect(res.statusCode).toBe(400);
  const message = `You can have at most ${MAX_LINE_QUANTITY} of one product in your cart (you have ${held})`;
  expect(res.json()).toEqual({
    success: false,
    error: message,
    errors: [{ msg: message, path: 'quantity' }],
  });
}

describe('the per-line quantity limit', () => {
  it('holds for the line total when the same product is added again', async () => {
    const { add, line } = await shopper();
    const near = MAX_LINE_QUANTITY - 2;
    expect((await add(near)).statusCode).toBe(200);
    expect((await add(2)).json()).toMatchObject({ success: true, quantity: MAX_LINE_QUANTITY });

    expectLineFull(await add(1), MAX_LINE_QUANTITY);
    expectLineFull(await add(MAX_LINE_QUANTITY), MAX_LINE_QUANTITY);
    expect((await line())?.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('refuses an addition that would cross it, and leaves the line as it was', async () => {
    const { add, line } = await shopper();
    expect((await add(MAX_LINE_QUANTITY - 5)).statusCode).toBe(200);
    expectLineFull(await add(6), MAX_LINE_QUANTITY - 5);
    expect((await line())?.quantity).toBe(MAX_LINE_QUANTITY - 5);
    // What still fits is accepted.
    expect((await add(5)).json()).toMatchObject({ quantity: MAX_LINE_QUANTITY });
  });

  it('holds when the line is stepped up, while stepping down stays allowed', async () => {
    const { add, step, line } = await shopper();
    const added = await add(MAX_LINE_QUANTITY);
    const cartProductId = added.json().cartProductId as string;

    expectLineFull(await step(cartProductId, 1), MAX_LINE_QUANTITY);
    expect((await line())?.quantity).toBe(MAX_LINE_QUANTITY);

    const down = await step(cartProductId, -1);
    expect(down.json()).toMatchObject({ success: true, quantity: MAX_LINE_QUANTITY - 1 });
    expect((await step(cartProductId, 1)).json()).toMatchObject({ quantity: MAX_LINE_QUANTITY });
    expect((await line())?.quantity).toBe(MAX_LINE_QUANTITY);
  });
});
