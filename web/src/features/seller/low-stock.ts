import type { I18n } from '@lingui/core';
import { LOW_STOCK } from '@vastra/contracts/constants';
import type { Product } from '../../lib/types.ts';

type Variant = Product['variants'][number];

/** "M", "M Blue": how a variant is named in the seller's list. */
export const variantLabel = (v: Pick<Variant, 'size' | 'color'>) =>
  [v.size, v.color].filter(Boolean).join(' ');

/** Whether a variant is running out (fewer than LOW_STOCK left). */
export const isLow = (v: Pick<Variant, 'stock'>) => v.stock < LOW_STOCK;

/** "Low: M (2), L (0 – sold out)" in the seller's language, or null when every variant has enough. */
export function lowStockNote(
  variants: Pick<Variant, 'size' | 'color' | 'stock'>[],
  i18n: I18n,
): string | null {
  const low = variants.filter(isLow);
  if (low.length === 0) return null;
  const sizes = low
    .map((v) => `${variantLabel(v)} (${v.stock === 0 ? i18n._('0 – sold out') : v.stock})`)
    .join(', ');
  return i18n._('Low: {sizes}', { sizes });
}
