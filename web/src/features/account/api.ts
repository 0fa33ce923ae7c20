import { api } from '../../lib/api.ts';
import type { UserProfile } from '../../lib/types.ts';

export interface RegisterInput {
  fullName: string;
  email: string;
  password: string;
  mobile: string;
  /** Optional since sign-up asks only for the essentials (the address is asked at checkout). */
  address?: string;
  city?: string;
  state?: string;
  postalCode?: string;
}

export type ProfileUpdate = Partial<Omit<RegisterInput, 'password'>>;

type UserAuth = { success: true; authToken: string; userFullName: string };

export const loginUser = (body: { email: string; password: string }) =>
  api<UserAuth>('/api/auth/user/login', { method: 'POST', body });

export const registerUser = (body: RegisterInput) =>
  api<UserAuth>('/api/auth/user/register', { method: 'POST', body });

export const fetchProfile = async (): Promise<UserProfile> => {
  const list = await api<UserProfile[]>('/api/auth/user/get-user-profile', { as: 'user' });
  if (!list[0]) throw new Error(/*i18n*/ 'Profile not found');
  return list[0];
};

export const updateProfile = (body: ProfileUpdate) =>
  api<{ success: true; updatedProfile: UserProfile[] }>('/api/user/update-profile', {
    method: 'PUT',
    as: 'user',
    body,
  });

export const deleteAccount = () => api('/api/user/delete-account', { method: 'DELETE', as: 'user' });
