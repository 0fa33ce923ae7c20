import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartSummary } from './CartSummary.tsx';
import { cartTotals } from './summary.ts';

describe('cart summary', () => {
  it('adds amounts, 18% GST to 2 decimals and free shipping into the total', () => {
    // 3 × 10.12 + 1 × 33.09 = 63.45; GST 11.421 → 11.42; total 74.87.
    const totals = cartTotals([
      { quantity: 3, amount: 30.36 },
      { quantity: 1, amount: 33.09 },
    ]);
    expect(totals).toEqual({ pieces: 4, subtotal: 63.45, gst: 11.42, total: 74.87 });

    render(<CartSummary totals={totals} />);
    expect(screen.getByTestId('summary-pieces')).toHaveTextContent('4');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Rs. 63.45');
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('Rs. 11.42');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 74.87');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByLabelText('Coupon code')).toBeDisabled();
    expect(screen.getByPlaceholderText('Temporarily Unavailable')).toBeInTheDocument();
  });

  it('groups large amounts the Indian way and rounds GST half up in paise', () => {
    const totals = cartTotals([{ quantity: 2, amount: 123456.5 }]);
    render(<CartSummary totals={totals} />);
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Rs. 1,23,456.50');
    // 12345650 paise × 18% = 2222217 paise.
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('Rs. 22,222.17');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 1,45,678.67');
  });

  it('shows zeros for an empty cart', () => {
    render(<CartSummary totals={cartTotals([])} />);
    expect(screen.getByTestId('summary-pieces')).toHaveTextContent('0');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 0.00');
  });
});
