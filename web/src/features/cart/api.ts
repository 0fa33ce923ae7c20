import type { ApiOrder, PaymentMethodName, SaveShippingAddressInput } from '@vastra/contracts';
import type { ShippingAddress } from '../../components/AddressForm.tsx';
import { api } from '../../lib/api.ts';
import type { UserProfile } from '../../lib/types.ts';

export type PaymentMethod = PaymentMethodName;

/** An order as checkout calls answer it: number, items, address and totals. */
export type PlacedOrder = ApiOrder;

export const changeQuantity = (cartProductId: string, increament: 1 | -1) =>
  api('/api/user/add-to-cart', { method: 'PUT', as: 'user', body: { cartProductId, increament } });

export const removeLine = (cartProductId: string) =>
  api('/api/user/add-to-cart', { method: 'DELETE', as: 'user', body: { cartProductId } });

export const setPaymentMethod = (selectedMethod: PaymentMethod) =>
  api('/api/user/set-payment-method', { method: 'PUT', as: 'user', body: { selectedMethod } });

/** The checkout's address; `saveToProfile` also makes it the profile's address. */
export const saveShippingAddress = ({
  saveToProfile,
  ...address
}: ShippingAddress & { saveToProfile: boolean }) =>
  api('/api/user/save-shipping-address', {
    method: 'PUT',
    as: 'user',
    body: { ...address, saveToProfile } satisfies SaveShippingAddressInput,
  });

export const fetchProfile = async (): Promise<UserProfile> => {
  const list = await api<UserProfile[]>('/api/auth/user/get-user-profile', { as: 'user' });
  if (!list[0]) throw new Error(/*i18n*/ 'Profile not found');
  return list[0];
};

/**
 * COD "Place Order" (also confirms a returned card payment of the cart). `expectedTotal`: the total
 * the shopper saw (rupees); the server refuses (409) an order that no longer comes to it, e.g. a
 * sale ended in between.
 */
export const placeOrder = (expectedTotal?: number) =>
  api<{ success: true; order: PlacedOrder }>('/api/user/order-success', {
    method: 'PUT',
    as: 'user',
    ...(expectedTotal === undefined ? {} : { body: { expectedTotal } }),
  });

/** Card payment of the whole cart: a hosted checkout session to send the browser to (`expectedTotal` as above). */
export const startCardCheckout = (expectedTotal?: number) =>
  api<{ id: string; url: string }>('/api/user/checkout-session', {
    method: 'POST',
    as: 'user',
    body: expectedTotal === undefined ? {} : { expectedTotal },
  });

/** After the provider's redirect: asks the server whether the session was really paid. */
export const confirmSession = (sessionId: string) =>
  api<{ success: true; paid: boolean; order: PlacedOrder }>(
    `/api/payments/session/${encodeURIComponent(sessionId)}/confirm`,
    { method: 'POST', as: 'user', body: {} },
  );
