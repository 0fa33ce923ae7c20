import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import RegisterPage from './RegisterPage.tsx';

function setup(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_path: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/register']}>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/allProducts" element={<h1>All Products</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Create Account', () => {
  it('asks only for name, e-mail, password and mobile', () => {
    setup(200, {});
    const inputs = screen.getAllByRole('textbox').concat(screen.getAllByLabelText(/Password/));
    expect(inputs.map((i) => i.getAttribute('name')).sort()).toEqual([
      'email',
      'fullName',
      'mobile',
      'password',
    ]);
    expect(screen.queryByLabelText('Address')).toBeNull();
    expect(screen.queryByLabelText('PIN code')).toBeNull();
  });

  it('shows every server error beside its field and focuses the first, with no banner', async () => {
    const fetch = setup(400, {
      success: false,
      error: 'Full name must be at least 2 characters',
      errors: [
        { msg: 'Full name must be at least 2 characters', path: 'fullName' },
        { msg: 'Please enter a valid email', path: 'email' },
        { msg: 'Please enter a valid 10-digit Indian mobile number', path: 'mobile' },
      ],
    });
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const name = screen.getByLabelText('Full Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Full name must be at least 2 characters');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email');
    expect(screen.getByLabelText(/Mobile Number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Password/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      fullName: 'A',
      email: '',
      password: '',
      mobile: '',
    });

    // Correcting a field clears its message.
    fireEvent.change(name, { target: { value: 'Asha Verma' } });
    expect(name).not.toHaveAttribute('aria-invalid');
  });
});
