import type { AdminListQuery, AdminPage, AdminProduct } from '@vastra/contracts';
import { count, desc, eq, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { isId } from '../../lib/ids.ts';
import { removeProductFromCarts } from '../cart/remove-product.ts';
import { productColumns, toApiProduct } from '../catalog/product-view.ts';
import { bumpCatalogVersion } from '../catalog/version.ts';
import { matchAny, offsetOf, pageOf } from './paging.ts';

/**
 * Every product, removed ones and suspended sellers' included, newest first, with the two states
 * that decide whether the shop shows it. q matches the name, brand, company, or an exact product id.
 */
export async function listAdminProducts(db: DbOrTx, query: AdminListQuery): Promise<AdminPage<AdminProduct>> {
  const q = query.q;
  const where = q
    ? or(
        matchAny(q, [products.name, products.brand, sellers.companyName]),
        isId(q) ? eq(products.id, q.toLowerCase()) : undefined,
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...productColumns, status: products.status, sellerStatus: sellers.status })
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ n: count() })
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(where),
  ]);
  const items = rows.map((r) => ({ ...toApiProduct(r), status: r.status, sellerStatus: r.sellerStatus }));
  return pageOf(items, total?.n ?? 0, query);
}

/**
 * Takes a product that breaks the rules out of the shop: marked removed (kept for order history,
 * its image kept as evidence), taken out of every cart, the catalogue version bumped. Orders
 * already placed are untouched. Removing a removed product changes nothing.
 */
export async function removeProductByAdmin(db: Db, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({ status: 'removed', updatedAt: new Date() })
      .where(eq(products.id, productId))
      .returning({ id: products.id });
    if (!row) throw notFound('Product not found');
    await removeProductFromCarts(tx, productId);
    await bumpCatalogVersion(tx);
  });
}
