import type { SubCategory } from '@vastra/contracts';
import type { GarmentColor } from './garment-images.ts';

/**
 * What the demo catalogue is made of: garment names, house brands (fictional), colours and price
 * bands per sub-category. Shared by the demo seed and the large generated catalogue.
 */
export interface SubCategoryData {
  names: string[];
  colors: GarmentColor[];
  brands: string[];
  /** Price band in rupees. */
  minPrice: number;
  maxPrice: number;
}

export const CATALOGUE_DATA: Record<SubCategory, SubCategoryData> = {
  gentsShirt: {
    names: [
      'Cotton Kurta Shirt',
      'Slim Fit Linen Shirt',
      'Khadi Mandarin Collar Shirt',
      'Checked Casual Shirt',
      'Oxford Formal Shirt',
      'Printed Rayon Shirt',
      'Chikankari Short Kurta',
      'Nehru Collar Shirt',
      'Ikat Print Shirt',
      'Striped Office Shirt',
      'Handloom Half-Sleeve Shirt',
    ],
    colors: ['Navy', 'White', 'Sky Blue'],
    brands: ['Mehta Handlooms', 'Khadi Craft', 'Indigo Lane', 'Rangrez'],
    minPrice: 499,
    maxPrice: 2499,
  },
  gentsPant: {
    names: [
      'Cotton Chinos',
      'Slim Fit Jeans',
      'Formal Trousers',
      'Linen Pyjama Pants',
      'Cargo Joggers',
      'Pleated Trousers',
      'Dhoti Pants',
      'Stretch Denim Jeans',
      'Corduroy Trousers',
      'Relaxed Fit Khakis',
    ],
    colors: ['Charcoal', 'Beige', 'Indigo'],
    brands: ['Urban Thread', 'Indigo Lane', 'Monsoon Mill'],
    minPrice: 599,
    maxPrice: 2999,
  },
  gentsHoody: {
    names: [
      'Fleece Pullover Hoodie',
      'Zip-Up Hoodie',
      'Graphic Print Hoodie',
      'Oversized Hoodie',
      'Cricket Fan Hoodie',
      'Sherpa Lined Hoodie',
      'Lightweight Cotton Hoodie',
      'Colour Block Hoodie',
      'Himalayan Wool Hoodie',
      'Sleeveless Gym Hoodie',
    ],
    colors: ['Black', 'Olive', 'Maroon'],
    brands: ['Urban Thread', 'Saffron Street', 'Pashm'],
    minPrice: 799,
    maxPrice: 3499,
  },
  girlsTop: {
    names: [
      'Embroidered Kurti Top',
      'Block Print Cotton Top',
      'Peplum Top',
      'Off-Shoulder Top',
      'Chikankari Short Top',
      'Bandhani Tunic',
      'Ruffled Georgette Top',
      'Ikat Wrap Top',
      'Kalamkari Printed Top',
      'Tie-Dye Tee',
      'Mirror Work Top',
    ],
    colors: ['Pink', 'Mustard', 'Teal'],
    brands: ['Kanchi Weaves', 'Rangrez', 'Desi Loom', 'Saffron Street'],
    minPrice: 349,
    maxPrice: 1999,
  },
  LadiesPant: {
    names: [
      'Palazzo Pants',
      'Cotton Salwar',
      'Churidar Leggings',
      'Wide Leg Trousers',
      'High Rise Jeans',
      'Dhoti Salwar',
      'Cigarette Pants',
      'Patiala Salwar',
      'Linen Culottes',
      'Printed Harem Pants',
    ],
    colors: ['White', 'Black', 'Rust'],
    brands: ['Kanchi Weaves', 'Desi Loom', 'Monsoon Mill'],
    minPrice: 399,
    maxPrice: 1999,
  },
  LadiesDress: {
    names: [
      'Anarkali Dress',
      'Cotton Maxi Dress',
      'Banarasi Silk Gown',
      'A-Line Midi Dress',
      'Kanjeevaram Silk Dress',
      'Floral Wrap Dress',
      'Shirt Dress',
      'Tiered Cotton Dress',
      'Ikat Fit-and-Flare Dress',
      'Lehenga Style Gown',
      'Chanderi Kurta Dress',
    ],
    colors: ['Maroon', 'Green', 'Peach'],
    brands: ['Kanchi Weaves', 'Rangrez', 'Khadi Craft', 'Desi Loom'],
    minPrice: 899,
    maxPrice: 4999,
  },
  KidsWear: {
    names: [
      'Kids Kurta Pyjama Set',
      'Boys Cotton T-Shirt',
      'Girls Frock',
      'Kids Dungarees',
      'Girls Lehenga Choli',
      'Boys Sherwani Set',
      'Kids Hoodie',
      'Printed Shorts Set',
      'Girls Pattu Pavadai',
      'Kids Night Suit',
      'Baby Cotton Romper',
    ],
    colors: ['Red', 'Lavender', 'Sky Blue'],
    brands: ['Banyan Kids', 'Chhota Bazaar', 'Urban Thread'],
    minPrice: 199,
    maxPrice: 1799,
  },
};

/** Garments with a fixed price, so the demo spans the whole Rs. 199–4,999 range. */
export const PRICE_ANCHORS: Record<string, number> = {
  'Boys Cotton T-Shirt': 199,
  'Kanjeevaram Silk Dress': 4999,
};

/** Short review texts, from a one-line grumble to praise, keyed by the star rating they fit. */
export const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  1: ['Colour faded after the first wash.', 'Stitching came apart within a week.'],
  2: ['Fabric is thinner than it looks in the picture.', 'Size runs small, had to exchange.'],
  3: ['Decent for the price, nothing special.', 'Fit is fine but the colour is a bit dull.'],
  4: [
    'Good fabric and neat stitching. Delivered in 4 days.',
    'Comfortable for the Chennai heat. Would buy again.',
    'Nice fit, slightly loose at the shoulders.',
  ],
  5: [
    'Beautiful work, looks even better in person!',
    'Perfect fit and very soft cotton. Worth every rupee.',
    'Wore it for Diwali and got so many compliments.',
    'Excellent quality, the colour is exactly as shown.',
  ],
};

/** A small deterministic random generator, so the demo catalogue is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shop-like price inside the band: ends in 49 or 99 rupees. */
export function shopPrice(random: () => number, min: number, max: number): number {
  const raw = min + random() * (max - min);
  const hundreds = Math.floor(raw / 100) * 100;
  const price = hundreds + (random() < 0.5 ? 49 : 99);
  return Math.min(max, Math.max(min, price));
}
