import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderHeader } from './OrderHeader.tsx';

const order = { number: 'VA-1A2B3C4D', createdAt: '2026-11-23T10:00:00.000Z', total: 1180 } as const;

describe('an order’s header', () => {
  it.each([
    ['Razorpay', 'paid', 'UPI / Cards / Netbanking (Razorpay) · Paid'],
    ['Stripe', 'refunded', 'Card · Refunded'],
    ['COD', 'cod_collected', 'Cash On Delivery · Paid on delivery'],
  ] as const)(
    'says a %s order was paid how, and where the money is',
    (paymentMethod, paymentStatus, text) => {
      render(
        <OrderHeader order={{ ...order, paymentMethod, paymentStatus }} title={<h2>{order.number}</h2>} />,
      );
      expect(screen.getByText(text)).toBeInTheDocument();
    },
  );
});
