import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentSession, type Role, signOut } from '../../lib/auth.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import { LoginScreen } from './LoginScreen.tsx';

vi.mock('../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
}));

const NAME_KEY: Record<Role, string> = {
  user: 'userFullName',
  seller: 'sellerFullName',
  admin: 'adminFullName',
};

function setup(role: Role, path: string) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url.startsWith('/api/auth/')
      ? new Response(JSON.stringify({ success: true, authToken: 't', [NAME_KEY[role]]: 'Asha' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      : new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={<LoginScreen role={role} />} />
          <Route path="/allProducts" element={<h1>All Products</h1>} />
          <Route path="/seller-dashboard" element={<h1>Seller Dashboard</h1>} />
          <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const role of ['user', 'seller', 'admin'] as const) signOut(role);
});

describe('the login screen', () => {
  it.each([
    ['user', '/login', 'Login', '/api/auth/user/login', 'All Products'],
    ['seller', '/seller-login', 'Seller Login', '/api/auth/seller/login', 'Seller Dashboard'],
    ['admin', '/admin-login', 'Admin Login', '/api/auth/admin/admin-login', 'Dashboard'],
  ] as const)(
    'the %s login makes its own call and opens its landing page',
    async (role, path, title, call, next) => {
      const fetch = setup(role, path);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Email'), ' asha@example.com ');
      await user.type(screen.getByLabelText('Password'), 'secret-123');
      await user.click(screen.getByRole('button', { name: 'Login' }));

      expect(await screen.findByRole('heading', { level: 1, name: next })).toBeInTheDocument();
      const [url, init] = fetch.mock.calls.find(([u]) => u.startsWith('/api/auth/'))!;
      expect(url).toBe(call);
      expect(JSON.parse(String(init?.body))).toEqual({ email: 'asha@example.com', password: 'secret-123' });
      expect(currentSession()).toEqual({ role, name: 'Asha' });
    },
  );

  it('offers each role its own ways on: a reset link for shoppers and sellers, sign-up links', () => {
    setup('seller', '/seller-login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password?role=seller',
    );
    expect(screen.getByRole('link', { name: 'Create a seller account' })).toHaveAttribute(
      'href',
      '/seller-register',
    );
  });

  it('gives the admin no reset or sign-up link', () => {
    setup('admin', '/admin-login');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
