import type { SubCategory } from './catalog-constants.ts';

/** The size of an unsized item, and of every product made through the SPEC §7 payloads. */
export const FREE_SIZE = 'Free Size';

/** Adult letter sizes (shirts, tops, hoodies, dresses). */
export const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;
/** Waist sizes in inches (trousers), even numbers 26–44. */
export const WAIST_SIZES = ['26', '28', '30', '32', '34', '36', '38', '40', '42', '44'] as const;
/** Children's ages. */
export const KIDS_SIZES = [
  '0-6M',
  '6-12M',
  '12-18M',
  '18-24M',
  '2-3Y',
  '3-4Y',
  '4-5Y',
  '5-6Y',
  '6-7Y',
  '7-8Y',
  '8-9Y',
  '9-10Y',
  '10-11Y',
  '11-12Y',
  '12-13Y',
  '13-14Y',
  '14-15Y',
] as const;

/** Every size a variant may have, in the order sizes are shown (smallest first, Free Size last). */
export const SIZES = [...LETTER_SIZES, ...WAIST_SIZES, ...KIDS_SIZES, FREE_SIZE] as const;
export type Size = (typeof SIZES)[number];

const SIZE_RANK = new Map<string, number>(SIZES.map((s, i) => [s, i]));

/** Sorts sizes into display order (unknown spellings last, alphabetically). */
export function compareSizes(a: string, b: string): number {
  const ra = SIZE_RANK.get(a) ?? SIZES.length;
  const rb = SIZE_RANK.get(b) ?? SIZES.length;
  return ra - rb || a.localeCompare(b);
}

/** The size set offered to a seller for each sub-category (Free Size is always offered too). */
export const SIZE_SETS: Record<SubCategory, readonly string[]> = {
  gentsShirt: LETTER_SIZES,
  gentsPant: WAIST_SIZES,
  gentsHoody: LETTER_SIZES,
  girlsTop: LETTER_SIZES,
  LadiesPant: WAIST_SIZES,
  LadiesDress: LETTER_SIZES,
  KidsWear: KIDS_SIZES,
};

/** Sizes a product of this sub-category may use: its set, plus Free Size for unsized items. */
export const sizesFor = (subCategory: SubCategory): readonly string[] => [
  ...SIZE_SETS[subCategory],
  FREE_SIZE,
];

/** Limits of the richer catalogue (issue "Clothing catalogue"). */
export const CATALOG_LIMITS = {
  description: 5000,
  images: 8,
  imageAlt: 200,
  variants: 60,
  sku: 64,
  color: 40,
  sizeChartMeasurements: 8,
  measurementName: 30,
} as const;

/** Fewer than this many left of a variant shows as low stock in the seller's list. */
export const LOW_STOCK = 5;
