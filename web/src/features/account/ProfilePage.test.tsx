import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, tokenOf } from '../../lib/auth.ts';
import { queryClient } from '../../lib/query.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import ProfilePage from './ProfilePage.tsx';

const profile = {
  _id: 'a1b2c3d4e5f6',
  fullName: 'Asha Verma',
  email: 'asha@example.in',
  mobile: '9876543210',
  address: '14 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560025',
};

function setup(shown: object = profile) {
  const fetch = vi.fn(async (_path: string, init?: RequestInit) => {
    const body = init?.method === 'DELETE' ? { success: true } : [shown];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/register" element={<h1>Create Account</h1>} />
          <Route path="/login" element={<h1>Login</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('profile page', () => {
  it('shows the SPEC display id, the +91 phone and company name None', async () => {
    signIn('user', 'token', 'Asha Verma');
    setup();
    expect(await screen.findByText('U3d4e5123')).toBeInTheDocument();
    expect(screen.getByText('+91 9876543210')).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
  });

  it('deleting the account ends the session at once and goes to /register', async () => {
    signIn('user', 'token', 'Asha Verma');
    const fetch = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(tokenOf('user')).toBeNull();
    expect(fetch).toHaveBeenCalledWith(
      '/api/user/delete-account',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('offers to change the password of an account that has one', async () => {
    signIn('user', 'token', 'Asha Verma');
    setup({ ...profile, hasPassword: true });
    expect(await screen.findByText('U3d4e5123')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    expect(screen.queryByText('You sign in with a code sent to your mobile.')).not.toBeInTheDocument();
  });

  it('a shopper who signed up by mobile has no password: no change-password form, a line instead', async () => {
    signIn('user', 'token', 'Asha Verma');
    setup({ ...profile, email: '', hasPassword: false, mobileVerified: true });
    expect(await screen.findByText('You sign in with a code sent to your mobile.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /change password/i })).not.toBeInTheDocument();
  });

  it('sends visitors to the login page', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});
