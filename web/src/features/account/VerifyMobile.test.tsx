import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { queryClient } from '../../lib/query.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import ProfilePage from './ProfilePage.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const profile = (over: Record<string, unknown> = {}) => ({
  _id: 'a1b2c3d4e5f6',
  fullName: 'Asha Verma',
  email: 'asha@example.in',
  mobile: '9876543210',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  date: '2026-11-28T10:00:00.000Z',
  emailVerified: true,
  mobileVerified: false,
  ...over,
});

function setup(verify: (mobile: string) => Response, start = profile()) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/user/get-user-profile') return json([start]);
    if (url === '/api/user/mobile/request') return json({ success: true, resendAfterSeconds: 30 });
    if (url === '/api/user/mobile/verify') return verify(JSON.parse(String(init?.body)).mobile);
    return json({});
  });
  vi.stubGlobal('fetch', fetch);
  signIn('user', 'token', 'Asha Verma');
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<ProfilePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const bodyOf = (fetch: ReturnType<typeof setup>, url: string) =>
  JSON.parse(String(fetch.mock.calls.find(([u]) => u === url)![1]!.body));

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  signOut('user');
});

describe("a profile's mobile verification", () => {
  it('proves the number with a code and then shows it verified', async () => {
    const fetch = setup((mobile) => json({ success: true, user: profile({ mobile, mobileVerified: true }) }));
    const u = userEvent.setup();
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Verify mobile' }));
    const mobile = screen.getByLabelText('Mobile number');
    expect(mobile).toHaveValue('9876543210');
    await u.clear(mobile);
    await u.type(mobile, '9123456780');
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    expect(bodyOf(fetch, '/api/user/mobile/request')).toEqual({ mobile: '9123456780' });

    await u.type(await screen.findByLabelText('One-time code'), '246810');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('+91 9123456780')).toBeInTheDocument();
    expect(bodyOf(fetch, '/api/user/mobile/verify')).toEqual({ mobile: '9123456780', otp: '246810' });
    expect(screen.queryByRole('button', { name: 'Verify mobile' })).toBeNull();
    const sent = fetch.mock.calls.find(([u]) => u === '/api/user/mobile/verify')![1]!;
    expect((sent.headers as Record<string, string>)['auth-token']).toBe('token');
  });

  it('shows why a number cannot be verified, in an alert', async () => {
    const message =
      'This mobile number is already verified on another account. Sign in with it, or use another number';
    setup(() => json({ success: false, error: message, errors: [{ msg: message }] }, 409));
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Verify mobile' }));
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    await u.type(await screen.findByLabelText('One-time code'), '246810');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('Not verified')).toBeInTheDocument();
  });

  it('a verified mobile shows as such, with nothing to do', async () => {
    setup(() => json({}), profile({ mobileVerified: true, email: '', emailVerified: false }));
    const phone = (await screen.findByText('+91 9876543210')).closest('dd')!;
    expect(within(phone).getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify mobile' })).toBeNull();
    // A phone-only shopper has no e-mail to confirm.
    expect(screen.queryByRole('button', { name: 'Resend link' })).toBeNull();
  });
});
