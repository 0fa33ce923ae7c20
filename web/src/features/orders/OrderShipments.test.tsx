import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShipmentAnswer } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { OrderShipments } from './OrderShipments.tsx';
import { apiOrder, jsonResponse, line } from './test-orders.ts';

const ORDER = apiOrder({ items: [line({ name: 'Indigo Kurta', status: 'shipped' })] });

/** A self-shipped parcel after one failed attempt, as the server answers it. */
function parcel(over: Partial<ShipmentAnswer> = {}): ShipmentAnswer {
  return {
    _id: 'ship-1',
    orderId: ORDER._id,
    orderNumber: ORDER.number,
    sellerId: 's1',
    provider: 'self',
    courier: 'Delhivery',
    awb: 'DL12345678',
    trackingUrl: 'https://www.delhivery.com/track/package/DL12345678',
    status: 'delivery_failed',
    weightGrams: 400,
    dims: { length: 30, breadth: 24, height: 5 },
    itemIds: ['item-Indigo Kurta'],
    cod: true,
    labelUrl: '/api/seller/shipments/ship-1/label.pdf',
    pickupRequestedAt: null,
    failedAttempts: 1,
    maxAttempts: 3,
    ndr: {
      state: 'open',
      reason: 'Customer not at home',
      date: null,
      phone: null,
      landmark: null,
      dates: ['2026-11-29', '2026-11-30', '2026-12-01'],
    },
    rtoReceivedAt: null,
    events: [
      { status: 'picked_up', at: '2026-11-27T04:30:00.000Z', note: null, source: 'seller' },
      {
        status: 'delivery_failed',
        at: '2026-11-28T09:45:00.000Z',
        note: 'Customer not at home',
        source: 'seller',
      },
    ],
    createdAt: '2026-11-26T12:00:00.000Z',
    ...over,
  };
}

function setup(answer: (path: string, init?: RequestInit) => Response) {
  signIn('user', 'user-token', 'Asha');
  const fetch = vi.fn(async (path: string, init?: RequestInit) => answer(path, init));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OrderShipments order={ORDER} />
    </QueryClientProvider>,
  );
  return fetch;
}

/** The body of the NDR answer the form posted. */
const posted = (fetch: ReturnType<typeof setup>) => {
  const call = fetch.mock.calls.find((c) => c[1]?.method === 'POST');
  return call && { path: call[0], body: JSON.parse(String(call[1]?.body)) };
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut('user');
});

describe("the shopper's parcel tracking", () => {
  it('shows the courier, AWB and tracking link, and the journey in India’s time with the failure’s reason', async () => {
    const fetch = setup(() => jsonResponse({ success: true, shipments: [parcel()] }));
    const card = within(await screen.findByTestId('parcel'));
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/user/orders/${ORDER._id}/shipments`);
    expect(card.getByTestId('parcel-status')).toHaveTextContent('Delivery attempt failed');
    expect(card.getByText('Indigo Kurta')).toBeInTheDocument();
    expect(card.getByTestId('parcel-courier')).toHaveTextContent('Delhivery · AWB DL12345678');
    expect(card.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      'https://www.delhivery.com/track/package/DL12345678',
    );
    const steps = within(card.getByRole('list', { name: 'Tracking of Your parcel' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((s) => s.textContent)).toEqual([
      'Shipment booked26 Nov, 5:30 pm IST',
      'Picked up by the courier27 Nov, 10:00 am IST',
      'Delivery attempt failed28 Nov, 3:15 pm IST' + 'Reason: Customer not at home',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
  });

  it('asks what to do after a failed attempt and sends a re-attempt day, phone and landmark', async () => {
    const user = userEvent.setup();
    let saved = parcel();
    const fetch = setup((_path, init) => {
      if (init?.method === 'POST') {
        saved = parcel({
          ndr: {
            ...saved.ndr!,
            state: 'reattempt',
            date: '2026-11-30',
            phone: '9845001234',
            landmark: 'Near the temple',
          },
        });
        return jsonResponse({ success: true, shipment: saved });
      }
      return jsonResponse({ success: true, shipments: [saved] });
    });
    const prompt = within(
      await screen.findByRole('region', { name: 'Delivery attempt failed — what should we do?' }),
    );
    expect(prompt.getByText(/could not deliver this parcel: Customer not at home/)).toBeInTheDocument();
    expect(prompt.getByText('Attempt 1 of 3.')).toBeInTheDocument();
    const day = prompt.getByLabelText('Deliver again on');
    expect(
      within(day)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a day', 'Sun, 29 Nov', 'Mon, 30 Nov', 'Tue, 1 Dec']);
    await user.selectOptions(day, '2026-11-30');
    await user.type(prompt.getByLabelText(/Phone number for the courier/), '9845001234');
    await user.type(prompt.getByLabelText(/Landmark near your address/), 'Near the temple');
    await user.click(prompt.getByRole('button', { name: 'Deliver again' }));

    expect(await screen.findByTestId('ndr-choice')).toHaveTextContent(
      'You asked for another delivery attempt on Mon, 30 Nov.Phone: 9845001234 · Landmark: Near the temple',
    );
    expect(screen.queryByTestId('ndr-prompt')).toBeNull();
    expect(posted(fetch)).toEqual({
      path: '/api/user/shipments/ship-1/ndr',
      body: { action: 'reattempt', date: '2026-11-30', phone: '9845001234', landmark: 'Near the temple' },
    });
  }, 20_000);

  it('shows a refused phone beside its field and a conflict above the choices', async () => {
    const user = userEvent.setup();
    let refusal = jsonResponse(
      {
        success: false,
        error: 'Bad',
        errors: [{ msg: 'Please enter a valid 10-digit Indian mobile number', path: 'phone' }],
      },
      {},
      400,
    );
    setup((_path, init) =>
      init?.method === 'POST' ? refusal : jsonResponse({ success: true, shipments: [parcel()] }),
    );
    const phone = await screen.findByLabelText(/Phone number for the courier/);
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Deliver again' }));
    expect(await screen.findByText('Please enter a valid 10-digit Indian mobile number')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();

    refusal = jsonResponse(
      {
        success: false,
        error: 'This delivery has nothing to answer now',
        errors: [{ msg: 'This delivery has nothing to answer now', path: '' }],
      },
      {},
      409,
    );
    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'Deliver again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This delivery has nothing to answer now');
  }, 20_000);

  it('cancels only after the shopper confirms, then says the parcel is going back', async () => {
    const user = userEvent.setup();
    let saved = parcel();
    const fetch = setup((_path, init) => {
      if (init?.method === 'POST') {
        saved = parcel({ status: 'rto_initiated', ndr: { ...saved.ndr!, state: 'cancel', dates: [] } });
        return jsonResponse({ success: true, shipment: saved });
      }
      return jsonResponse({ success: true, shipments: [saved] });
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel this delivery?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted(fetch)).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByTestId('ndr-choice')).toHaveTextContent(
      'You cancelled the delivery: the parcel is going back to the seller.',
    );
    expect(screen.getByTestId('parcel-status')).toHaveTextContent('Returning to the seller');
    expect(posted(fetch)?.body).toEqual({ action: 'cancel' });
  }, 20_000);

  it('shows nothing before anything ships', async () => {
    const fetch = setup(() => jsonResponse({ success: true, shipments: [] }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('order-shipments')).toBeNull();
  });
});
