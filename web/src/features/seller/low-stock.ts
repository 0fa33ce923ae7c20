import { LOW_STOCK } from '@vastra/contracts/constants';
import type { Product } from '../../lib/types.ts';

type Variant = Product['variants'][number];

/** "M", "M Blue": how a variant is named in the seller's list. */
export const variantLabel = (v: Pick<Variant, 'size' | 'color'>) =>
  [v.size, v.color].filter(Boolean).join(' ');

/** Whether a variant is running out (fewer than LOW_STOCK left). */
export const isLow = (v: Pick<Variant, 'stock'>) => v.stock < LOW_STOCK;

/** "Low: M (2), L (0 – sold out)", or null when every variant has enough. */
export function lowStockNote(variants: Pick<Variant, 'size' | 'color' | 'stock'>[]): string | null {
  const low = variants.filter(isLow);
  if (low.length === 0) return null;
  return `Low: ${low.map((v) => `${variantLabel(v)} (${v.stock === 0 ? /*i18n*/ '0 – sold out' : v.stock})`).join(', ')}`;
}
