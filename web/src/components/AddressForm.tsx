import { type FormEvent, type ReactNode, useState } from 'react';
/** A postal address as checkout and orders use it. */
export interface ShippingAddress {
  address: string;
  city: string;
  state: string;
  postalCode: string;
}

const PIN = /^[1-9]\d{5}$/;

/** Client checks mirroring the server's: every field filled, a 6-digit PIN code. */
export function validateAddress(a: ShippingAddress): Partial<Record<keyof ShippingAddress, string>> {
  const e: Partial<Record<keyof ShippingAddress, string>> = {};
  if (!a.address.trim()) e.address = 'Address is required';
  if (!a.city.trim()) e.city = 'City is required';
  if (!a.state.trim()) e.state = 'State is required';
  if (!PIN.test(a.postalCode.trim())) e.postalCode = 'Please enter a valid 6-digit PIN code';
  return e;
}

const FIELDS: { name: keyof ShippingAddress; label: string; autoComplete: string }[] = [
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'postalCode', label: 'PIN code', autoComplete: 'postal-code' },
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
      {FIELDS.map((f) => {
        const id = `${idPrefix}-${f.name}`;
        const err = errors[f.name];
        return (
          <div className="field" key={f.name}>
            <label htmlFor={id}>{f.label}</label>
            <input
              id={id}
              name={f.name}
              value={value[f.name]}
              autoComplete={f.autoComplete}
              inputMode={f.name === 'postalCode' ? 'numeric' : undefined}
              maxLength={f.name === 'postalCode' ? 6 : 300}
              aria-invalid={!!err}
              aria-describedby={err ? `${id}-err` : undefined}
              onChange={(e) => setValue({ ...value, [f.name]: e.target.value })}
              required
            />
            {err && (
              <span id={`${id}-err`} className="field-error">
                {err}
              </span>
            )}
          </div>
        );
      })}
      {children}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
