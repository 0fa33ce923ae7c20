import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QuantityStepper } from './QuantityStepper.tsx';

function Harness({ start = 1, max }: { start?: number; max?: number }) {
  const [v, setV] = useState(start);
  return <QuantityStepper value={v} onChange={setV} min={1} max={max} />;
}

describe('quantity stepper', () => {
  it('starts at 1 with minus disabled, and never goes below 1', async () => {
    render(<Harness />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('1');
    expect(minus).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('2');
    expect(minus).toBeEnabled();
    await userEvent.click(minus);
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('1');
    expect(minus).toBeDisabled();
  });

  it('stops at the stock', async () => {
    render(<Harness start={2} max={3} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await userEvent.click(plus);
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('3');
    expect(plus).toBeDisabled();
  });

  it('has no upper bound without a stock', async () => {
    render(<Harness start={99} />);
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await userEvent.click(plus);
    expect(screen.getByRole('status', { name: 'Quantity' })).toHaveTextContent('100');
    expect(plus).toBeEnabled();
  });

  it('disables both buttons while a change is saved', () => {
    render(<QuantityStepper value={2} onChange={() => {}} busy />);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });
});
