import { PIN_CODE_LENGTH, TEXT_LIMITS } from '@vastra/contracts/constants';
import type { FieldSpec } from '../../components/fields.tsx';
import type { RegisterInput } from './api.ts';

type ProfileField = FieldSpec<Exclude<keyof RegisterInput, 'password'>>;

/**
 * The customer's details as Edit Profile asks for them (Create Account takes the first ones). The
 * profile's address is the original client's; the new app keeps addresses in the address book.
 */
export const PROFILE_FIELDS: readonly ProfileField[] = [
  {
    name: 'fullName',
    label: /*i18n*/ 'Full Name',
    autoComplete: 'name',
    maxLength: TEXT_LIMITS.fullName.max,
  },
  {
    name: 'email',
    label: /*i18n*/ 'Email',
    type: 'email',
    autoComplete: 'email',
    maxLength: TEXT_LIMITS.email.max,
  },
  { name: 'mobile', label: /*i18n*/ 'Mobile Number', type: 'tel', autoComplete: 'tel-national' },
  {
    name: 'address',
    label: /*i18n*/ 'Address',
    autoComplete: 'street-address',
    maxLength: TEXT_LIMITS.address.max,
    wide: true,
    optional: true,
  },
  {
    name: 'city',
    label: /*i18n*/ 'City',
    autoComplete: 'address-level2',
    maxLength: TEXT_LIMITS.city.max,
    optional: true,
  },
  {
    name: 'state',
    label: /*i18n*/ 'State',
    autoComplete: 'address-level1',
    maxLength: TEXT_LIMITS.state.max,
    optional: true,
  },
  {
    name: 'postalCode',
    label: /*i18n*/ 'PIN code',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: PIN_CODE_LENGTH,
    optional: true,
  },
];

/** Create Account asks only for these; the address is asked at checkout. */
export type SignUpField = 'fullName' | 'email' | 'password' | 'mobile';

/** Create Account: name, e-mail, a new password and mobile. */
export const REGISTER_FIELDS: readonly FieldSpec<SignUpField>[] = [
  ...(PROFILE_FIELDS.slice(0, 2) as FieldSpec<SignUpField>[]),
  {
    name: 'password',
    label: `Password (at least ${TEXT_LIMITS.password.min} characters)`,
    type: 'password',
    autoComplete: 'new-password',
    maxLength: TEXT_LIMITS.password.max,
  },
  { ...(PROFILE_FIELDS[2] as FieldSpec<SignUpField>), hint: /*i18n*/ '10-digit Indian mobile number' },
];
