import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProductForm } from './ProductForm.tsx';
import { EMPTY_PRODUCT } from './product-form.ts';

function renderForm() {
  const onSave = vi.fn(async () => {});
  render(
    <ProductForm
      initial={EMPTY_PRODUCT}
      imageRequired
      submitLabel="Submit"
      onSave={onSave}
      onFailed={() => {}}
    />,
  );
  return { onSave, user: userEvent.setup() };
}

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
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    await user.upload(
      screen.getByLabelText('Product Image'),
      new File(['png'], 'kurta.png', { type: 'image/png' }),
    );
    expect(submit).toBeEnabled();
    expect(screen.getByAltText('Preview of the chosen image')).toHaveAttribute('src', 'blob:preview');
    await user.clear(screen.getByLabelText('Price (Rs.)'));
    expect(submit).toBeDisabled();
  });
});
