import { FREE_SIZE, LETTER_SIZES, type SizeChart, type SubCategory } from '@vastra/contracts';

/**
 * Garment measurements in centimetres for the demo size charts, close to what Indian brands
 * publish: chest and bust grow 5 cm a size, waist sizes are inches, children's sizes go by age.
 */

type Table = { measurements: string[]; cm: (size: string) => (number | null)[] };

/** Position of a letter size (XS = 0 … XXXL = 6). */
const letter = (size: string) => (LETTER_SIZES as readonly string[]).indexOf(size);
/** Waist in cm of a waist size in inches. */
const waist = (size: string) => Math.round(Number(size) * 2.54);

const KIDS_CM: Record<string, [height: number, chest: number]> = {
  '0-6M': [62, 44],
  '6-12M': [74, 47],
  '12-18M': [80, 49],
  '18-24M': [86, 51],
  '2-3Y': [92, 53],
  '3-4Y': [98, 55],
  '4-5Y': [104, 57],
  '5-6Y': [110, 59],
  '6-7Y': [116, 61],
  '7-8Y': [122, 63],
  '8-9Y': [128, 66],
  '9-10Y': [134, 69],
  '10-11Y': [140, 72],
  '11-12Y': [146, 75],
  '12-13Y': [152, 78],
  '13-14Y': [158, 81],
  '14-15Y': [164, 84],
};

const TABLES: Record<SubCategory, Table> = {
  gentsShirt: {
    measurements: ['Chest', 'Length', 'Shoulder'],
    cm: (s) => [92 + 5 * letter(s), 70 + 2 * letter(s), 42 + 1.5 * letter(s)],
  },
  gentsHoody: {
    measurements: ['Chest', 'Length', 'Sleeve'],
    cm: (s) => [96 + 5 * letter(s), 66 + 2 * letter(s), 60 + letter(s)],
  },
  girlsTop: {
    measurements: ['Bust', 'Length', 'Shoulder'],
    cm: (s) => [81 + 5 * letter(s), 56 + 2 * letter(s), 34 + 1.5 * letter(s)],
  },
  LadiesDress: {
    measurements: ['Bust', 'Waist', 'Length'],
    cm: (s) => [81 + 5 * letter(s), 66 + 5 * letter(s), 120 + 2 * letter(s)],
  },
  gentsPant: {
    measurements: ['Waist', 'Hip', 'Inseam'],
    cm: (s) => [waist(s), Math.round(waist(s) * 1.05 + 17), 76 + Math.min(4, (Number(s) - 28) / 2)],
  },
  LadiesPant: {
    measurements: ['Waist', 'Hip', 'Length'],
    cm: (s) => [waist(s), waist(s) + 25, 96 + Math.min(4, (Number(s) - 26) / 2)],
  },
  KidsWear: {
    measurements: ['Height', 'Chest'],
    cm: (s) => KIDS_CM[s] ?? [null, null],
  },
};

/** The size chart of a product in these sizes; none for a Free Size garment. */
export function sizeChartOf(subCategory: SubCategory, sizes: string[]): SizeChart | null {
  if (sizes.length === 0 || sizes.includes(FREE_SIZE)) return null;
  const table = TABLES[subCategory];
  return { measurements: table.measurements, rows: sizes.map((size) => ({ size, cm: table.cm(size) })) };
}
