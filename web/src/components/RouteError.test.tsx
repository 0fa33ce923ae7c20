import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../lib/lazy-screen.ts';
import { MemoryRouter, Outlet, Screens } from '../lib/router.tsx';
import { RouteError } from './RouteError.tsx';

describe('route errors', () => {
  it('shows "Loading chunk {n} failed." with Retry when a screen cannot be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const routes = [
      { path: 'cart-page', load: lazyScreen('cart', () => Promise.reject(new TypeError('Failed to fetch'))) },
    ];
    render(
      <MemoryRouter initialEntries={['/cart-page']}>
        <Screens routes={routes} errorElement={<RouteError />} fallback={<p>Loading</p>}>
          <Outlet />
        </Screens>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Loading chunk cart failed.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows a friendly message, inside the page, when a screen fails while rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('Order data is missing');
    };
    render(
      <MemoryRouter initialEntries={['/order']}>
        <Screens
          routes={[{ path: 'order', load: async () => Broken }]}
          errorElement={<RouteError />}
          fallback={null}
        >
          <Outlet />
        </Screens>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Order data is missing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/home-page');
  });
});
