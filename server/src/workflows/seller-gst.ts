import type { SellerGstAnswer, sellerGstSchema } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { sellers } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { saveSellerGstColumns, sellerGstColumns } from '../modules/accounts/index.ts';
import { publishHeldProducts } from '../modules/catalog/index.ts';
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
    await saveSellerGstColumns(tx, sellerId, columns);
    const published = deps.config.gstMode === 'india' ? await publishHeldProducts(tx, sellerId) : 0;
    return {
      success: true,
      gstin: columns.gstin!,
      legalName: columns.legalName,
      state: columns.state,
      published,
    };
  });
}
