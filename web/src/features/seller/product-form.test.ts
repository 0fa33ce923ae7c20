import { describe, expect, it } from 'vitest';
import { canSubmit, EMPTY_PRODUCT, fieldErrors, hsnAfter, toAddBody, toUpdateBody } from './product-form.ts';
import { EMPTY_CHART } from './size-chart.ts';
import { EMPTY_GRID, fillAll, toggleSize } from './variant-grid.ts';

const complete = {
  ...EMPTY_PRODUCT,
  productName: 'Linen shirt',
  price: '1299.99',
  stockQuantity: '12',
  category: 'Mens',
  subCategory: 'gentsShirt',
  hsn: '6205',
};
const photo = [{ url: '/m/1.webp', public_id: 'p1', alt: '' }];

describe('add/edit product form rules', () => {
  it('enables Submit only when the SPEC §5 fields are filled and a photo is chosen', () => {
    expect(canSubmit(complete, 1)).toBe(true);
    expect(canSubmit(complete, 0)).toBe(false);
    for (const k of ['productName', 'price', 'stockQuantity', 'category', 'subCategory', 'hsn'] as const) {
      expect(canSubmit({ ...complete, [k]: '' }, 1), k).toBe(false);
    }
    // Color, brand, marked price and description are optional.
    expect(canSubmit({ ...complete, color: '', brand: '', markPrice: '', description: '' }, 1)).toBe(true);
  });

  it('takes stock and prices from the grid once sizes are ticked', () => {
    const sized = toggleSize(EMPTY_GRID, 'M');
    const noPrice = { ...complete, price: '', stockQuantity: '' };
    expect(canSubmit(noPrice, 1, sized, EMPTY_CHART)).toBe(false);
    expect(canSubmit(noPrice, 1, fillAll(sized, { stock: '4', price: '999' }), EMPTY_CHART)).toBe(true);
  });

  it('refuses numbers the server would refuse', () => {
    expect(fieldErrors({ ...complete, price: '0' }).price).toBeTruthy();
    expect(fieldErrors({ ...complete, price: '10.005' }).price).toBeTruthy();
    expect(fieldErrors({ ...complete, price: '19.99' }).price).toBeUndefined();
    expect(fieldErrors({ ...complete, stockQuantity: '1.5' }).stockQuantity).toBeTruthy();
    expect(fieldErrors({ ...complete, stockQuantity: '-1' }).stockQuantity).toBeTruthy();
    expect(fieldErrors({ ...complete, stockQuantity: '0' }).stockQuantity).toBeUndefined();
    expect(fieldErrors({ ...complete, markPrice: '999' }).markPrice).toBeTruthy();
    expect(fieldErrors({ ...complete, subCategory: 'girlsTop' }).subCategory).toBeTruthy();
    expect(fieldErrors({ ...complete, description: 'x'.repeat(5001) }).description).toBeTruthy();
    expect(canSubmit({ ...complete, price: '-5' }, 1)).toBe(false);
    expect(fieldErrors({ ...complete, hsn: '620' }).hsn).toBe('HSN code must be 4 to 8 digits');
    expect(fieldErrors({ ...complete, hsn: '62A5' }).hsn).toBeTruthy();
    expect(fieldErrors({ ...complete, hsn: '6205 20 00' }).hsn).toBeUndefined();
  });

  it("follows the sub-category's usual HSN code until the seller types another", () => {
    expect(hsnAfter('', '', 'gentsShirt')).toBe('6205');
    expect(hsnAfter('6205', 'gentsShirt', 'gentsPant')).toBe('6203');
    expect(hsnAfter('6205', 'gentsShirt', '')).toBe('');
    expect(hsnAfter('62052000', 'gentsShirt', 'gentsPant')).toBe('62052000');
  });

  it('sends the single price and stock without sizes, and the grid with them', () => {
    const body = toAddBody(
      { ...complete, color: ' Blue ', markPrice: '1500', description: ' Soft ', hsn: '6205 20' },
      photo,
    );
    expect(body).toMatchObject({
      hsn: '620520',
      price: 1299.99,
      stockQuantity: 12,
      color: 'Blue',
      markPrice: 1500,
      description: 'Soft',
      images: photo,
    });
    expect(body).not.toHaveProperty('variants');
    const grid = fillAll(toggleSize(toggleSize(EMPTY_GRID, 'L'), 'S'), { stock: '3', price: '899' });
    const sized = toUpdateBody('id-1', complete, photo, grid, EMPTY_CHART);
    expect(sized).toMatchObject({
      productId: 'id-1',
      images: photo,
      sizeChart: null,
      variants: [
        { size: 'S', color: '', stock: 3, price: 899, mrp: null },
        { size: 'L', color: '', stock: 3, price: 899, mrp: null },
      ],
    });
    expect(sized).not.toHaveProperty('price');
    expect(sized).not.toHaveProperty('stockQuantity');
  });
});
