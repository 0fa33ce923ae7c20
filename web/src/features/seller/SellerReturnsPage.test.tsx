import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReturnView } from '@vastra/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { jsonResponse } from '../orders/test-orders.ts';
import SellerReturnsPage from './SellerReturnsPage.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

const ret = (over: Partial<ReturnView>): ReturnView => ({
  _id: 'r1',
  orderId: 'o1',
  orderNumber: 'VA-1A2B3C4D',
  itemId: 'i1',
  productId: 'p1',
  productName: 'Linen Kurta',
  image: '/media/p1/640.webp',
  size: 'M',
  color: '',
  itemQuantity: 2,
  unitPrice: 999,
  kind: 'refund',
  quantity: 1,
  reason: 'wrong_size',
  note: 'Too tight',
  status: 'requested',
  exchange: null,
  paymentMethod: 'cod',
  paymentStatus: 'cod_collected',
  refundTo: null,
  pickup: null,
  rejectReason: null,
  conditionOk: null,
  refund: null,
  creditNoteId: null,
  exchangeItemId: null,
  decidedBy: null,
  decidedAt: null,
  receivedAt: null,
  closedAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  decisionDue: '2026-11-26T10:00:00.000Z',
  customerName: 'Meera Iyer',
  companyName: 'Das Weaves',
  ...over,
});

const counts = { requested: 1, approved: 1, rejected: 0, received: 0, refunded: 0, exchanged: 0 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut('seller');
});

describe('the seller’s returns queue', () => {
  it('shows the requests to decide with their counts, and approves one with its pickup', async () => {
    signIn('seller', 'seller-token', 'Das Weaves');
    const calls: { path: string; body?: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (init?.method === 'POST')
          return jsonResponse({ success: true, return: ret({ status: 'approved' }) });
        return jsonResponse({ success: true, returns: [ret({})], total: 1, page: 1, limit: 20, counts });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/seller-returns']}>
          <SellerReturnsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = within(await screen.findByRole('listitem', { name: 'Return of Linen Kurta' }));
    expect(calls[0]?.path).toBe('/api/seller/returns?status=requested&page=1&limit=20');
    expect(screen.getByRole('button', { name: 'To decide 1' })).toHaveAttribute('aria-current', 'true');
    expect(card.getByTestId('return-status')).toHaveTextContent('Requested');
    expect(card.getByText('Refund of 1')).toBeInTheDocument();
    expect(card.getByText('Meera Iyer')).toBeInTheDocument();
    expect(card.getByText(/Too tight/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(card.getByRole('button', { name: 'Approve' }));
    await user.type(card.getByLabelText(/Courier/), 'Delhivery');
    await user.click(card.getByRole('button', { name: 'Approve return' }));
    expect(card.getByLabelText(/AWB number/)).toHaveAccessibleDescription('Enter the AWB number');
    await user.type(card.getByLabelText(/AWB number/), 'DLV123456');
    await user.click(card.getByRole('button', { name: 'Approve return' }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({
        path: '/api/seller/returns/r1/approve',
        body: { courier: 'Delhivery', awb: 'DLV123456' },
      }),
    );
  });
});
