import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { CartSummary as Totals } from '@vastra/contracts';
import { describe, expect, it } from 'vitest';
import { paymentChoices } from '../../lib/payment-methods.ts';
import { CartSummary } from './CartSummary.tsx';
import { PaymentMethodField, withoutCod } from './PaymentMethodField.tsx';

const totals = (over: Partial<Totals> = {}): Totals => ({
  pieces: 2,
  subtotal: 1000,
  gst: 189,
  shipping: 49,
  total: 1288,
  taxIncluded: false,
  taxLines: [{ label: 'GST 18%', rate: 18, amount: 189 }],
  discount: 0,
  ...over,
});

const shipments = [
  { sellerId: 'a', companyName: 'Anokhi Crafts', deliverBy: '2026-12-02', shippingFee: 49 },
  { sellerId: 'b', companyName: 'Das Weaves', deliverBy: '2026-12-04', shippingFee: 0 },
];

describe('delivery in the cart and at checkout', () => {
  it('says when each seller’s shipment arrives and its fee, with the shipping and COD fee rows', () => {
    render(<CartSummary totals={totals({ codFee: 50 })} shipments={shipments} />);
    const [first, second] = screen.getAllByTestId('shipment') as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('shipment-date')).toHaveTextContent(
      'Arrives by Wed, 2 Dec · from Anokhi Crafts',
    );
    expect(within(first).getByTestId('shipment-fee')).toHaveTextContent('Delivery fee Rs. 49.00');
    expect(within(second).getByTestId('shipment-date')).toHaveTextContent(
      'Arrives by Fri, 4 Dec · from Das Weaves',
    );
    expect(within(second).getByTestId('shipment-fee')).toHaveTextContent('Free delivery');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Rs. 49.00');
    expect(screen.getByText('Cash On Delivery fee')).toBeInTheDocument();
    expect(screen.getByTestId('summary-cod-fee')).toHaveTextContent('Rs. 50.00');
  });

  it('shows no COD fee row without one, Free shipping at 0, and a shipment without a date yet', () => {
    render(
      <CartSummary
        totals={totals({ shipping: 0, codFee: 0 })}
        shipments={[{ sellerId: 'a', companyName: 'Anokhi Crafts', deliverBy: null, shippingFee: 0 }]}
      />,
    );
    expect(screen.queryByTestId('summary-cod-fee')).toBeNull();
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('Free');
    expect(screen.getByTestId('shipment-date')).toHaveTextContent(
      /^From Anokhi Crafts · no delivery date yet$/,
    );
  });

  it('shows nothing about shipments for an answer without them (an older server)', () => {
    render(<CartSummary totals={totals()} />);
    expect(screen.queryByTestId('shipment')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Delivery' })).toBeNull();
  });

  it('offers no Cash On Delivery where the PIN code has none, and says why', () => {
    const offered = paymentChoices({ paymentMethods: ['Razorpay', 'COD'], testPayments: false });
    expect(withoutCod(offered, true, '560034').choices).toBe(offered);
    expect(withoutCod(offered, undefined, '').choices).toBe(offered);
    const { choices, codNote } = withoutCod(offered, false, '744101');
    expect(choices.options.map((o) => o.value)).toEqual(['Razorpay']);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PaymentMethodField
          value=""
          choices={choices}
          onChange={() => {}}
          codNote={codNote}
          postalCode="744101"
        />
      </QueryClientProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Payment method' });
    expect(within(select).queryByRole('option', { name: 'Cash On Delivery' })).toBeNull();
    expect(screen.getByTestId('cod-unavailable')).toHaveTextContent(
      'Cash On Delivery is not available at PIN code 744101.',
    );
    expect(select).toHaveAccessibleDescription('Cash On Delivery is not available at PIN code 744101.');
  });
});
