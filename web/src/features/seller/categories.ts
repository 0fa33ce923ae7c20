import type { Category, SubCategory } from '@vastra/contracts';

// Mirrors contracts' CATEGORIES / SUB_CATEGORY_PARENT (categories.test.ts checks they agree). Only
// types come from contracts: its runtime index also carries the zod schemas, which would add zod
// to the seller chunks.
export const CATEGORY_OPTIONS: { value: Category; label: string }[] = [
  { value: 'Mens', label: 'Men' },
  { value: 'Womens', label: 'Women' },
  { value: 'Kids', label: 'Kids' },
];

export const SUB_CATEGORY_OPTIONS: { value: SubCategory; label: string; category: Category }[] = [
  { value: 'gentsShirt', label: "Men's Shirts", category: 'Mens' },
  { value: 'gentsPant', label: "Men's Pants", category: 'Mens' },
  { value: 'gentsHoody', label: "Men's Hoodies", category: 'Mens' },
  { value: 'girlsTop', label: "Women's Tops", category: 'Womens' },
  { value: 'LadiesPant', label: "Women's Pants", category: 'Womens' },
  { value: 'LadiesDress', label: "Women's Dresses", category: 'Womens' },
  { value: 'KidsWear', label: 'Kids Wear', category: 'Kids' },
];

/** The sub-categories a seller may pick once a category is chosen (none before). */
export function subCategoriesOf(category: string) {
  return SUB_CATEGORY_OPTIONS.filter((s) => s.category === category);
}

/** Whether a sub-category belongs to the category (the server refuses mismatches). */
export function belongsTo(subCategory: string, category: string): boolean {
  return subCategoriesOf(category).some((s) => s.value === subCategory);
}
