import type { SellerGstAnswer, sellerGstSchema } from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { products, sellers } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { sellerGstColumns } from '../modules/accounts/index.ts';
import { bumpCatalogVersion } from '../modules/catalog/index.ts';
import type { WorkflowDeps } from './deps.ts';

/**
 * `PUT /api/seller/gst-details`: the seller's GSTIN, legal name and registered state. In `india`
 * mode the products the seller added while unregistered go on sale in the same transaction.
 */
export async function saveSellerGst(
  deps: WorkflowDeps,
  sellerId: string,
  input: z.output<typeof sellerGstSchema>,
): Promise<SellerGstAnswer> {
  return deps.db.transaction(async (tx) => {
    const [seller] = await tx
      .select({ companyName: sellers.companyName })
      .from(sellers)
      .where(eq(sellers.id, sellerId))
      .for('update');
    if (!seller) throw notFound('Seller not found');
    const columns = sellerGstColumns(input, seller.companyName);
    await tx
      .update(sellers)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(sellers.id, sellerId));
    const published =
      deps.config.gstMode === 'india'
        ? await tx
            .update(products)
            .set({ status: 'active', updatedAt: new Date() })
            .where(and(eq(products.sellerId, sellerId), eq(products.status, 'unpublished')))
            .returning({ id: products.id })
        : [];
    if (published.length > 0) await bumpCatalogVersion(tx);
    return {
      success: true,
      gstin: columns.gstin!,
      legalName: columns.legalName,
      state: columns.state,
      published: published.length,
    };
  });
}
