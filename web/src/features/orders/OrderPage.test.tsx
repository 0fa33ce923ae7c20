import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import { toast } from '../../lib/toast.ts';
import { testProduct } from '../../test-product.ts';
import OrderPage from './OrderPage.tsx';
import { apiOrder, jsonResponse, line } from './test-orders.ts';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

const ID = '1a2b3c4d-0000-4000-8000-000000000001';

function setup(answer: (path: string, init?: RequestInit) => Response) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => answer(path, init));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/orders/${ID}`]}>
        <Routes>
          <Route path="/orders/:orderId" element={<OrderPage />} />
          <Route path="/login" element={<h1>Login</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut('user');
});

/** A PDF answer as the invoice routes send it. */
const pdf = (fileName: string) =>
  new Response('%PDF-1.7', {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
    },
  });

/** Catches the browser download: the object URL made and the file name the link asked for. */
function catchDownloads() {
  const saved: { href: string; name: string }[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:invoice');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, name: this.download });
  });
  return saved;
}

describe('order page', () => {
  it('shows the number, each item with its status, the address and what was paid', async () => {
    signIn('user', 'token', 'Asha');
    const order = apiOrder({
      items: [
        line({ name: 'Indigo Kurta', orderId: ID, amount: 600 }),
        line({ name: 'Linen Shirt', orderId: ID, amount: 400, status: 'shipped', size: 'M', color: 'Blue' }),
      ],
    });
    const fetch = setup(() => jsonResponse({ success: true, order }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order VA-1A2B3C4D' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/user/orders/${ID}`);
    expect(screen.getByText('23 Nov 2026')).toBeInTheDocument();
    expect(screen.getByText('Card · Paid')).toBeInTheDocument();
    const items = screen.getAllByTestId('order-item');
    expect(within(items[0]!).getByTestId('item-status')).toHaveTextContent('Pending');
    expect(within(items[0]!).getByRole('button', { name: 'Cancel Indigo Kurta' })).toBeInTheDocument();
    expect(within(items[1]!).getByTestId('item-status')).toHaveTextContent('Shipped');
    expect(within(items[1]!).queryByRole('button', { name: /Cancel/ })).toBeNull();
    // The size and colour bought; a Free Size item in one colour says nothing.
    expect(within(items[1]!).getByTestId('item-variant')).toHaveTextContent('Size: M · Colour: Blue');
    expect(within(items[0]!).queryByTestId('item-variant')).toBeNull();
    expect(screen.getByTestId('order-address')).toHaveTextContent('22 MG Road, Bengaluru, Karnataka, 560001');
    // One item has shipped: the address can no longer change.
    expect(screen.queryByRole('button', { name: 'Change address' })).toBeNull();
    expect(screen.getByTestId('summary-gst')).toHaveTextContent('Rs. 180.00');
    expect(screen.getByText('of which IGST 18%')).toBeInTheDocument();
    expect(screen.getAllByText('Rs. 1,180.00').length).toBeGreaterThan(0);
    // Nothing has been invoiced yet.
    expect(screen.queryByRole('button', { name: /Tax invoice/ })).toBeNull();
  });

  it('shows the taxable value, the tax lines and the total including GST when prices include it', async () => {
    signIn('user', 'token', 'Asha');
    const order = apiOrder({
      subtotal: 952.38,
      gst: 47.62,
      total: 1000,
      taxIncluded: true,
      taxLines: [
        { label: 'CGST 2.5%', rate: 2.5, amount: 23.81 },
        { label: 'SGST 2.5%', rate: 2.5, amount: 23.81 },
      ],
      items: [line({ name: 'Indigo Kurta', orderId: ID, amount: 1000 })],
    });
    setup(() => jsonResponse({ success: true, order }));
    expect(await screen.findByText('Taxable value')).toBeInTheDocument();
    expect(screen.getByTestId('summary-taxable')).toHaveTextContent('Rs. 952.38');
    expect(screen.getByText('CGST 2.5%')).toBeInTheDocument();
    expect(screen.getByText('SGST 2.5%')).toBeInTheDocument();
    expect(screen.getByText('Total (incl. GST)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('Rs. 1,000.00');
    expect(screen.getByText('Prices include GST')).toBeInTheDocument();
    expect(screen.queryByText('GST (18%)')).toBeNull();
  });

  it("offers each seller's tax invoice once and downloads it with the shopper's token", async () => {
    signIn('user', 'shopper-token', 'Asha');
    const kota = testProduct({ _id: 'p-kota', productName: 'Kota Saree', companyName: 'Kota Looms' });
    const order = apiOrder({
      items: [
        line({ name: 'Indigo Kurta', orderId: ID, status: 'shipped', invoiceId: 'inv-das' }),
        line({ name: 'Linen Shirt', orderId: ID, status: 'shipped', invoiceId: 'inv-das' }),
        line({
          name: 'Kota Saree',
          orderId: ID,
          status: 'cancelled',
          invoiceId: 'inv-kota',
          creditNoteId: 'cn-kota',
          product: [kota],
        }),
      ],
    });
    const saved = catchDownloads();
    const fetch = setup((path) =>
      path.endsWith('/pdf') ? pdf('INV-2627-000001.pdf') : jsonResponse({ success: true, order }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(
      screen.getAllByRole('button', { name: /Tax invoice|Credit note/ }).map((b) => b.textContent),
    ).toEqual(['Tax invoice · Das Weaves', 'Tax invoice · Kota Looms', 'Credit note']);
    await userEvent.click(screen.getByRole('button', { name: 'Tax invoice · Das Weaves' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:invoice', name: 'INV-2627-000001.pdf' }]));
    const call = fetch.mock.calls.find((c) => String(c[0]).endsWith('/pdf'));
    expect(String(call?.[0])).toBe('/api/invoices/inv-das/pdf');
    expect(new Headers(call?.[1]?.headers).get('auth-token')).toBe('shopper-token');

    await userEvent.click(screen.getByRole('button', { name: 'Credit note' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(fetch.mock.calls.some((c) => String(c[0]) === '/api/credit-notes/cn-kota/pdf')).toBe(true);
  });

  it('says so when an invoice cannot be downloaded', async () => {
    signIn('user', 'token', 'Asha');
    const order = apiOrder({
      items: [line({ name: 'Indigo Kurta', orderId: ID, status: 'shipped', invoiceId: 'inv-1' })],
    });
    const saved = catchDownloads();
    setup((path) =>
      path.endsWith('/pdf')
        ? jsonResponse({ success: false, error: 'Invoice not found' }, {}, 404)
        : jsonResponse({ success: true, order }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Tax invoice' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Invoice not found'));
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Tax invoice' })).toBeEnabled();
  });

  it('changes the address while nothing has shipped', async () => {
    signIn('user', 'token', 'Asha');
    const order = apiOrder({ items: [line({ name: 'Indigo Kurta', orderId: ID })] });
    const moved = {
      ...order,
      address: '1 New Street',
      city: 'Jaipur',
      state: 'Rajasthan',
      postalCode: '302001',
    };
    let saved = order;
    const fetch = setup((_path, init) => {
      if (init?.method === 'PUT') saved = moved;
      return jsonResponse({ success: true, order: saved });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change address' }));
    await userEvent.clear(screen.getByLabelText('Address'));
    await userEvent.type(screen.getByLabelText('Address'), '1 New Street');
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), 'Jaipur');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(screen.getByTestId('order-address')).toHaveTextContent('1 New Street, Jaipur'),
    );
    const put = fetch.mock.calls.find((c) => c[1]?.method === 'PUT');
    expect(String(put?.[0])).toBe(`/api/user/orders/${ID}/address`);
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ address: '1 New Street', city: 'Jaipur' });
  });

  it("says the order is not found for another shopper's order (404)", async () => {
    signIn('user', 'token', 'Asha');
    setup(() => jsonResponse({ success: false, error: 'Order not found' }, {}, 404));
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
  });

  it('sends visitors to the login page', async () => {
    const fetch = setup(() => jsonResponse({}));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
