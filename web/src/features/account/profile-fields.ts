import { PIN_CODE_LENGTH, TEXT_LIMITS } from '@vastra/contracts/constants';
import type { FieldSpec } from '../../components/fields.tsx';
import type { RegisterInput } from './api.ts';

type ProfileField = FieldSpec<Exclude<keyof RegisterInput, 'password'>>;

/** The customer's details as Create Account and Edit Profile ask for them, in that order. */
export const PROFILE_FIELDS: readonly ProfileField[] = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name', maxLength: TEXT_LIMITS.fullName.max },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: TEXT_LIMITS.email.max },
  { name: 'mobile', label: 'Mobile Number', type: 'tel', autoComplete: 'tel-national' },
  {
    name: 'address',
    label: 'Address',
    autoComplete: 'street-address',
    maxLength: TEXT_LIMITS.address.max,
    wide: true,
  },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: TEXT_LIMITS.city.max },
  { name: 'state', label: 'State', autoComplete: 'address-level1', maxLength: TEXT_LIMITS.state.max },
  {
    name: 'postalCode',
    label: 'PIN code',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: PIN_CODE_LENGTH,
  },
];

/** Create Account: the profile's fields with a new password after the e-mail. */
export const REGISTER_FIELDS: readonly FieldSpec<keyof RegisterInput>[] = [
  ...PROFILE_FIELDS.slice(0, 2),
  {
    name: 'password',
    label: `Password (at least ${TEXT_LIMITS.password.min} characters)`,
    type: 'password',
    autoComplete: 'new-password',
    maxLength: TEXT_LIMITS.password.max,
  },
  ...PROFILE_FIELDS.slice(2),
];
