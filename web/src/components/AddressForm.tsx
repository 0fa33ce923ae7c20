import { PIN_CODE_LENGTH, PIN_CODE_PATTERN, TEXT_LIMITS } from '@vastra/contracts/constants';
import { type FormEvent, type ReactNode, useState } from 'react';
import { TextField } from './fields.tsx';

/** A postal address as checkout and orders use it. */
export interface ShippingAddress {
  address: string;
  city: string;
  state: string;
  postalCode: string;
}

/** Client checks mirroring the server's: every field filled, a 6-digit PIN code. */
export function validateAddress(a: ShippingAddress): Partial<Record<keyof ShippingAddress, string>> {
  const e: Partial<Record<keyof ShippingAddress, string>> = {};
  if (!a.address.trim()) e.address = /*i18n*/ 'Address is required';
  if (!a.city.trim()) e.city = /*i18n*/ 'City is required';
  if (!a.state.trim()) e.state = /*i18n*/ 'State is required';
  if (!PIN_CODE_PATTERN.test(a.postalCode.trim()))
    e.postalCode = /*i18n*/ 'Please enter a valid 6-digit PIN code';
  return e;
}

const FIELDS: {
  name: keyof ShippingAddress;
  label: string;
  autoComplete: string;
  maxLength: number;
  inputMode?: 'numeric';
}[] = [
  {
    name: 'address',
    label: /*i18n*/ 'Address',
    autoComplete: 'street-address',
    maxLength: TEXT_LIMITS.address.max,
  },
  { name: 'city', label: /*i18n*/ 'City', autoComplete: 'address-level2', maxLength: TEXT_LIMITS.city.max },
  {
    name: 'state',
    label: /*i18n*/ 'State',
    autoComplete: 'address-level1',
    maxLength: TEXT_LIMITS.state.max,
  },
  {
    name: 'postalCode',
    label: /*i18n*/ 'PIN code',
    autoComplete: 'postal-code',
    maxLength: PIN_CODE_LENGTH,
    inputMode: 'numeric',
  },
];

/** Shipping address form, shared by checkout and "Edit Address" on an order. */
export function AddressForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  idPrefix = 'ship',
  children,
}: {
  initial: ShippingAddress;
  submitLabel: string;
  busy?: boolean;
  onSubmit: (a: ShippingAddress) => void;
  idPrefix?: string;
  /** More controls shown after the address fields, before the submit button. */
  children?: ReactNode;
}) {
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<ReturnType<typeof validateAddress>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateAddress(value);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      onSubmit({
        address: value.address.trim(),
        city: value.city.trim(),
        state: value.state.trim(),
        postalCode: value.postalCode.trim(),
      });
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      {FIELDS.map(({ name, ...field }) => (
        <TextField
          key={name}
          id={`${idPrefix}-${name}`}
          name={name}
          {...field}
          value={value[name]}
          error={errors[name]}
          onChange={(e) => setValue({ ...value, [name]: e.target.value })}
        />
      ))}
      {children}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
