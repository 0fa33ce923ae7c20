import type { SubCategory } from '@vastra/contracts';

// Values mirror contracts' SUB_CATEGORY_LABEL. Only types are imported from contracts: its runtime
// index also carries the zod schemas, which would add zod to the browser bundle.
const SUB_CATEGORY_LABEL: Record<SubCategory, string> = {
  gentsShirt: "Men's Shirts",
  gentsPant: "Men's Pants",
  gentsHoody: "Men's Hoodies",
  girlsTop: "Women's Tops",
  LadiesPant: "Women's Pants",
  LadiesDress: "Women's Dresses",
  KidsWear: 'Kids Wear',
};
const CATEGORY_LABEL: Record<string, string> = { Mens: 'Men', Womens: 'Women', Kids: 'Kids' };

export function categoryLabel(category: string): string {
  return CATEGORY_LABEL[category] ?? category;
}

export function subCategoryLabel(sub: string): string {
  return SUB_CATEGORY_LABEL[sub as SubCategory] ?? sub;
}
