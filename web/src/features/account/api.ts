import type { ShippingAddress } from '../../components/AddressForm.tsx';
import { api } from '../../lib/api.ts';
import type { OrderItem, UserProfile } from '../../lib/types.ts';

export interface RegisterInput {
  fullName: string;
  email: string;
  password: string;
  mobile: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
}

export type ProfileUpdate = Partial<Omit<RegisterInput, 'password'>>;

type UserAuth = { success: true; authToken: string; userFullName: string };

export const loginUser = (body: { email: string; password: string }) =>
  api<UserAuth>('/api/auth/user/login', { method: 'POST', body });

export const registerUser = (body: RegisterInput) =>
  api<UserAuth>('/api/auth/user/register', { method: 'POST', body });

export const fetchProfile = async (): Promise<UserProfile> => {
  const list = await api<UserProfile[]>('/api/auth/user/get-user-profile', { as: 'user' });
  if (!list[0]) throw new Error('Profile not found');
  return list[0];
};

export const updateProfile = (body: ProfileUpdate) =>
  api<{ success: true; updatedProfile: UserProfile[] }>('/api/user/update-profile', {
    method: 'PUT',
    as: 'user',
    body,
  });

export const deleteAccount = () => api('/api/user/delete-account', { method: 'DELETE', as: 'user' });

/** Newest first with every status, cancelled items too (the old client's `my-orders` leaves them out). */
export const fetchMyOrders = () => api<OrderItem[]>('/api/user/orders?limit=200', { as: 'user' });

export const cancelOrderItem = (itemId: string) =>
  api(`/api/user/orders/${encodeURIComponent(itemId)}/cancel`, { method: 'POST', as: 'user', body: {} });

export const changeOrderAddress = (orderId: string, address: ShippingAddress) =>
  api(`/api/user/orders/${encodeURIComponent(orderId)}/address`, {
    method: 'PUT',
    as: 'user',
    body: address,
  });
