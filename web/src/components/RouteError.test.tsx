import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../lib/lazy-screen.ts';
import { RouteError } from './RouteError.tsx';

describe('route errors', () => {
  it('shows "Loading chunk {n} failed." with Retry when a screen cannot be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          children: [
            {
              path: 'cart-page',
              lazy: lazyScreen('cart', () => Promise.reject(new TypeError('Failed to fetch'))),
            },
          ],
        },
      ],
      { initialEntries: ['/cart-page'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Loading chunk cart failed.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
