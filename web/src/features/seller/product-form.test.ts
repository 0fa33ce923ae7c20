import { describe, expect, it } from 'vitest';
import { canSubmit, EMPTY_PRODUCT, fieldErrors, toAddBody, toUpdateBody } from './product-form.ts';

const complete = {
  ...EMPTY_PRODUCT,
  productName: 'Linen shirt',
  price: '1299.99',
  stockQuantity: '12',
  category: 'Mens',
  subCategory: 'gentsShirt',
};

describe('add/edit product form rules', () => {
  it('enables Submit only when the SPEC §5 fields are filled and an image is chosen', () => {
    expect(canSubmit(complete, true, true)).toBe(true);
    expect(canSubmit(complete, false, true)).toBe(false);
    for (const k of ['productName', 'price', 'stockQuantity', 'category', 'subCategory'] as const) {
      expect(canSubmit({ ...complete, [k]: '' }, true, true), k).toBe(false);
    }
    // Color, brand and marked price are optional.
    expect(canSubmit({ ...complete, color: '', brand: '', markPrice: '' }, true, true)).toBe(true);
  });

  it('lets the edit form save without a new image', () => {
    expect(canSubmit(complete, false, false)).toBe(true);
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
    expect(canSubmit({ ...complete, price: '-5' }, true, true)).toBe(false);
  });

  it('sends numbers, and keeps the old image on update unless a new one was uploaded', () => {
    const body = toAddBody(
      { ...complete, color: ' Blue ', markPrice: '1500' },
      { imageUrl: '/m/1.webp', public_id: 'p1' },
    );
    expect(body).toMatchObject({
      price: 1299.99,
      stockQuantity: 12,
      color: 'Blue',
      markPrice: 1500,
      imageUrl: '/m/1.webp',
    });
    const kept = toUpdateBody('id-1', complete, null);
    expect(kept).not.toHaveProperty('imageUrl');
    expect(kept).not.toHaveProperty('public_id');
    expect(kept).toMatchObject({ productId: 'id-1', price: 1299.99, markPrice: null });
    expect(toUpdateBody('id-1', complete, { imageUrl: '/m/2.webp', public_id: 'p2' })).toMatchObject({
      imageUrl: '/m/2.webp',
      public_id: 'p2',
    });
  });
});
