import { CATEGORY_LABEL, SUB_CATEGORY_LABEL } from '@vastra/contracts/constants';

export function categoryLabel(category: string): string {
  return CATEGORY_LABEL[category as keyof typeof CATEGORY_LABEL] ?? category;
}

export function subCategoryLabel(sub: string): string {
  return SUB_CATEGORY_LABEL[sub as keyof typeof SUB_CATEGORY_LABEL] ?? sub;
}
