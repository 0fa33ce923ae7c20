import { FREE_SIZE, SIZE_SETS, type SubCategory } from '@vastra/contracts';
import type { GarmentColor } from './garment-images.ts';

/**
 * How a generated product comes in sizes and colours: a run of 4–6 neighbouring sizes from the
 * sizes shops usually stock for its sub-category, about a quarter in two or three colours, and a
 * few unsized garments in "Free Size". Shared by the demo catalogue and the bench catalogue.
 */

/** Garments sold unsized: a drawstring or wrap-around waist, or a loose cut. */
export const FREE_SIZE_GARMENTS: ReadonlySet<string> = new Set([
  'Dhoti Pants',
  'Patiala Salwar',
  'Printed Harem Pants',
  'Bandhani Tunic',
]);

/** Garments for babies, sized in months. */
const BABY_GARMENTS: ReadonlySet<string> = new Set(['Baby Cotton Romper']);

/** The stretch of a sub-category's size set that shops usually stock (first and last size). */
const USUAL_SIZES: Record<SubCategory, [string, string]> = {
  gentsShirt: ['S', 'XXXL'],
  gentsPant: ['28', '40'],
  gentsHoody: ['S', 'XXXL'],
  girlsTop: ['XS', 'XXL'],
  LadiesPant: ['26', '36'],
  LadiesDress: ['XS', 'XXL'],
  KidsWear: ['2-3Y', '12-13Y'],
};
const BABY_SIZES = ['0-6M', '6-12M', '12-18M', '18-24M'];

/** The sizes of one product: Free Size, or 4–6 neighbouring sizes, mostly from the small end. */
export function sizesOf(subCategory: SubCategory, garment: string, random: () => number): string[] {
  if (FREE_SIZE_GARMENTS.has(garment)) return [FREE_SIZE];
  if (BABY_GARMENTS.has(garment)) return BABY_SIZES;
  const set = SIZE_SETS[subCategory];
  const [first, last] = USUAL_SIZES[subCategory];
  const usual = set.slice(set.indexOf(first), set.indexOf(last) + 1);
  const count = Math.min(usual.length, 4 + Math.floor(random() * 3));
  // Most runs start at the smallest usual size or the one after it.
  const start = Math.min(
    usual.length - count,
    random() < 0.7 ? Math.floor(random() * 2) : Math.floor(random() * 4),
  );
  return usual.slice(start, start + count);
}

/** One colour, or (about a quarter of products) two or three of the sub-category's colours. */
export function colorsOf(
  main: GarmentColor,
  palette: readonly GarmentColor[],
  random: () => number,
): GarmentColor[] {
  if (random() >= 0.27) return [main];
  const others = palette.filter((c) => c !== main);
  return [main, ...others.slice(0, random() < 0.5 ? 1 : 2)];
}

/** Short codes for SKUs: `VA-SHI-0012-M-NAV`. */
export const SKU_CODE: Record<SubCategory, string> = {
  gentsShirt: 'SHI',
  gentsPant: 'TRS',
  gentsHoody: 'HOD',
  girlsTop: 'TOP',
  LadiesPant: 'LPN',
  LadiesDress: 'DRS',
  KidsWear: 'KID',
};
const colorCode = (color: string) => color.replace(/\s+/g, '').slice(0, 3).toUpperCase();
const sizeCode = (size: string) => (size === FREE_SIZE ? 'FS' : size);

/** A readable SKU, unique per seller because the product number is unique in the catalogue. */
export const skuOf = (subCategory: SubCategory, productNo: number, size: string, color: string) =>
  `VA-${SKU_CODE[subCategory]}-${String(productNo).padStart(4, '0')}-${sizeCode(size)}-${colorCode(color)}`;

/** What a variant row holds before it knows its product's id. */
export interface PlannedVariant {
  size: string;
  /** '' for a product in one colour. */
  color: string;
  sku: string;
  stock: number;
  pricePaise: number;
  mrpPaise: number | null;
}

export interface VariantPlan {
  subCategory: SubCategory;
  productNo: number;
  sizes: string[];
  colors: GarmentColor[];
  /** Rupees for the smaller sizes; the largest one or two may cost Rs. 50–100 more. */
  price: number;
  mrp: number | null;
  soldOut: boolean;
}

/**
 * Stock and price per size and colour: middle sizes stocked deepest, some sizes sold out and some
 * nearly gone (never all, unless the product is sold out), and on some products the biggest sizes
 * dearer by Rs. 50 or 100 (more cloth), marked price raised alike.
 */
export function planVariants(plan: VariantPlan, random: () => number): PlannedVariant[] {
  const { sizes, colors } = plan;
  const extra = sizes.length >= 4 && random() < 0.3 ? (random() < 0.5 ? 50 : 100) : 0;
  const dearer = extra > 0 ? (random() < 0.5 ? 1 : 2) : 0;
  const middle = (sizes.length - 1) / 2;
  const variants: PlannedVariant[] = [];
  for (const color of colors) {
    sizes.forEach((size, i) => {
      const depth = 1 - Math.abs(i - middle) / (sizes.length + 1);
      const roll = random();
      const stock = plan.soldOut
        ? 0
        : roll < 0.1 && i !== Math.floor(middle)
          ? 0
          : roll < 0.22
            ? 1 + Math.floor(random() * 4)
            : Math.round((6 + random() * 40) * depth);
      const bump = i >= sizes.length - dearer ? extra * 100 : 0;
      variants.push({
        size,
        color: colors.length > 1 ? color : '',
        sku: skuOf(plan.subCategory, plan.productNo, size, color),
        stock,
        pricePaise: plan.price * 100 + bump,
        mrpPaise: plan.mrp == null ? null : plan.mrp * 100 + bump,
      });
    });
  }
  return variants;
}
