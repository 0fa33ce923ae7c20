import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from '../../components/ChangePasswordForm.tsx';
import { signIn, tokenOf } from '../../lib/auth.ts';
import { queryClient } from '../../lib/query.ts';
import { MemoryRouter, Route, Routes } from '../../lib/router.tsx';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';
import VerifyEmailPage from './VerifyEmailPage.tsx';

type Answer = { status?: number; body: unknown };

/** Stubs fetch with one answer per call, in order; returns the mock to inspect the calls. */
function answers(...list: Answer[]) {
  const fetch = vi.fn(async () => {
    const next = list.shift() ?? { body: { success: true } };
    return new Response(JSON.stringify(next.body), {
      status: next.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const sentBody = (fetch: ReturnType<typeof answers>, call = 0) =>
  JSON.parse((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].body as string);
const sentPath = (fetch: ReturnType<typeof answers>, call = 0) =>
  (fetch.mock.calls[call] as unknown as [string])[0];

function show(path: string, element: React.ReactNode) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path.split('?')[0] ?? path} element={element} />
          <Route path="/login" element={<h1>Login</h1>} />
          <Route path="/seller-login" element={<h1>Seller Login</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const badRequest = (msg: string, path: string) => ({
  status: 400,
  body: { success: false, error: msg, errors: [{ msg, path }] },
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
});

describe('forgot password page', () => {
  it("sends a seller's e-mail to the seller endpoint and shows the neutral message", async () => {
    const message = 'If an account uses this e-mail, we have sent it a link to reset the password.';
    const fetch = answers({ body: { success: true, message } });
    show('/forgot-password?role=seller', <ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email'), ' shop@example.in ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(sentPath(fetch)).toBe('/api/auth/seller/forgot-password');
    expect(sentBody(fetch)).toEqual({ email: 'shop@example.in' });
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/seller-login');
  });

  it('shows a refused e-mail beside its field and focuses it', async () => {
    answers(badRequest('Please enter a valid email', 'email'));
    show('/forgot-password', <ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const input = screen.getByLabelText('Email');
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
  });
});

describe('reset password page', () => {
  it('sets the new password with the link token, then opens the login page', async () => {
    const fetch = answers({ body: { success: true, message: 'Your password has been changed.' } });
    show('/reset-password?token=abc_123-x&role=user', <ResetPasswordPage />);
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(sentPath(fetch)).toBe('/api/auth/user/reset-password');
    expect(sentBody(fetch)).toEqual({ token: 'abc_123-x', password: 'a-new-pass-1' });
  });

  it('checks that both passwords match before asking the server', async () => {
    const fetch = answers();
    show('/reset-password?token=t&role=seller', <ResetPasswordPage />);
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-pass-2');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('The two passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('explains a used or expired link and offers a new one', async () => {
    answers(badRequest('This password reset link is invalid, has expired or was already used', 'token'));
    show('/reset-password?token=old&role=seller', <ResetPasswordPage />);
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/has expired or was already used/);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password?role=seller',
    );
  });
});

describe('verify e-mail page', () => {
  it('confirms the address from the link', async () => {
    const fetch = answers({
      body: {
        success: true,
        message: 'Thank you! Your e-mail address is confirmed',
        role: 'seller',
        alreadyVerified: false,
      },
    });
    show('/verify-email?token=tok-1', <VerifyEmailPage />);
    expect(await screen.findByText('Thank you! Your e-mail address is confirmed')).toBeInTheDocument();
    expect(sentPath(fetch)).toBe('/api/auth/verify-email?token=tok-1');
    expect(screen.getByRole('link', { name: 'Go to your seller profile' })).toBeInTheDocument();
  });

  it('says when the link no longer works', async () => {
    answers(badRequest('This confirmation link is invalid or has expired.', 'token'));
    show('/verify-email?token=old', <VerifyEmailPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid or has expired');
  });
});

describe('change password form', () => {
  it('keeps the shopper logged in with the fresh token', async () => {
    signIn('user', 'old-token', 'Asha Verma');
    const fetch = answers({
      body: { success: true, message: 'Your password has been changed', authToken: 'new-token' },
    });
    show('/profile', <ChangePasswordForm kind="user" />);
    await userEvent.type(screen.getByLabelText('Current password'), 'old-pass-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-pass-12');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-pass-12');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(tokenOf('user')).toBe('new-token'));
    expect(sentPath(fetch)).toBe('/api/user/change-password');
    expect(sentBody(fetch)).toEqual({ currentPassword: 'old-pass-1', newPassword: 'new-pass-12' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password beside its field', async () => {
    signIn('seller', 'seller-token', 'Ravi');
    answers(badRequest('Your current password is not correct', 'currentPassword'));
    show('/seller-profile', <ChangePasswordForm kind="seller" />);
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-pass');
    await userEvent.type(screen.getByLabelText('New password'), 'new-pass-12');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-pass-12');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    expect(tokenOf('seller')).toBe('seller-token');
  });
});
