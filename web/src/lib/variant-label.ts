import type { I18n } from '@lingui/core';
import { FREE_SIZE } from '@vastra/contracts/constants';

/**
 * "Size: M · Colour: Blue" for a cart line or order item; '' for a Free Size item in one colour
 * (nothing was chosen, so nothing is said).
 */
export function variantLabel(size: string, color: string, i18n: I18n): string {
  const parts = [];
  if (size && size !== FREE_SIZE) parts.push(i18n._('Size: {size}', { size }));
  if (color) parts.push(i18n._('Colour: {color}', { color }));
  if (parts.length > 0 && size === FREE_SIZE) parts.unshift(i18n._('Size: {size}', { size: FREE_SIZE }));
  return parts.join(' · ');
}

/** "Sizes S–XL" for a card (sizes come in size order); '' for an unsized product. */
export function sizeRange(sizes: readonly string[], i18n: I18n): string {
  const sized = sizes.filter((s) => s !== FREE_SIZE);
  if (sized.length === 0) return '';
  if (sized.length === 1) return i18n._('Size {size}', { size: sized[0] });
  return i18n._('Sizes {from}–{to}', { from: sized[0], to: sized[sized.length - 1] });
}
