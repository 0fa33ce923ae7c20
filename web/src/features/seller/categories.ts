import {
  CATEGORIES,
  CATEGORY_LABEL,
  type Category,
  SUB_CATEGORIES,
  SUB_CATEGORY_LABEL,
  SUB_CATEGORY_PARENT,
  type SubCategory,
} from '@vastra/contracts/constants';

/** The category choices of the product form, in the contract's order. */
export const CATEGORY_OPTIONS: { value: Category; label: string }[] = CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABEL[value],
}));

export const SUB_CATEGORY_OPTIONS: { value: SubCategory; label: string; category: Category }[] =
  SUB_CATEGORIES.map((value) => ({
    value,
    label: SUB_CATEGORY_LABEL[value],
    category: SUB_CATEGORY_PARENT[value],
  }));

/** The sub-categories a seller may pick once a category is chosen (none before). */
export function subCategoriesOf(category: string) {
  return SUB_CATEGORY_OPTIONS.filter((s) => s.category === category);
}

/** Whether a sub-category belongs to the category (the server refuses mismatches). */
export function belongsTo(subCategory: string, category: string): boolean {
  return subCategoriesOf(category).some((s) => s.value === subCategory);
}
