import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { SearchAnswer } from '../../lib/types.ts';
import { Filters } from './Filters.tsx';

const FACETS: SearchAnswer['facets'] = {
  category: [{ value: 'Mens', count: 5 }],
  subCategory: [],
  color: [{ value: 'Blue', count: 3 }],
  brand: [],
  // The server sends sizes in size order; the filter keeps it whatever it gets.
  size: [
    { value: 'XL', count: 1 },
    { value: 'S', count: 4 },
    { value: 'M', count: 2 },
  ],
  price: [],
};

/** The filters over a URL query held in state, shown as text for the assertions. */
function Harness({ start = '' }: { start?: string }) {
  const [params, setParams] = useState(() => new URLSearchParams(start));
  return (
    <>
      <Filters
        params={params}
        facets={FACETS}
        update={(change) => {
          const next = new URLSearchParams(params);
          change(next);
          setParams(next);
        }}
      />
      <output data-testid="query">{params.toString()}</output>
    </>
  );
}

const query = () => screen.getByTestId('query').textContent;

describe('the size filter', () => {
  it('lists the sizes smallest first with their counts', () => {
    render(<Harness />);
    const sizes = screen.getByRole('group', { name: 'Size' });
    expect(sizes).toHaveTextContent('S (4)M (2)XL (1)');
  });

  it('puts the chosen sizes in the URL, several at once, and takes them out again', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'M (2)' }));
    expect(query()).toBe('size=M');
    await userEvent.click(screen.getByRole('checkbox', { name: 'XL (1)' }));
    expect(query()).toBe('size=M&size=XL');
    expect(screen.getByRole('checkbox', { name: 'M (2)' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'M (2)' }));
    expect(query()).toBe('size=XL');
  });

  it('keeps showing a chosen size the other filters leave empty, and clears it with the rest', async () => {
    render(<Harness start="size=XXL&color=Blue" />);
    expect(screen.getByRole('checkbox', { name: 'XXL (0)' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(query()).toBe('');
  });
});
