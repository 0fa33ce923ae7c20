import {
  formatIndianMobile,
  INDIAN_STATE_NAMES,
  MOBILE_PATTERN,
  PIN_CODE_LENGTH,
  PIN_CODE_PATTERN,
  TEXT_LIMITS,
} from '@vastra/contracts/constants';
import { type FormEvent, type ReactNode, useState } from 'react';
import { SelectField, TextField } from '../../components/fields.tsx';
import { type FieldErrors, useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { AddressEntry } from './api.ts';

const NAMES = ['fullName', 'mobile', 'address', 'city', 'state', 'postalCode'] as const;
const STATE_OPTIONS = INDIAN_STATE_NAMES.map((name) => ({ value: name, label: name }));

export const EMPTY_ENTRY: AddressEntry = {
  fullName: '',
  mobile: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
};

/** The server's rules, checked before sending so every problem shows at once. */
export function validateEntry(a: AddressEntry): FieldErrors {
  const e: FieldErrors = {};
  if (a.fullName.trim().length < TEXT_LIMITS.fullName.min) e.fullName = /*i18n*/ 'Please enter the full name';
  if (!MOBILE_PATTERN.test(a.mobile.replace(/[\s-]/g, '')))
    e.mobile = /*i18n*/ 'Please enter a valid 10-digit Indian mobile number';
  if (!a.address.trim()) e.address = /*i18n*/ 'Address is required';
  if (!a.city.trim()) e.city = /*i18n*/ 'City is required';
  if (!a.state) e.state = /*i18n*/ 'Please choose a state or union territory';
  if (!PIN_CODE_PATTERN.test(a.postalCode.trim()))
    e.postalCode = /*i18n*/ 'Please enter a valid 6-digit PIN code';
  return e;
}

/**
 * One address-book entry: name and mobile of who receives it, the address, the state from India's
 * list and the PIN code. Every problem (the browser's checks, then the server's) shows beside its
 * field with focus on the first; `onSubmit` rejecting with a field error shows it the same way.
 */
export function AddressEntryForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  children,
  idPrefix = 'entry',
}: {
  initial: AddressEntry;
  submitLabel: string;
  busy?: boolean;
  onSubmit: (entry: AddressEntry) => Promise<unknown>;
  /** More controls after the fields, before the submit button. */
  children?: ReactNode;
  idPrefix?: string;
}) {
  const i18n = useI18n();
  const [value, setValue] = useState({ ...initial, mobile: formatIndianMobile(initial.mobile) });
  const fields = useFieldErrors(NAMES);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (fields.show(validateEntry(value))) return;
    const entry = Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, v.trim()]),
    ) as unknown as AddressEntry;
    try {
      await onSubmit(entry);
    } catch (err) {
      // Field errors show beside their fields; the caller reports anything else.
      fields.fromError(err);
    }
  };
  const bind = (name: (typeof NAMES)[number]) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: value[name],
    error: fields.errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValue((v) => ({ ...v, [name]: e.target.value }));
      fields.clear(name);
    },
  });
  return (
    <form ref={fields.formRef} className="form" onSubmit={submit} noValidate>
      <div className="form-grid">
        <TextField
          label={i18n._('Full Name')}
          autoComplete="name"
          maxLength={TEXT_LIMITS.fullName.max}
          {...bind('fullName')}
        />
        <TextField
          label={i18n._('Mobile Number')}
          type="tel"
          autoComplete="tel"
          hint={i18n._('10 digits, +91 optional')}
          {...bind('mobile')}
        />
        <TextField
          label={i18n._('Address')}
          autoComplete="street-address"
          maxLength={TEXT_LIMITS.address.max}
          wide
          {...bind('address')}
        />
        <TextField
          label={i18n._('City')}
          autoComplete="address-level2"
          maxLength={TEXT_LIMITS.city.max}
          {...bind('city')}
        />
        <SelectField
          label={i18n._('State')}
          placeholder={i18n._('Choose a state')}
          options={STATE_OPTIONS}
          autoComplete="address-level1"
          {...bind('state')}
        />
        <TextField
          label={i18n._('PIN code')}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={PIN_CODE_LENGTH}
          {...bind('postalCode')}
        />
      </div>
      {children}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
