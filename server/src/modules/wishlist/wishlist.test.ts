import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { callerOf, type FastAccount, quickSeller, quickUser } from '../../../test/shop-fixtures.ts';
import { products, wishlistItems } from '../../db/schema.ts';

let ctx: TestContext;
let seller: FastAccount;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await quickSeller(ctx.app);
});
afterAll(() => ctx?.close());

const call = callerOf(() => ctx.app);
const save = (who: FastAccount | undefined, productId: unknown) =>
  call('POST', '/api/user/wishlist', who, { productId });
const unsave = (who: FastAccount | undefined, productId: string) =>
  call('DELETE', `/api/user/wishlist/${productId}`, who);
const listed = async (who: FastAccount) => {
  const res = await call('GET', '/api/user/wishlist', who);
  expect(res.statusCode).toBe(200);
  return (res.json().products as Array<{ _id: string }>).map((p) => p._id);
};
const rowsOf = async (userId: string) =>
  (await ctx.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId))).map((r) => r.productId);

describe('the wishlist', () => {
  it('lists saved products newest first, as listings show them', async () => {
    const user = await quickUser(ctx.app);
    const older = await insertProduct(ctx.db, seller.id, { pricePaise: 49_900, mrpPaise: 79_900 });
    const newer = await insertProduct(ctx.db, seller.id);
    expect((await save(user, older.id)).json()).toEqual({
      success: true,
      productId: older.id,
      inWishlist: true,
    });
    await save(user, newer.id);
    const res = await call('GET', '/api/user/wishlist', user);
    expect(res.json().products.map((p: { _id: string }) => p._id)).toEqual([newer.id, older.id]);
    expect(res.json().products[1]).toMatchObject({
      _id: older.id,
      productName: older.name,
      price: 499,
      markPrice: 799,
      stockQuantity: 10,
      companyName: expect.any(String),
    });
  });

  it('saving twice keeps one row and its place in the list', async () => {
    const user = await quickUser(ctx.app);
    const first = await insertProduct(ctx.db, seller.id);
    const second = await insertProduct(ctx.db, seller.id);
    await save(user, first.id);
    await save(user, second.id);
    const again = await save(user, first.id.toUpperCase());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, productId: first.id, inWishlist: true });
    expect(await rowsOf(user.id)).toHaveLength(2);
    expect(await listed(user)).toEqual([second.id, first.id]);
  });

  it('removes a product; removing it again answers the same', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    await save(user, p.id);
    const res = await unsave(user, p.id);
    expect(res.json()).toEqual({ success: true, productId: p.id, inWishlist: false });
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await unsave(user, p.id)).json()).toEqual({ success: true, productId: p.id, inWishlist: false });
  });

  it('leaves out products removed since, and brings them back if they return', async () => {
    const user = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    await save(user, p.id);
    await ctx.db.update(products).set({ status: 'removed' }).where(eq(products.id, p.id));
    expect(await listed(user)).toEqual([]);
    await ctx.db.update(products).set({ status: 'active' }).where(eq(products.id, p.id));
    expect(await listed(user)).toEqual([p.id]);
  });

  it('refuses removed, unknown and malformed products', async () => {
    const user = await quickUser(ctx.app);
    const removed = await insertProduct(ctx.db, seller.id, { status: 'removed' });
    const gone = await save(user, removed.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, error: 'Product not found' });
    expect((await save(user, '8f1d3a52-5c1e-4a4e-9a59-2f7d2a0b9c11')).statusCode).toBe(404);
    for (const bad of ['nope', 7, undefined, 'a\u0000']) {
      const res = await save(user, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json().errors[0]).toMatchObject({ path: 'productId' });
    }
    const badPath = await unsave(user, 'nope');
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().errors[0]).toMatchObject({ path: 'productId' });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('is each customer’s own: another customer neither sees nor removes it', async () => {
    const owner = await quickUser(ctx.app);
    const other = await quickUser(ctx.app);
    const p = await insertProduct(ctx.db, seller.id);
    await save(owner, p.id);
    expect(await listed(other)).toEqual([]);
    expect((await unsave(other, p.id)).statusCode).toBe(200);
    expect(await rowsOf(owner.id)).toEqual([p.id]);
  });

  it('needs a customer token: 401 without one, 403 for a seller', async () => {
    const p = await insertProduct(ctx.db, seller.id);
    for (const res of [
      await call('GET', '/api/user/wishlist'),
      await save(undefined, p.id),
      await unsave(undefined, p.id),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    }
    expect((await save(seller, p.id)).statusCode).toBe(403);
    expect((await call('GET', '/api/user/wishlist', seller)).statusCode).toBe(403);
  });
});
