/**
 * GST rates as data (DESIGN §11): each row is in force from its date (India time) until a later row
 * for the same HSN prefix replaces it. A row applies to the HSN codes starting with one of its
 * prefixes (the longest matching prefix wins; '' matches every code). Its slabs go by the sale value
 * of one piece: the first slab whose `upToPaise` the piece's value stays within, else the last.
 * Adding a rate change is adding a row; no code changes.
 */
export interface GstRateRow {
  from: string;
  hsnPrefixes: readonly string[];
  slabs: readonly { upToPaise?: number; ratePercent: number }[];
}

export const GST_RATE_TABLE: readonly GstRateRow[] = [
  // Everything not listed below: the standard rate.
  { from: '2017-07-01', hsnPrefixes: [''], slabs: [{ ratePercent: 18 }] },
  // Apparel, knitted (61) and not knitted (62), and made-up textile articles (63).
  {
    from: '2017-07-01',
    hsnPrefixes: ['61', '62', '63'],
    slabs: [{ upToPaise: 1_000_00, ratePercent: 5 }, { ratePercent: 12 }],
  },
  // The September 2025 rationalisation: up to Rs. 2,500 a piece at 5%, above at 18%.
  {
    from: '2025-09-22',
    hsnPrefixes: ['61', '62', '63'],
    slabs: [{ upToPaise: 2_500_00, ratePercent: 5 }, { ratePercent: 18 }],
  },
  // Footwear.
  {
    from: '2017-07-01',
    hsnPrefixes: ['64'],
    slabs: [{ upToPaise: 1_000_00, ratePercent: 5 }, { ratePercent: 18 }],
  },
  {
    from: '2025-09-22',
    hsnPrefixes: ['64'],
    slabs: [{ upToPaise: 2_500_00, ratePercent: 5 }, { ratePercent: 18 }],
  },
];

/** HSN code of a new product by sub-category (the seller may change it). */
export const DEFAULT_HSN_BY_SUB_CATEGORY: Record<string, string> = {
  gentsShirt: '6205',
  gentsPant: '6203',
  gentsHoody: '6110',
  girlsTop: '6106',
  LadiesPant: '6204',
  LadiesDress: '6204',
  KidsWear: '6111',
};

/** HSN codes are 4 to 8 digits. */
export const HSN_RE = /^\d{4,8}$/;

/** Other garments, for a sub-category without its own code. */
export const DEFAULT_HSN = '6211';

/** The HSN code a new product of this sub-category starts with. */
export const defaultHsnFor = (subCategory: string) => DEFAULT_HSN_BY_SUB_CATEGORY[subCategory] ?? DEFAULT_HSN;
