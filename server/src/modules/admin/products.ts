import type { AdminListQuery, AdminPage, AdminProduct } from '@vastra/contracts';
import { count, desc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import { isId } from '../../lib/ids.ts';
import { productColumns, toApiProduct } from '../catalog/index.ts';
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
      .select({
        ...productColumns,
        status: products.status,
        sellerStatus: sellers.status,
        hiddenReason: products.hiddenReason,
      })
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
  const items = rows.map((r) => ({
    ...toApiProduct(r),
    status: r.status,
    sellerStatus: r.sellerStatus,
    hiddenReason: r.hiddenReason,
  }));
  return pageOf(items, total?.n ?? 0, query);
}
