import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../lib/auth.ts';
import { takeIntent } from '../lib/resume.ts';
import { MemoryRouter, Route, Routes } from '../lib/router.tsx';
import { WishlistHeart } from './WishlistHeart.tsx';

const id = '11111111-1111-4111-8111-111111111111';
let saved: string[];
let calls: { path: string; method: string }[];

function serve(initial: string[]) {
  saved = [...initial];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ path, method });
      let answer: unknown = { success: true };
      if (path === '/api/user/wishlist' && method === 'GET') {
        answer = { success: true, products: saved.map((_id) => ({ _id })) };
      } else if (path === '/api/user/wishlist') {
        saved.push(JSON.parse(String(init.body)).productId);
        answer = { success: true, productId: id, inWishlist: true };
      } else if (method === 'DELETE') {
        saved = saved.filter((s) => !path.endsWith(s));
        answer = { success: true, productId: id, inWishlist: false };
      }
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/card']}>
        <Routes>
          <Route path="/card" element={<WishlistHeart productId={id} overlay />} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the wishlist heart', () => {
  it('is a toggle named for what a press does: saves, then removes', async () => {
    serve([]);
    signIn('user', 'token', 'Asha');
    show();
    const heart = await screen.findByRole('button', { name: 'Add to wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Remove from wishlist' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(calls).toContainEqual({ path: '/api/user/wishlist', method: 'POST' });

    await userEvent.click(pressed);
    expect(await screen.findByRole('button', { name: 'Add to wishlist' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(calls).toContainEqual({ path: `/api/user/wishlist/${id}`, method: 'DELETE' });
    expect(saved).toEqual([]);
  });

  it('shows a saved product as pressed', async () => {
    serve([id]);
    signIn('user', 'token', 'Asha');
    show();
    expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('sends a visitor to log in and remembers the save for after', async () => {
    serve([]);
    show();
    await userEvent.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(takeIntent()).toMatchObject({ intent: { kind: 'wishlist', productId: id }, returnTo: '/card' });
  });
});
