import { FREE_SIZE } from '@vastra/contracts/constants';

/**
 * "Size: M · Colour: Blue" for a cart line or order item; '' for a Free Size item in one colour
 * (nothing was chosen, so nothing is said).
 */
export function variantLabel(size: string, color: string): string {
  const parts = [];
  if (size && size !== FREE_SIZE) parts.push(`Size: ${size}`);
  if (color) parts.push(`Colour: ${color}`);
  if (parts.length > 0 && size === FREE_SIZE) parts.unshift(`Size: ${FREE_SIZE}`);
  return parts.join(' · ');
}

/** "Sizes S–XL" for a card (sizes come in size order); '' for an unsized product. */
export function sizeRange(sizes: readonly string[]): string {
  const sized = sizes.filter((s) => s !== FREE_SIZE);
  if (sized.length === 0) return '';
  if (sized.length === 1) return `Size ${sized[0]}`;
  return `Sizes ${sized[0]}–${sized[sized.length - 1]}`;
}
