import { compareSizes } from '@vastra/contracts/constants';
import { useState } from 'react';
import type { Product } from '../../lib/types.ts';

type Variant = Product['variants'][number];

/** One size button: the variant it buys (in the chosen colour) and whether it is sold out. */
export interface SizeOption {
  size: string;
  variant: Variant;
  soldOut: boolean;
}

/** The product's colours in the order its variants list them ('' = one colour: none to choose). */
export function coloursOf(variants: Variant[]): string[] {
  return [...new Set(variants.map((v) => v.color).filter(Boolean))];
}

/** The sizes on offer in `colour` (every size when the product has one colour), in size order. */
export function sizeOptions(variants: Variant[], colour: string): SizeOption[] {
  return variants
    .filter((v) => v.color === colour)
    .sort((a, b) => compareSizes(a.size, b.size))
    .map((v) => ({ size: v.size, variant: v, soldOut: v.stock <= 0 }));
}

/** The colour shown first: the first with a size in stock, else the first. */
function firstColour(variants: Variant[]): string {
  const colours = coloursOf(variants);
  return colours.find((c) => variants.some((v) => v.color === c && v.stock > 0)) ?? colours[0] ?? '';
}

/**
 * The shopper's colour and size on the product page. A product with one variant has it chosen
 * already; otherwise the size waits for a click. Changing colour keeps the size when the new
 * colour has it in stock.
 */
export function useVariantChoice(product: Product) {
  const { variants } = product;
  const [colour, setColour] = useState(() => firstColour(variants));
  const [size, setSize] = useState<string | undefined>(() =>
    variants.length === 1 ? variants[0]?.size : undefined,
  );
  const options = sizeOptions(variants, colour);
  const chosen = options.find((o) => o.size === size && !o.soldOut)?.variant;
  return {
    colours: coloursOf(variants),
    colour,
    options,
    chosen,
    chooseColour(next: string) {
      setColour(next);
      const keeps = sizeOptions(variants, next).some((o) => o.size === size && !o.soldOut);
      if (!keeps) setSize(undefined);
    },
    chooseSize: setSize,
  };
}
