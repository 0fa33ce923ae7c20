import type { CodConfirmAnswer, CodConfirmCodeAnswer } from '@vastra/contracts';
import { api } from '../../lib/api.ts';

/** COD confirmation (issue 39): a code to the order's mobile, the code back, or the link's token. */

export const requestCodConfirmCode = (orderId: string) =>
  api<CodConfirmCodeAnswer>(`/api/user/orders/${encodeURIComponent(orderId)}/cod-confirm/request`, {
    method: 'POST',
    as: 'user',
    body: {},
  });

export const confirmCodByCode = (orderId: string, otp: string) =>
  api<CodConfirmAnswer>(`/api/user/orders/${encodeURIComponent(orderId)}/cod-confirm`, {
    method: 'POST',
    as: 'user',
    body: { otp },
  });

/** The link's page: no sign-in needed, the token names the order. */
export const confirmCodByLink = (token: string) =>
  api<CodConfirmAnswer>('/api/orders/cod-confirm', { method: 'POST', body: { token } });
