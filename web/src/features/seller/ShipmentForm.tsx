import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { ShipmentDetails } from './api.ts';

/** Couriers Indian sellers ship with most: offered as suggestions, any other name may be typed. */
const COURIERS = [
  'Delhivery',
  'Blue Dart',
  'DTDC',
  'India Post',
  'Ecom Express',
  'Xpressbees',
  'Shadowfax',
  'Ekart',
  /*i18n*/ 'Shiprocket',
];

const FIELDS = ['courier', 'awb', 'trackingUrl'] as const;

/**
 * Confirm Shipment's details: courier and AWB number (together, or neither) and a tracking link,
 * shown to the shopper on their order. Errors from the server appear beside their fields.
 */
export function ShipmentForm({
  itemId,
  busy,
  onShip,
  onCancel,
}: {
  itemId: string;
  busy: boolean;
  onShip: (shipment: ShipmentDetails) => Promise<unknown>;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  const [values, setValues] = useState({ courier: '', awb: '', trackingUrl: '' });
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const id = (name: string) => `${name}-${itemId}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const courier = values.courier.trim();
    const awb = values.awb.trim();
    const trackingUrl = values.trackingUrl.trim();
    const missing: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (courier && !awb) missing.awb = /*i18n*/ 'Enter the AWB number';
    if (awb && !courier) missing.courier = /*i18n*/ 'Enter the courier';
    if (show(missing)) return;
    try {
      await onShip({
        ...(courier ? { courier, awb } : {}),
        ...(trackingUrl ? { trackingUrl } : {}),
      });
    } catch (err) {
      fromError(err);
    }
  };

  const field = (name: (typeof FIELDS)[number]) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      clear(name);
    },
  });

  return (
    <form
      ref={formRef}
      className="shipment-form"
      noValidate
      onSubmit={submit}
      aria-label={i18n._('Shipment details')}
    >
      <TextField
        id={id('courier')}
        label={i18n._('Courier')}
        optional
        list={id('couriers')}
        autoComplete="off"
        maxLength={60}
        {...field('courier')}
      />
      <datalist id={id('couriers')}>
        {COURIERS.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <TextField id={id('awb')} label={i18n._('AWB number')} optional maxLength={30} {...field('awb')} />
      <TextField
        id={id('trackingUrl')}
        label={i18n._('Tracking link')}
        optional
        type="url"
        inputMode="url"
        placeholder={i18n._('https://')}
        maxLength={500}
        {...field('trackingUrl')}
      />
      <div className="shipment-actions">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {i18n._('Confirm shipment')}
        </button>
        <button type="button" className="btn btn-sm" onClick={onCancel} disabled={busy}>
          {i18n._('Back')}
        </button>
      </div>
    </form>
  );
}
