import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { MemoryRouter } from '../../lib/router.tsx';
import { jsonResponse } from '../orders/test-orders.ts';
import AdminPayoutsPage from './AdminPayoutsPage.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

const SELLER = '7c1e2f40-1111-4a2b-8c3d-000000000001';
const UNVERIFIED = '7c1e2f40-1111-4a2b-8c3d-000000000002';
const due = [
  {
    sellerId: SELLER,
    companyName: 'Das Weaves',
    gstin: '27AAPFU0939F1ZV',
    verified: true,
    payable: 844.54,
    pending: 120,
  },
  {
    sellerId: UNVERIFIED,
    companyName: 'Kaveri Looms',
    gstin: null,
    verified: false,
    payable: 150,
    pending: 0,
  },
];
const commissions = { success: true, defaultPercent: 10, categories: { Kids: 8 }, sellers: {} };

type Call = { path: string; method: string; body: Record<string, unknown> | undefined };

/** The admin API as the page sees it; `payout` answers each POST /api/admin/payouts in turn. */
function serve(payout: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ path, method: init?.method ?? 'GET', body });
    if (path === '/api/admin/payouts/due') return jsonResponse({ success: true, sellers: due });
    if (path === '/api/admin/payouts' && init?.method === 'POST') return payout(body ?? {});
    if (path === '/api/admin/payouts') return jsonResponse({ success: true, payouts: [] });
    if (path === '/api/admin/commissions') return jsonResponse(commissions);
    if (path.startsWith('/api/admin/rto-rates'))
      return jsonResponse({ success: true, by: 'shopper', rows: [] });
    return jsonResponse({ items: [], total: 0, page: 1, limit: 20 });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const payouts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/payouts');

function renderPage() {
  signIn('admin', 'admin-token', 'Admin');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AdminPayoutsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  signOut('admin');
});

describe('the admin’s Payouts page', () => {
  it('offers each seller with money payable a payout form prefilled with the whole balance', async () => {
    serve(() => jsonResponse({}));
    renderPage();
    const card = within(await screen.findByRole('listitem', { name: 'Das Weaves' }));
    expect(card.getByText('Rs. 844.54')).toBeInTheDocument();
    expect(card.getByLabelText('Amount (Rs.)')).toHaveValue('844.54');
    expect(card.getByLabelText('Bank reference (UTR)')).toHaveValue('');
    // The commission panel: the default, and the category rate already set.
    expect(await screen.findByTestId('commission-default')).toHaveTextContent('10%');
    expect(screen.getByLabelText(/^Kids/)).toHaveValue('8');
  });

  it('records a payout once however often it is clicked, then starts a new key', async () => {
    let answer: (r: Response) => void = () => {};
    const calls = serve(
      (body) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
          void body;
        }),
    );
    renderPage();
    const card = within(await screen.findByRole('listitem', { name: 'Das Weaves' }));
    await userEvent.type(card.getByLabelText('Bank reference (UTR)'), 'UTR0001234');
    const button = card.getByRole('button', { name: 'Record payout' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(payouts(calls)).toHaveLength(1);
    const sent = payouts(calls)[0]?.body;
    expect(sent).toMatchObject({ sellerId: SELLER, amount: 844.54, reference: 'UTR0001234' });
    expect(String(sent?.idempotencyKey).length).toBeGreaterThanOrEqual(8);
    answer(
      jsonResponse({
        success: true,
        repeated: false,
        payout: {
          _id: 'p1',
          sellerId: SELLER,
          companyName: 'Das Weaves',
          amount: 844.54,
          reference: 'UTR0001234',
          date: new Date().toISOString(),
        },
      }),
    );
    await waitFor(() => expect(card.getByRole('button', { name: 'Record payout' })).toBeEnabled());
    await userEvent.click(card.getByRole('button', { name: 'Record payout' }));
    await waitFor(() => expect(payouts(calls)).toHaveLength(2));
    expect(payouts(calls)[1]?.body?.idempotencyKey).not.toBe(sent?.idempotencyKey);
  });

  it('shows the server’s refusal beyond the balance, and retries with the same key', async () => {
    const calls = serve(() =>
      jsonResponse(
        {
          success: false,
          error: 'Only Rs. 0.00 is payable to this seller now',
          errors: [{ msg: 'Only Rs. 0.00 is payable to this seller now' }],
        },
        {},
        409,
      ),
    );
    renderPage();
    const card = within(await screen.findByRole('listitem', { name: 'Das Weaves' }));
    await userEvent.type(card.getByLabelText('Bank reference (UTR)'), 'UTR0001234');
    await userEvent.click(card.getByRole('button', { name: 'Record payout' }));
    expect(await card.findByRole('alert')).toHaveTextContent('Only Rs. 0.00 is payable to this seller now');
    await userEvent.click(card.getByRole('button', { name: 'Record payout' }));
    await waitFor(() => expect(payouts(calls)).toHaveLength(2));
    // Nothing was recorded under the first key: trying again is the same request.
    expect(payouts(calls)[1]?.body?.idempotencyKey).toBe(payouts(calls)[0]?.body?.idempotencyKey);
  });

  it('refuses, before asking, an amount above the balance or a missing reference', async () => {
    const calls = serve(() => jsonResponse({}));
    renderPage();
    const card = within(await screen.findByRole('listitem', { name: 'Das Weaves' }));
    const amount = card.getByLabelText('Amount (Rs.)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '900');
    await userEvent.click(card.getByRole('button', { name: 'Record payout' }));
    expect(await card.findByText('At most Rs. 844.54 is payable')).toBeInTheDocument();
    expect(card.getByText('Enter the transfer’s reference (UTR)')).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(payouts(calls)).toHaveLength(0);
  });

  it('says which seller is not verified yet, and shows the server’s refusal to pay them', async () => {
    const refusal = 'Verify this seller before paying out: they have not confirmed their e-mail address yet';
    const calls = serve(() =>
      jsonResponse({ success: false, error: refusal, errors: [{ msg: refusal }] }, {}, 409),
    );
    renderPage();
    const note = /^Not verified: the seller has not confirmed their e-mail address yet/;
    const card = within(await screen.findByRole('listitem', { name: 'Kaveri Looms' }));
    expect(card.getByText(note)).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Das Weaves' })).queryByText(note),
    ).not.toBeInTheDocument();
    await userEvent.type(card.getByLabelText('Bank reference (UTR)'), 'UTR0005678');
    await userEvent.click(card.getByRole('button', { name: 'Record payout' }));
    expect(await card.findByRole('alert')).toHaveTextContent(refusal);
    expect(payouts(calls)[0]?.body).toMatchObject({ sellerId: UNVERIFIED, amount: 150 });
  });
});
