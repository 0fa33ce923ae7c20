/** Top-level product categories, spelled as the original client sends them. */
export const CATEGORIES = ['Mens', 'Womens', 'Kids'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Sub-categories and the category each belongs to. */
export const SUB_CATEGORY_PARENT = {
  gentsShirt: 'Mens',
  gentsPant: 'Mens',
  gentsHoody: 'Mens',
  girlsTop: 'Womens',
  LadiesPant: 'Womens',
  LadiesDress: 'Womens',
  KidsWear: 'Kids',
} as const satisfies Record<string, Category>;
export type SubCategory = keyof typeof SUB_CATEGORY_PARENT;
export const SUB_CATEGORIES = Object.keys(SUB_CATEGORY_PARENT) as SubCategory[];

/** Human labels, used by the web app and the search index. */
export const SUB_CATEGORY_LABEL: Record<SubCategory, string> = {
  gentsShirt: "Men's Shirts",
  gentsPant: "Men's Pants",
  gentsHoody: "Men's Hoodies",
  girlsTop: "Women's Tops",
  LadiesPant: "Women's Pants",
  LadiesDress: "Women's Dresses",
  KidsWear: 'Kids Wear',
};

/** Human labels of the top-level categories. */
export const CATEGORY_LABEL: Record<Category, string> = { Mens: 'Men', Womens: 'Women', Kids: 'Kids' };

/** Pagination defaults shared by every list endpoint (DESIGN §7). */
export const PAGE_DEFAULT_LIMIT = 48;
export const PAGE_MAX_LIMIT = 200;

/** GST rate in percent (DESIGN §4). */
export const GST_PERCENT = 18;
