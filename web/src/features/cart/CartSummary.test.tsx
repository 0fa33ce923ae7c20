import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartSummary } from './CartSummary.tsx';

describe('cart summary', () => {
  it('shows the amounts the server computed, shipping free at 0', () => {
    render(<CartSummary totals={{ pieces: 4, subtotal: 63.45, gst: 11.42, shipping: 0, total: 74.87 }} />);
    expect(screen.getByTestId('summary-pieces')).toHaveTextContent('4');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Rs. 63.45');
    expect(screen.getByText('GST (18%)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('Rs. 11.42');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 74.87');
    expect(screen.getByLabelText('Coupon code')).toBeDisabled();
    expect(screen.getByPlaceholderText('Temporarily Unavailable')).toBeInTheDocument();
  });

  it('groups large amounts the Indian way and shows a shipping charge when there is one', () => {
    render(
      <CartSummary
        totals={{ pieces: 2, subtotal: 246913, gst: 44444.34, shipping: 99, total: 291456.34 }}
        showCoupon={false}
      />,
    );
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Rs. 2,46,913.00');
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('Rs. 44,444.34');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Rs. 99.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 2,91,456.34');
    expect(screen.queryByLabelText('Coupon code')).not.toBeInTheDocument();
  });
});
