import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '../lib/router.tsx';
import { Footer } from './Footer.tsx';

const site = {
  ownerName: 'Vastra Retail Pvt. Ltd.',
  address: '12, MG Road, Bengaluru',
  email: 'support@vastra.example',
  phones: ['+91 80 4000 1234', '+91 98450 01234'],
  copyrightYears: '2023-24',
};

function setup() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(site), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('footer', () => {
  it('shows the contact block from /api/site with the SPEC copyright years', async () => {
    setup();
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(await within(contact).findByText('Vastra Retail Pvt. Ltd.')).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: 'support@vastra.example' })).toHaveAttribute(
      'href',
      'mailto:support@vastra.example',
    );
    expect(within(contact).getByRole('link', { name: '+91 98450 01234' })).toHaveAttribute(
      'href',
      'tel:+919845001234',
    );
    expect(screen.getByText(/© 2023-24 Vastra/)).toBeInTheDocument();
  });

  it('links the policies and social networks', () => {
    setup();
    const policies = screen.getByRole('navigation', { name: 'Policies' });
    expect(
      within(policies)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/Cancel-Refund-Policy', '/Privacy-Policy', '/Terms-Of-Service', '/contacts']);
    for (const name of ['Facebook', 'Instagram', 'X (Twitter)', 'YouTube']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});
