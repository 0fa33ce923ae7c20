import { describe, expect, it } from 'vitest';
import { asPaymentMethod, paidWithLabel, paymentChoices } from './payment-methods.ts';

describe('the payment methods checkout offers', () => {
  it('are the ones the site info names, in its order, with the shopper-facing labels', () => {
    expect(paymentChoices({ paymentMethods: ['Razorpay', 'Stripe', 'COD'], testPayments: false })).toEqual({
      options: [
        { value: 'Razorpay', label: 'UPI / Cards / Netbanking' },
        { value: 'Stripe', label: 'Card (Stripe)' },
        { value: 'COD', label: 'Cash On Delivery' },
      ],
      testMode: false,
    });
  });

  it('are the SPEC’s card and cash on delivery until the site info has loaded', () => {
    for (const site of [undefined, {}, { paymentMethods: [] }]) {
      expect(paymentChoices(site).options.map((o) => o.value)).toEqual(['Stripe', 'COD']);
    }
  });

  it('say test mode only when online payments go to the test page', () => {
    expect(paymentChoices({ paymentMethods: ['Razorpay', 'COD'], testPayments: true }).testMode).toBe(true);
    expect(paymentChoices({ paymentMethods: ['Razorpay', 'COD'], testPayments: false }).testMode).toBe(false);
    // Cash only: there is no online page to rehearse on.
    expect(paymentChoices({ paymentMethods: ['COD'], testPayments: true }).testMode).toBe(false);
  });

  it('leave out a name this web does not know, rather than offering an option it cannot label', () => {
    const site = { paymentMethods: ['Paytm', 'COD'] as unknown as ['COD'] };
    expect(paymentChoices(site).options.map((o) => o.value)).toEqual(['COD']);
  });
});

describe('a placed order’s payment method', () => {
  it('reads as how the shopper paid', () => {
    expect(paidWithLabel('Razorpay')).toBe('UPI / Cards / Netbanking (Razorpay)');
    expect(paidWithLabel('Stripe')).toBe('Card');
    expect(paidWithLabel('COD')).toBe('Cash On Delivery');
  });

  it('is shown as sent when the web does not know it yet', () => {
    expect(paidWithLabel('Paytm')).toBe('Paytm');
  });
});

describe('a saved method', () => {
  it('is taken only when it is one of the API’s names', () => {
    expect(asPaymentMethod('Razorpay')).toBe('Razorpay');
    expect(asPaymentMethod('cod')).toBeNull();
    expect(asPaymentMethod(null)).toBeNull();
  });
});
