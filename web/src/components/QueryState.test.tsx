import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryState } from './QueryState.tsx';

function Sizes({ load }: { load: () => Promise<string[]> }) {
  const q = useQuery({ queryKey: ['sizes'], queryFn: load, retry: false });
  return (
    <QueryState
      query={q}
      loading="Loading sizes"
      isEmpty={(sizes) => sizes.length === 0}
      empty={<p>No sizes yet.</p>}
    >
      {(sizes) => <p>{sizes.join(', ')}</p>}
    </QueryState>
  );
}

const show = (load: () => Promise<string[]>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Sizes load={load} />
    </QueryClientProvider>,
  );

describe('QueryState', () => {
  it('announces the load, then shows the data', async () => {
    show(async () => ['S', 'M']);
    expect(screen.getByRole('status')).toHaveTextContent('Loading sizes…');
    expect(await screen.findByText('S, M')).toBeInTheDocument();
  });

  it('shows the empty state when there is nothing', async () => {
    show(async () => []);
    expect(await screen.findByText('No sizes yet.')).toBeInTheDocument();
  });

  it('shows a failure as an alert, and Try again loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Server unreachable')).mockResolvedValue(['L']);
    show(load);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server unreachable');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('L')).toBeInTheDocument();
  });
});
