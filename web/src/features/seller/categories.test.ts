import { CATEGORIES, SUB_CATEGORY_LABEL, SUB_CATEGORY_PARENT } from '@vastra/contracts';
import { describe, expect, it } from 'vitest';
import { belongsTo, CATEGORY_OPTIONS, SUB_CATEGORY_OPTIONS, subCategoriesOf } from './categories.ts';

describe('category → sub-category choices', () => {
  it('mirror the contracts exactly', () => {
    expect(CATEGORY_OPTIONS.map((c) => c.value)).toEqual([...CATEGORIES]);
    expect(Object.fromEntries(SUB_CATEGORY_OPTIONS.map((s) => [s.value, s.category]))).toEqual(
      SUB_CATEGORY_PARENT,
    );
    for (const s of SUB_CATEGORY_OPTIONS) expect(s.label).toBe(SUB_CATEGORY_LABEL[s.value]);
  });

  it('offer only the chosen category’s types, and none before a category is chosen', () => {
    expect(subCategoriesOf('Mens').map((s) => s.value)).toEqual(['gentsShirt', 'gentsPant', 'gentsHoody']);
    expect(subCategoriesOf('Womens').map((s) => s.value)).toEqual(['girlsTop', 'LadiesPant', 'LadiesDress']);
    expect(subCategoriesOf('Kids').map((s) => s.value)).toEqual(['KidsWear']);
    expect(subCategoriesOf('')).toEqual([]);
    expect(belongsTo('girlsTop', 'Mens')).toBe(false);
    expect(belongsTo('girlsTop', 'Womens')).toBe(true);
  });
});
