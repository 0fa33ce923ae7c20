import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { testProduct } from '../../test-product.ts';
import { ProductForm } from './ProductForm.tsx';
import { draftOf, EMPTY_DRAFT, type ProductDraft, toAddBody } from './product-form.ts';

vi.mock('./upload.ts', () => ({
  uploadImage: vi.fn(async (file: File, onProgress: (p: number) => void) => {
    onProgress(50);
    onProgress(100);
    return { secure_url: `/media/products/${file.name}/640.webp`, public_id: `products/${file.name}` };
  }),
}));

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});

function renderForm() {
  const onSave = vi.fn(async () => {});
  render(
    <ProductForm
      initial={EMPTY_DRAFT}
      imageRequired
      submitLabel="Submit"
      onSave={onSave}
      onFailed={() => {}}
    />,
  );
  return { onSave, user: userEvent.setup() };
}

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

describe('<ProductForm>', () => {
  it('offers the chosen category’s sub-categories and clears a sub-category that no longer fits', async () => {
    const { user } = renderForm();
    const sub = screen.getByLabelText('Sub-category');
    expect(sub).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Category'), 'Womens');
    expect(sub).toBeEnabled();
    const options = [...(sub as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(options).toEqual(['girlsTop', 'LadiesPant', 'LadiesDress']);
    await user.selectOptions(sub, 'LadiesDress');
    await user.selectOptions(screen.getByLabelText('Category'), 'Mens');
    expect(sub).toHaveValue('');
  });

  it("fills in the sub-category's HSN code, follows it until the seller types another, and sends it", async () => {
    const { user, onSave } = renderForm();
    const hsn = screen.getByLabelText('HSN code');
    expect(hsn).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Category'), 'Mens');
    await user.selectOptions(screen.getByLabelText('Sub-category'), 'gentsShirt');
    expect(hsn).toHaveValue('6205');
    await user.selectOptions(screen.getByLabelText('Sub-category'), 'gentsPant');
    expect(hsn).toHaveValue('6203');
    await user.clear(hsn);
    await user.type(hsn, '620');
    expect(hsn).toHaveAccessibleDescription(expect.stringContaining('HSN code must be 4 to 8 digits'));
    await user.type(hsn, '342');
    await user.selectOptions(screen.getByLabelText('Sub-category'), 'gentsShirt');
    expect(hsn).toHaveValue('620342');

    await user.type(screen.getByLabelText('Product Name'), 'Cotton trousers');
    await user.type(screen.getByLabelText('Price (Rs.)'), '899');
    await user.type(screen.getByLabelText('Stock Quantity'), '5');
    await user.upload(screen.getByLabelText('Product Image'), png('trousers.png'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const [draft, images] = onSave.mock.calls[0] as unknown as [ProductDraft, never[]];
    expect(toAddBody(draft.values, images, draft.grid, draft.chart).hsn).toBe('620342');
  }, 20_000);

  it("starts an edit from the product's own HSN code", () => {
    render(
      <ProductForm
        initial={draftOf(testProduct({ _id: 'p1', subCategory: 'gentsShirt', hsn: '62052000' }))}
        imageRequired={false}
        submitLabel="Update Product"
        onSave={vi.fn()}
        onFailed={() => {}}
      />,
    );
    expect(screen.getByLabelText('HSN code')).toHaveValue('62052000');
  });

  it('keeps Submit disabled until every required field and an image are given', async () => {
    const { user } = renderForm();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Product Name'), 'Cotton kurta');
    await user.type(screen.getByLabelText('Price (Rs.)'), '899');
    await user.type(screen.getByLabelText('Stock Quantity'), '5');
    await user.selectOptions(screen.getByLabelText('Category'), 'Womens');
    await user.selectOptions(screen.getByLabelText('Sub-category'), 'girlsTop');
    await user.type(screen.getByLabelText(/^Color/), 'Red');
    await user.type(screen.getByLabelText(/^Brand/), 'Vastra');
    expect(submit).toBeDisabled();
    await user.upload(screen.getByLabelText('Product Image'), png('kurta.png'));
    expect(submit).toBeEnabled();
    expect(screen.getByAltText('Preview of the chosen image')).toHaveAttribute('src', 'blob:preview-1');
    await user.clear(screen.getByLabelText('Price (Rs.)'));
    expect(submit).toBeDisabled();
  }, 20_000);

  it('builds a row per size × colour, fills them all, and sends the grid and the photos', async () => {
    const { user, onSave } = renderForm();
    await user.type(screen.getByLabelText('Product Name'), 'Block-print kurta');
    await user.selectOptions(screen.getByLabelText('Category'), 'Mens');
    await user.selectOptions(screen.getByLabelText('Sub-category'), 'gentsShirt');
    await user.type(screen.getByLabelText(/^Description/), 'Hand block-printed.');
    expect(screen.getByText(/^19 \/ 5,000 characters/)).toBeInTheDocument();
    for (const size of ['L', 'S', 'M']) await user.click(screen.getByRole('checkbox', { name: size }));
    // With sizes, stock and prices live in the grid.
    expect(screen.queryByLabelText('Price (Rs.)')).not.toBeInTheDocument();
    for (const c of ['Blue', 'Red']) {
      await user.type(screen.getByLabelText(/^Colours/), c);
      await user.click(screen.getByRole('button', { name: 'Add colour' }));
    }
    const rows = within(screen.getByRole('table', { name: /Stock and price of each size/ })).getAllByRole(
      'row',
    );
    expect(rows.slice(1).map((r) => r.querySelector('th')?.textContent)).toEqual([
      'S · Blue',
      'S · Red',
      'M · Blue',
      'M · Red',
      'L · Blue',
      'L · Red',
    ]);
    await user.type(screen.getByLabelText('Stock for all'), '6');
    await user.type(screen.getByLabelText('Price for all'), '1299');
    await user.click(screen.getByRole('button', { name: 'Apply to all' }));
    expect(screen.getByLabelText('Stock of L / Red')).toHaveValue(6);
    await user.clear(screen.getByLabelText('Stock of M / Blue'));
    await user.type(screen.getByLabelText('Stock of M / Blue'), '2');
    await user.type(screen.getByLabelText('SKU of S / Blue'), 'KRT-S-B');

    await user.upload(screen.getByLabelText('Product Image'), [png('front.png'), png('back.png')]);
    await user.click(screen.getByRole('button', { name: 'Make photo 2 the cover' }));
    await user.type(screen.getByLabelText('Alt text of photo 1'), 'Back view');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(onSave).toHaveBeenCalledTimes(1);
    const [draft, images] = onSave.mock.calls[0] as unknown as [ProductDraft, never[]];
    const body = toAddBody(draft.values, images, draft.grid, draft.chart);
    expect(body).toMatchObject({ productName: 'Block-print kurta', description: 'Hand block-printed.' });
    expect(body.variants).toHaveLength(6);
    expect(body.variants).toContainEqual({
      size: 'S',
      color: 'Blue',
      sku: 'KRT-S-B',
      stock: 6,
      price: 1299,
      mrp: null,
    });
    expect(body.variants).toContainEqual({ size: 'M', color: 'Blue', stock: 2, price: 1299, mrp: null });
    expect(images).toEqual([
      { url: '/media/products/back.png/640.webp', public_id: 'products/back.png', alt: 'Back view' },
      { url: '/media/products/front.png/640.webp', public_id: 'products/front.png', alt: '' },
    ]);
    expect(screen.getByTestId('upload-percent')).toHaveTextContent('100%');
  }, 20_000);

  it('says which size a refusal about a grid row means', async () => {
    const onSave = vi.fn(async () => {
      const msg = 'MRP cannot be less than the price';
      throw new ApiError(msg, 400, { success: false, error: msg, errors: [{ msg, path: 'variants.1.mrp' }] });
    });
    render(
      <ProductForm
        initial={EMPTY_DRAFT}
        imageRequired
        submitLabel="Submit"
        onSave={onSave}
        onFailed={() => {}}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Product Name'), 'Linen kurta');
    await user.selectOptions(screen.getByLabelText('Category'), 'Mens');
    await user.selectOptions(screen.getByLabelText('Sub-category'), 'gentsShirt');
    for (const size of ['S', 'M']) await user.click(screen.getByRole('checkbox', { name: size }));
    await user.type(screen.getByLabelText('Stock for all'), '3');
    await user.type(screen.getByLabelText('Price for all'), '500');
    await user.click(screen.getByRole('button', { name: 'Apply to all' }));
    await user.upload(screen.getByLabelText('Product Image'), png('kurta.png'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('M: MRP cannot be less than the price');
  }, 20_000);
});
