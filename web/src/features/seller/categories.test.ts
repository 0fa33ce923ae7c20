import { describe, expect, it } from 'vitest';
import { belongsTo, CATEGORY_OPTIONS, SUB_CATEGORY_OPTIONS, subCategoriesOf } from './categories.ts';

describe('category → sub-category choices', () => {
  it('label every category and type the way the shop names them', () => {
    expect(CATEGORY_OPTIONS).toEqual([
      { value: 'Mens', label: 'Men' },
      { value: 'Womens', label: 'Women' },
      { value: 'Kids', label: 'Kids' },
    ]);
    expect(subCategoriesOf('Mens').map((s) => s.label)).toEqual([
      "Men's Shirts",
      "Men's Pants",
      "Men's Hoodies",
    ]);
    expect(SUB_CATEGORY_OPTIONS).toHaveLength(7);
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
