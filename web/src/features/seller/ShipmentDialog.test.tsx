import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { jsonResponse } from '../orders/test-orders.ts';
import { ShipmentDialog } from './ShipmentDialog.tsx';

const ITEMS = [
  { _id: 'item-1', name: 'Indigo Kurta', quantity: 1 },
  { _id: 'item-2', name: 'Linen Shirt', quantity: 2 },
];
const NO_SHIPROCKET = { success: true, available: false, couriers: [] };
const SHIPROCKET = {
  success: true,
  available: true,
  couriers: [
    { courierId: 10, name: 'Delhivery Surface', rate: 62.5, etdDays: 4, cod: true },
    { courierId: 24, name: 'Xpressbees Air', rate: 91, etdDays: 2, cod: false },
  ],
};

function setup(
  rates: unknown,
  booked: () => Response = () => jsonResponse({ success: true, shipment: { _id: 'ship-1' } }, {}, 201),
) {
  signIn('seller', 'seller-token', 'Das Weaves');
  const fetch = vi.fn(async (path: string, init?: RequestInit) =>
    init?.method === 'POST'
      ? booked()
      : path.endsWith('/couriers')
        ? jsonResponse(rates)
        : jsonResponse({}, {}, 404),
  );
  vi.stubGlobal('fetch', fetch);
  const onBooked = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ShipmentDialog orderId="order-1" items={ITEMS} onBooked={onBooked} onCancel={() => undefined} />
    </QueryClientProvider>,
  );
  const sent = () => {
    const call = fetch.mock.calls.find((c) => c[1]?.method === 'POST');
    return call && { path: call[0], body: JSON.parse(String(call[1]?.body)) };
  };
  return { fetch, onBooked, sent };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut('seller');
});

describe('booking a parcel', () => {
  it('offers only the own courier when Shiprocket is not set up, and asks for the AWB', async () => {
    const user = userEvent.setup();
    const { onBooked, sent } = setup(NO_SHIPROCKET);
    await vi.waitFor(() => expect(screen.queryByText('Checking Shiprocket…')).toBeNull());
    expect(screen.getByRole('radio', { name: 'Own courier' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Shiprocket/ })).toBeNull();

    // Only the kurta goes in this parcel; the courier without its AWB is refused here.
    await user.click(screen.getByRole('checkbox', { name: 'Linen Shirt × 2' }));
    await user.type(screen.getByLabelText('Courier'), 'Delhivery');
    await user.click(screen.getByRole('button', { name: 'Book parcel' }));
    expect(screen.getByText('Enter the AWB number')).toBeInTheDocument();
    expect(screen.getByLabelText('AWB number')).toHaveFocus();
    expect(sent()).toBeUndefined();

    await user.type(screen.getByLabelText('AWB number'), 'DL12345678');
    await user.type(screen.getByLabelText(/Weight \(grams\)/), '450');
    await user.click(screen.getByRole('button', { name: 'Book parcel' }));
    await vi.waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(sent()).toEqual({
      path: '/api/seller/orders/order-1/shipments',
      body: {
        itemIds: ['item-1'],
        provider: 'self',
        courier: 'Delhivery',
        awb: 'DL12345678',
        weightGrams: 450,
      },
    });
  }, 20_000);

  it('needs no AWB for self-delivery and at least one item', async () => {
    const user = userEvent.setup();
    const { sent } = setup(NO_SHIPROCKET);
    await user.click(screen.getByRole('checkbox', { name: 'Indigo Kurta × 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Linen Shirt × 2' }));
    await user.type(screen.getByLabelText('Courier'), 'Self-delivery');
    expect(screen.queryByLabelText('AWB number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Book parcel' }));
    expect(screen.getByText('Choose at least one item to ship')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Linen Shirt × 2' }));
    await user.click(screen.getByRole('button', { name: 'Book parcel' }));
    await vi.waitFor(() =>
      expect(sent()?.body).toEqual({ itemIds: ['item-2'], provider: 'self', courier: 'Self-delivery' }),
    );
  }, 20_000);

  it("shows Shiprocket's couriers with their rates and books with the one chosen", async () => {
    const user = userEvent.setup();
    const { sent } = setup(SHIPROCKET);
    await user.click(await screen.findByRole('radio', { name: /Shiprocket/ }));
    const rates = within(screen.getByTestId('courier-rates'));
    expect(rates.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      ' Let Shiprocket choose',
      ' Delhivery Surface · Rs. 62.50 · 4 days · COD',
      ' Xpressbees Air · Rs. 91.00 · 2 days',
    ]);
    expect(screen.queryByLabelText('AWB number')).toBeNull();
    await user.click(rates.getByRole('radio', { name: /Xpressbees Air/ }));
    await user.click(screen.getByRole('button', { name: 'Book parcel' }));
    await vi.waitFor(() =>
      expect(sent()?.body).toEqual({ itemIds: ['item-1', 'item-2'], provider: 'shiprocket', courierId: 24 }),
    );
  }, 20_000);

  it("shows the server's refusal: beside its field, else under the form", async () => {
    const user = userEvent.setup();
    let answer = jsonResponse(
      { success: false, error: 'Bad', errors: [{ msg: 'AWB number already used', path: 'awb' }] },
      {},
      400,
    );
    setup(NO_SHIPROCKET, () => answer);
    await user.type(screen.getByLabelText('Courier'), 'Trackon');
    await user.type(screen.getByLabelText('AWB number'), 'TR-123456');
    await user.click(screen.getByRole('button', { name: 'Book parcel' }));
    expect(await screen.findByText('AWB number already used')).toBeInTheDocument();
    expect(screen.getByLabelText('AWB number')).toHaveAttribute('aria-invalid', 'true');

    answer = jsonResponse({ success: false, error: 'This item is shipped and cannot be shipped' }, {}, 409);
    await user.click(screen.getByRole('button', { name: 'Book parcel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This item is shipped and cannot be shipped');
  }, 20_000);
});
