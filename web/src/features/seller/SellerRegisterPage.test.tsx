import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SHOP_GSTIN_DEFAULT } from '@vastra/contracts/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import SellerRegisterPage from './SellerRegisterPage.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

/** A valid Karnataka GSTIN (its check character matches). */
const GSTIN = SHOP_GSTIN_DEFAULT;

function setup(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_path: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/seller-register']}>
        <Routes>
          <Route path="/seller-register" element={<SellerRegisterPage />} />
          <Route path="/seller-addProduct" element={<h1>Add Product</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetch, user: userEvent.setup() };
}

async function fillAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full Name'), 'Meera Das');
  await user.type(screen.getByLabelText('Email'), 'meera@example.in');
  await user.type(screen.getByLabelText('Password'), 'handloom-2026');
  await user.type(screen.getByLabelText('Mobile Number'), '9845001234');
  await user.type(screen.getByLabelText('Company Name'), 'Das Weaves');
  await user.type(screen.getByLabelText('Company Address'), '12 Weavers Lane, Mysuru');
}

const sentBody = (fetch: ReturnType<typeof setup>['fetch']) =>
  JSON.parse(String(fetch.mock.calls[0]?.[1]?.body));

afterEach(() => {
  vi.unstubAllGlobals();
  signOut('seller');
});

describe('seller registration', () => {
  it('sends no GST fields when they are left empty, as the original client did', async () => {
    const { fetch, user } = setup(200, { success: true, authToken: 't', sellerFullName: 'Meera Das' });
    await fillAccount(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Add Product' })).toBeInTheDocument();
    expect(Object.keys(sentBody(fetch)).sort()).toEqual([
      'companyAddress',
      'companyName',
      'email',
      'fullName',
      'mobile',
      'password',
    ]);
  }, 20_000);

  it('types the GSTIN in capitals, checks it on leaving the field and before sending', async () => {
    const { fetch, user } = setup(200, { success: true, authToken: 't', sellerFullName: 'Meera Das' });
    await fillAccount(user);
    const gstin = screen.getByLabelText(/^GSTIN/);
    await user.type(gstin, `${GSTIN.slice(0, 14).toLowerCase()}9`);
    expect(gstin).toHaveValue(`${GSTIN.slice(0, 14)}9`);
    await user.tab();
    expect(gstin).toHaveAccessibleDescription(expect.stringContaining('check digit does not match'));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(gstin).toHaveFocus());
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(gstin);
    await user.type(gstin, GSTIN);
    expect(gstin).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText(/^Legal name/), 'Das Weaves Private Limited');
    await user.selectOptions(screen.getByLabelText(/^Registered state/), 'Karnataka');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Add Product' });
    expect(sentBody(fetch)).toMatchObject({
      gstin: GSTIN,
      legalName: 'Das Weaves Private Limited',
      state: 'Karnataka',
    });
  }, 20_000);

  it("shows the server's refusal beside the registered state", async () => {
    const message = 'A GSTIN starting 29 is registered in Karnataka, not Kerala';
    const { user } = setup(400, {
      success: false,
      error: message,
      errors: [{ msg: message, path: 'state' }],
    });
    await fillAccount(user);
    await user.type(screen.getByLabelText(/^GSTIN/), GSTIN);
    await user.selectOptions(screen.getByLabelText(/^Registered state/), 'Kerala');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const state = screen.getByLabelText(/^Registered state/);
    await waitFor(() => expect(state).toHaveFocus());
    expect(state).toHaveAccessibleDescription(expect.stringContaining(message));
  }, 20_000);
});
