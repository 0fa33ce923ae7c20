import type { MobileVerifiedAnswer, OtpRequestAnswer, OtpSignInAnswer } from '@vastra/contracts';
import { api } from '../../lib/api.ts';

/** Phone sign-in and mobile verification (issue 39): one call per endpoint. */

/** Sends a sign-in code by SMS; answers the same whether or not the number has an account. */
export const requestSignInCode = (mobile: string) =>
  api<OtpRequestAnswer>('/api/auth/otp/request', { method: 'POST', body: { mobile } });

/** Signs in with the code (a new number gets an account: `isNew`). */
export const verifySignInCode = (mobile: string, otp: string) =>
  api<OtpSignInAnswer>('/api/auth/otp/verify', { method: 'POST', body: { mobile, otp } });

/** Sends the signed-in shopper a code proving this mobile is theirs. */
export const requestMobileCode = (mobile: string) =>
  api<OtpRequestAnswer>('/api/user/mobile/request', { method: 'POST', as: 'user', body: { mobile } });

/** Makes the mobile the shopper's verified number (it then signs them in too). */
export const verifyMobileCode = (mobile: string, otp: string) =>
  api<MobileVerifiedAnswer>('/api/user/mobile/verify', { method: 'POST', as: 'user', body: { mobile, otp } });
