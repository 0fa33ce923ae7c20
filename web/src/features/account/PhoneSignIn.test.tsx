import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentSession, type Role, signOut } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import { LoginScreen } from './LoginScreen.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

// (Variables: Biome reads a literal `role="…"` as an ARIA role.)
const SHOPPER: Role = 'user';
const SELLER: Role = 'seller';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = (over: Record<string, unknown> = {}) => ({
  _id: 'u1',
  fullName: 'Asha',
  email: '',
  mobile: '9876543210',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  date: '2026-11-28T10:00:00.000Z',
  emailVerified: false,
  mobileVerified: true,
  ...over,
});

/** The shop's answers by call; `verify` is what POST /api/auth/otp/verify answers. */
function setup(
  verify: () => Response = () => json({ success: true, authToken: 't', user: user(), isNew: false }),
) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/otp/request') return json({ success: true, resendAfterSeconds: 30 });
    if (url === '/api/auth/otp/verify') return verify();
    if (url === '/api/user/update-profile') {
      const body = JSON.parse(String(init?.body));
      return json({ success: true, updatedProfile: [user(body)] });
    }
    return json({});
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginScreen role={SHOPPER} />} />
          <Route path="/allProducts" element={<h1>All Products</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const callsTo = (fetch: ReturnType<typeof setup>, url: string) =>
  fetch.mock.calls.filter(([u]) => u === url).map(([, init]) => init!);

async function reachCode(u = userEvent.setup()) {
  await u.click(screen.getByRole('button', { name: 'Sign in with mobile number' }));
  await u.type(screen.getByLabelText('Mobile number'), '+91 98765 43210');
  await u.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByLabelText('One-time code');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  signOut('user');
});

describe('signing in with a mobile number', () => {
  it('sends a code, takes it, and signs an existing shopper in like the password login', async () => {
    const fetch = setup();
    const u = userEvent.setup();
    const code = await reachCode(u);
    expect(JSON.parse(String(callsTo(fetch, '/api/auth/otp/request')[0]!.body))).toEqual({
      mobile: '+91 98765 43210',
    });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(/We sent a code by SMS to \+91 9876543210/)).toBeInTheDocument();

    await u.type(code, '123456');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetch, '/api/auth/otp/verify')[0]!.body))).toEqual({
      mobile: '+91 98765 43210',
      otp: '123456',
    });
    expect(currentSession()).toEqual({ role: 'user', name: 'Asha' });
  });

  it('asks a new shopper for their name (e-mail optional) before going on', async () => {
    const fetch = setup(() =>
      json({ success: true, authToken: 'new-token', user: user({ fullName: '' }), isNew: true }),
    );
    const u = userEvent.setup();
    await u.type(await reachCode(u), '654321');
    await u.click(screen.getByRole('button', { name: 'Verify' }));

    const name = await screen.findByLabelText('Your name');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your name');
    expect(callsTo(fetch, '/api/user/update-profile')).toHaveLength(0);

    await u.type(name, ' Meena Iyer ');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
    const [put] = callsTo(fetch, '/api/user/update-profile');
    expect(put!.method).toBe('PUT');
    expect((put!.headers as Record<string, string>)['auth-token']).toBe('new-token');
    expect(JSON.parse(String(put!.body))).toEqual({ fullName: 'Meena Iyer' });
    expect(currentSession()).toEqual({ role: 'user', name: 'Meena Iyer' });
  });

  it('shows a refused code in an alert and stays on the code step', async () => {
    const message = 'That code is not right. 4 tries left';
    setup(() => json({ success: false, error: message, errors: [{ msg: message, path: 'otp' }] }, 400));
    const u = userEvent.setup();
    const code = await reachCode(u);
    await u.type(code, '000000');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(currentSession().role).toBe('visitor');
  });

  it('offers to resend only after 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = setup();
    const u = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await reachCode(u);
    expect(screen.getByRole('button', { name: 'Resend code in 30s' })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByRole('button', { name: /Resend code in (20|19)s/ })).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(21_000);
    });
    await u.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(callsTo(fetch, '/api/auth/otp/request')).toHaveLength(2);
    expect(await screen.findByRole('button', { name: /Resend code in (30|29)s/ })).toBeDisabled();
  });

  it('is not offered to sellers or the admin', () => {
    vi.stubGlobal('fetch', vi.fn());
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/seller-login']}>
          <Routes>
            <Route path="/seller-login" element={<LoginScreen role={SELLER} />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Seller Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with mobile number' })).toBeNull();
  });

  it('goes back to the e-mail login', async () => {
    setup();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Sign in with mobile number' }));
    await u.click(screen.getByRole('button', { name: 'Log in with e-mail and password instead' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
