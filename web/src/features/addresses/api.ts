import type { AddressAnswer, AddressBookAnswer, NewAddressInput, SavedAddress } from '@vastra/contracts';
import { api } from '../../lib/api.ts';

export type { SavedAddress };
/** What the address form sends: every field as typed (the server normalises mobile and state). */
export type AddressEntry = Required<Omit<NewAddressInput, 'isDefault' | 'mobile' | 'postalCode'>> & {
  mobile: string;
  postalCode: string;
};

/** The cache key of the address book. */
export const addressesKey = ['addresses'] as const;

/** The default first, then newest first. */
export const fetchAddresses = async () =>
  (await api<AddressBookAnswer>('/api/user/addresses', { as: 'user' })).addresses;

export const addAddress = async (body: AddressEntry & { isDefault?: boolean }) =>
  (await api<AddressAnswer>('/api/user/addresses', { method: 'POST', as: 'user', body })).address;

export const updateAddress = async (id: string, body: Partial<AddressEntry> & { isDefault?: boolean }) =>
  (
    await api<AddressAnswer>(`/api/user/addresses/${encodeURIComponent(id)}`, {
      method: 'PUT',
      as: 'user',
      body,
    })
  ).address;

export const deleteAddress = async (id: string) =>
  (
    await api<AddressBookAnswer>(`/api/user/addresses/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      as: 'user',
    })
  ).addresses;
