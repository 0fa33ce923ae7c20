import { render, screen } from '@testing-library/react';
import type { CartSummary as Totals } from '@vastra/contracts';
import { describe, expect, it } from 'vitest';
import { CartSummary } from './CartSummary.tsx';

/** Prices before GST (`flat18`), with the state not known yet unless `taxLines` say otherwise. */
const flat = (over: Partial<Totals>): Totals => ({
  pieces: 1,
  subtotal: 0,
  gst: 0,
  shipping: 0,
  total: 0,
  taxIncluded: false,
  taxLines: [{ label: 'GST 18%', rate: 18, amount: over.gst ?? 0 }],
  discount: 0,
  ...over,
});

describe('cart summary', () => {
  it('shows the amounts the server computed, shipping free at 0', () => {
    render(<CartSummary totals={flat({ pieces: 4, subtotal: 63.45, gst: 11.42, total: 74.87 })} />);
    expect(screen.getByTestId('summary-pieces')).toHaveTextContent('4');
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Rs. 63.45');
    expect(screen.getByText('Taxable amount')).toBeInTheDocument();
    expect(screen.getByText('GST (18%)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('Rs. 11.42');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 74.87');
    expect(screen.queryByTestId('summary-discount')).toBeNull();
    // Before the shipping state is known the GST has no split to show.
    expect(screen.queryByTestId('summary-tax-line')).toBeNull();
    expect(screen.queryByText('Prices include GST')).toBeNull();
  });

  it('groups large amounts the Indian way and shows a shipping charge when there is one', () => {
    render(
      <CartSummary
        totals={flat({ pieces: 2, subtotal: 246913, gst: 44444.34, shipping: 99, total: 291456.34 })}
      />,
    );
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Rs. 2,46,913.00');
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('Rs. 44,444.34');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Rs. 99.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 2,91,456.34');
  });

  it('splits the 18% GST by place of supply under its row, as the server sent it', () => {
    render(
      <CartSummary
        totals={flat({
          subtotal: 1000.05,
          gst: 180.01,
          total: 1180.06,
          taxLines: [
            { label: 'CGST 9%', rate: 9, amount: 90.01 },
            { label: 'SGST 9%', rate: 9, amount: 90 },
          ],
        })}
      />,
    );
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('Rs. 180.01');
    expect(screen.getByText('of which CGST 9%')).toBeInTheDocument();
    expect(screen.getByText('of which SGST 9%')).toBeInTheDocument();
    expect(screen.getAllByTestId('summary-tax-line').map((d) => d.textContent)).toEqual([
      'Rs. 90.01',
      'Rs. 90.00',
    ]);
    expect(screen.getByText('Total')).toBeInTheDocument();
  });

  it('shows the taxable value, each tax line and the total including GST when prices include it', () => {
    render(
      <CartSummary
        totals={{
          pieces: 3,
          subtotal: 3000,
          gst: 255.24,
          shipping: 0,
          total: 3255.24,
          taxIncluded: true,
          discount: 0,
          taxLines: [
            { label: 'IGST 5%', rate: 5, amount: 75 },
            { label: 'IGST 18%', rate: 18, amount: 180.24 },
          ],
        }}
      />,
    );
    // The line amounts already include GST: no subtotal before tax, no flat "GST (18%)" row.
    expect(screen.queryByTestId('summary-subtotal')).toBeNull();
    expect(screen.queryByText('GST (18%)')).toBeNull();
    expect(screen.getByText('Taxable value')).toBeInTheDocument();
    expect(screen.getByTestId('summary-taxable')).toHaveTextContent('Rs. 3,000.00');
    expect(screen.getByText('IGST 5%')).toBeInTheDocument();
    expect(screen.getByText('IGST 18%')).toBeInTheDocument();
    expect(screen.getAllByTestId('summary-tax-line').map((d) => d.textContent)).toEqual([
      'Rs. 75.00',
      'Rs. 180.24',
    ]);
    expect(screen.getByText('Total (incl. GST)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 3,255.24');
    expect(screen.getByText('Prices include GST')).toBeInTheDocument();
  });

  it('shows the coupon’s discount under the subtotal before it, which less the discount is the taxable amount', () => {
    render(
      <CartSummary
        totals={flat({ pieces: 2, subtotal: 900, gst: 162, total: 1062, discount: 100 })}
        coupon={{ code: 'FEST10', discount: 100, fundedBy: 'platform', message: null }}
      />,
    );
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('Rs. 1,000.00');
    expect(screen.getByText('Coupon discount (FEST10)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('−Rs. 100.00');
    expect(screen.getByTestId('summary-taxable')).toHaveTextContent('Rs. 900.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 1,062.00');
  });
});
