import type {
  AccountKind,
  AccountMessageAnswer,
  ChangePasswordAnswer,
  ChangePasswordInput,
  EmailVerificationAnswer,
} from '@vastra/contracts';
import { api } from './api.ts';

/** Password reset, password change and e-mail confirmation calls (shoppers and sellers alike). */

/** The role of a link's `role=` parameter: a seller's link says so; anything else is a shopper's. */
export const accountKindOf = (value: string | null): AccountKind => (value === 'seller' ? 'seller' : 'user');

export const LOGIN_PAGE: Record<AccountKind, string> = { user: '/login', seller: '/seller-login' };

export const requestPasswordReset = (kind: AccountKind, email: string) =>
  api<AccountMessageAnswer>(`/api/auth/${kind}/forgot-password`, { method: 'POST', body: { email } });

export const resetPassword = (kind: AccountKind, body: { token: string; password: string }) =>
  api<AccountMessageAnswer>(`/api/auth/${kind}/reset-password`, { method: 'POST', body });

export const changePassword = (kind: AccountKind, body: ChangePasswordInput) =>
  api<ChangePasswordAnswer>(`/api/${kind}/change-password`, { method: 'PUT', as: kind, body });

export const verifyEmail = (token: string) =>
  api<EmailVerificationAnswer>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);

export const resendVerification = (kind: AccountKind) =>
  api<EmailVerificationAnswer>(`/api/auth/${kind}/resend-verification`, { method: 'POST', as: kind });
