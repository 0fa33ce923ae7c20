import { count } from 'drizzle-orm';
import { LocalDiskStorage, type MediaStorage } from '../../modules/media/index.ts';
import type { Db } from '../client.ts';
import { products } from '../schema.ts';
import { seedDemoAccounts, seedDemoReviewers } from './demo-accounts.ts';
import { seedDemoProducts } from './demo-products.ts';

export interface SeedOptions {
  dataDir: string;
  /** Where generated product images go (the media storage root), when no storage is given. */
  mediaDir: string;
  /** The app's storage driver (`app.deps.storage`); defaults to local disk under mediaDir. */
  storage?: MediaStorage;
}

/**
 * On first start with an empty catalogue: demo accounts, then the demo catalogue (74 products
 * in sizes and colours, with drawn photos, descriptions, size charts and reviews). Returns false
 * when there already were products.
 */
export async function seedDemoIfEmpty(db: Db, opts: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) > 0) return false;
  const { sellerIds } = await seedDemoAccounts(db, opts.dataDir);
  const reviewers = await seedDemoReviewers(db);
  await seedDemoProducts(db, opts.storage ?? new LocalDiskStorage(opts.mediaDir), sellerIds, reviewers);
  return true;
}
