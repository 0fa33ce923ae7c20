import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentMethodName, SiteInfo } from '@vastra/contracts';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentMethodField, usePaymentChoices } from './PaymentMethodField.tsx';

/** The chooser as the cart uses it: the choices from /api/site, the value kept by the page. */
function Chooser() {
  const [method, setMethod] = useState<PaymentMethodName | ''>('');
  return <PaymentMethodField value={method} choices={usePaymentChoices()} onChange={setMethod} />;
}

/** Renders the chooser with `GET /api/site` answering `site` (never, when undefined). */
function setup(site?: Partial<SiteInfo>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      site
        ? Promise.resolve(
            new Response(JSON.stringify(site), { headers: { 'content-type': 'application/json' } }),
          )
        : new Promise<Response>(() => {}),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Chooser />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Payment method' });
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => [(o as HTMLOptionElement).value, o.textContent]);

afterEach(() => vi.unstubAllGlobals());

describe('the cart’s payment method', () => {
  it('offers what the shop is set up for, in its order, with labels a shopper recognises', async () => {
    const select = setup({ paymentMethods: ['Razorpay', 'Stripe', 'COD'], testPayments: false });
    expect(
      await within(select).findByRole('option', { name: 'UPI / Cards / Netbanking' }),
    ).toBeInTheDocument();
    expect(optionsOf(select)).toEqual([
      ['', 'Select a payment method'],
      ['Razorpay', 'UPI / Cards / Netbanking'],
      ['Stripe', 'Card (Stripe)'],
      ['COD', 'Cash On Delivery'],
    ]);
    expect(screen.queryByText(/Test mode/)).toBeNull();
  });

  it('is chosen by the API’s names, so `COD` still selects cash on delivery', async () => {
    const select = setup({ paymentMethods: ['Razorpay', 'COD'], testPayments: true });
    await within(select).findByRole('option', { name: 'UPI / Cards / Netbanking' });
    await userEvent.selectOptions(select, 'COD');
    expect(select).toHaveValue('COD');
    await userEvent.selectOptions(select, 'UPI / Cards / Netbanking');
    expect(select).toHaveValue('Razorpay');
  });

  it('says no real money is taken when online payments go to the test page', async () => {
    const select = setup({ paymentMethods: ['Razorpay', 'COD'], testPayments: true });
    const note = await screen.findByText(/^Test mode: no real money is taken/);
    expect(select).toHaveAttribute('aria-describedby', note.id);
  });

  it('offers the SPEC’s card and cash on delivery while the site info loads', () => {
    const select = setup();
    expect(optionsOf(select)).toEqual([
      ['', 'Select a payment method'],
      ['Stripe', 'Card (Stripe)'],
      ['COD', 'Cash On Delivery'],
    ]);
  });
});
