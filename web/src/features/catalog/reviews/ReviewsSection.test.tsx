import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../../../lib/router.tsx';
import { ReviewsSection } from './ReviewsSection.tsx';

const answer = {
  reviews: [
    {
      _id: 'r1',
      customerName: 'Meera',
      rating: 4,
      review: 'Soft cotton',
      date: '2026-11-01T10:00:00Z',
      verifiedPurchase: true,
    },
  ],
  average: 4,
  count: 3,
  histogram: [
    { stars: 5, count: 1, percent: 33 },
    { stars: 4, count: 1, percent: 33 },
    { stars: 3, count: 1, percent: 34 },
    { stars: 2, count: 0, percent: 0 },
    { stars: 1, count: 0, percent: 0 },
  ],
};

function setup() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReviewsSection productId="p1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('reviews section', () => {
  it('shows the average to 2 decimals, whole-number percentages and verified badges', async () => {
    setup();
    expect(await screen.findByTestId('review-average')).toHaveTextContent('4.00');
    expect(screen.getAllByText('33%')).toHaveLength(2);
    expect(screen.getByText('34%')).toBeInTheDocument();
    expect(screen.getByText('Verified purchase')).toBeInTheDocument();
    expect(screen.getByText('2026-11-01')).toBeInTheDocument();
  });

  it('keeps Post disabled until a rating and a text are given', async () => {
    setup();
    const post = await screen.findByRole('button', { name: 'Post' });
    expect(post).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Your review'), 'Fits well');
    expect(post).toBeDisabled();
    await userEvent.click(screen.getByText('5 stars'));
    expect(post).toBeEnabled();
    await userEvent.clear(screen.getByLabelText('Your review'));
    expect(post).toBeDisabled();
  });
});
