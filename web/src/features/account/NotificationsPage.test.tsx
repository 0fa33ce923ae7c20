import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../lib/auth.ts';
import { queryClient } from '../../lib/query.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import NotificationsPage from './NotificationsPage.tsx';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DEFAULTS = {
  success: true,
  orders: { email: true, sms: true, whatsapp: false },
  offers: { email: false, sms: false, whatsapp: false },
};

function setup(
  answerPut: (body: unknown) => Response = (body) => json({ success: true, ...(body as object) }),
) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/user/notifications' && init?.method === 'PUT')
      return answerPut(JSON.parse(String(init.body)));
    if (url === '/api/user/notifications') return json(DEFAULTS);
    return json({});
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/account/notifications']}>
        <Routes>
          <Route path="/account/notifications" element={<NotificationsPage />} />
          <Route path="/login" element={<h1>Login</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const group = (name: string) => within(screen.getByRole('group', { name }));

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  signOut('user');
});

describe('the notifications page', () => {
  it('shows the current choices, saves the changed ones and confirms', async () => {
    signIn('user', 'token', 'Asha Verma');
    const fetch = setup();
    const u = userEvent.setup();
    await screen.findByRole('group', { name: 'Order updates' });
    expect(group('Order updates').getByLabelText('E-mail')).toBeChecked();
    expect(group('Order updates').getByLabelText('SMS')).toBeChecked();
    expect(group('Order updates').getByLabelText('WhatsApp')).not.toBeChecked();
    for (const channel of ['E-mail', 'SMS', 'WhatsApp'])
      expect(group('Offers').getByLabelText(channel)).not.toBeChecked();

    await u.click(group('Order updates').getByLabelText('WhatsApp'));
    await u.click(group('Order updates').getByLabelText('E-mail'));
    await u.click(group('Offers').getByLabelText('SMS'));
    await u.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your notification settings are saved.');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      orders: { email: false, sms: true, whatsapp: true },
      offers: { email: false, sms: true, whatsapp: false },
    });
    expect((put[1]!.headers as Record<string, string>)['auth-token']).toBe('token');
    expect(group('Order updates').getByLabelText('WhatsApp')).toBeChecked();
  });

  it('shows why the choices were not saved, in an alert', async () => {
    signIn('user', 'token', 'Asha Verma');
    const message = 'orders.sms must be true or false';
    setup(() => json({ success: false, error: message, errors: [{ msg: message }] }, 400));
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sends a visitor who is not signed in to the login page', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });
});
