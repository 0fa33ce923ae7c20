import { useMutation } from '@tanstack/react-query';
import type { CourierProvider, CreateShipmentInput, ShipmentAnswer } from '@vastra/contracts';
import { COURIERS, isSelfDelivery, SELF_DELIVERY } from '@vastra/contracts/constants';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { bookShipment, useCourierRates } from './shipments-api.ts';

/** A pending item the parcel may hold. */
export interface ParcelItem {
  _id: string;
  name: string;
  quantity: number;
}

const FIELDS = ['itemIds', 'courier', 'awb', 'weightGrams'] as const;

/**
 * Booking a parcel of an order's pending items: with the seller's own courier (courier and AWB
 * typed in, no AWB for self-delivery) or through Shiprocket when the shop has it set up (its
 * couriers and rates to choose from, or Shiprocket's pick). Weight is optional: the server
 * estimates it from the pieces. Refusals show beside their field.
 */
export function ShipmentDialog({
  orderId,
  items,
  onBooked,
  onCancel,
}: {
  orderId: string;
  items: ParcelItem[];
  onBooked: (shipment: ShipmentAnswer) => void;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  const rates = useCourierRates(orderId);
  const shiprocket = rates.data?.available === true;
  const [chosen, setChosen] = useState(() => new Set(items.map((i) => i._id)));
  const [provider, setProvider] = useState<CourierProvider>('self');
  const [courierId, setCourierId] = useState('');
  const [values, setValues] = useState({ courier: '', awb: '', weightGrams: '' });
  const [problem, setProblem] = useState('');
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const book = useMutation({
    // `courierId` picks one of Shiprocket's couriers (see the report: the API's schema drops it yet).
    mutationFn: (input: CreateShipmentInput & { courierId?: number }) => bookShipment(orderId, input),
    onSuccess: onBooked,
    onError: (err) => {
      if (!fromError(err)) setProblem(err.message);
    },
  });
  const own = provider === 'self';
  const selfDelivery = own && isSelfDelivery(values.courier.trim());
  const field = (name: 'courier' | 'awb' | 'weightGrams') => ({
    id: `parcel-${name}-${orderId}`,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      clear(name);
    },
  });

  /** The request, or null when something must be corrected first (then shown beside it). */
  const inputOf = (): (CreateShipmentInput & { courierId?: number }) | null => {
    const courier = values.courier.trim();
    const awb = values.awb.trim();
    const grams = values.weightGrams.trim();
    const found: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (chosen.size === 0) found.itemIds = i18n._('Choose at least one item to ship');
    if (own && courier.length < 2) found.courier = i18n._('Enter the courier');
    if (own && !selfDelivery && !/^[A-Za-z0-9-]{6,30}$/.test(awb))
      found.awb = awb
        ? i18n._('AWB number must be 6 to 30 letters, digits or dashes')
        : i18n._('Enter the AWB number');
    if (grams && !(Number.isInteger(Number(grams)) && Number(grams) >= 10 && Number(grams) <= 50_000))
      found.weightGrams = i18n._('Weight must be a whole number of grams from 10 to 50,000');
    if (show(found)) return null;
    return {
      itemIds: items.filter((i) => chosen.has(i._id)).map((i) => i._id),
      provider,
      ...(own ? { courier, ...(awb && !selfDelivery ? { awb } : {}) } : {}),
      ...(!own && courierId ? { courierId: Number(courierId) } : {}),
      ...(grams ? { weightGrams: Number(grams) } : {}),
    };
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    const input = inputOf();
    if (input) book.mutate(input);
  };
  const toggle = (id: string) => {
    clear('itemIds');
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const id = (name: string) => `parcel-${name}-${orderId}`;
  return (
    <form
      ref={formRef}
      className="ship-dialog parcel-dialog"
      noValidate
      onSubmit={submit}
      aria-label={i18n._('Book a parcel')}
    >
      <fieldset className="parcel-choice">
        <legend>{i18n._('Items in this parcel')}</legend>
        {items.map((item) => (
          <label key={item._id} className="parcel-option">
            <input
              type="checkbox"
              checked={chosen.has(item._id)}
              onChange={() => toggle(item._id)}
              aria-invalid={errors.itemIds ? true : undefined}
            />{' '}
            {item.name} × {item.quantity}
          </label>
        ))}
        {errors.itemIds && <span className="field-error">{errors.itemIds}</span>}
      </fieldset>

      <fieldset className="parcel-choice">
        <legend>{i18n._('Ship with')}</legend>
        <label className="parcel-option">
          <input type="radio" name={id('provider')} checked={own} onChange={() => setProvider('self')} />{' '}
          {i18n._('Own courier')}
        </label>
        {shiprocket && (
          <label className="parcel-option">
            <input
              type="radio"
              name={id('provider')}
              checked={!own}
              onChange={() => setProvider('shiprocket')}
            />{' '}
            {i18n._('Shiprocket (label, pickup and tracking by Shiprocket)')}
          </label>
        )}
        {rates.isPending && <span className="muted small">{i18n._('Checking Shiprocket…')}</span>}
        {rates.isError && (
          <span className="muted small" data-testid="rates-problem">
            {i18n._('Shiprocket is not available for this order: {reason}', { reason: rates.error.message })}
          </span>
        )}
      </fieldset>

      {!own && rates.data && (
        <fieldset className="parcel-choice" data-testid="courier-rates">
          <legend>{i18n._('Courier')}</legend>
          <label className="parcel-option">
            <input
              type="radio"
              name={id('courier-id')}
              checked={courierId === ''}
              onChange={() => setCourierId('')}
            />{' '}
            {i18n._('Let Shiprocket choose')}
          </label>
          {rates.data.couriers.map((c) => (
            <label key={c.courierId} className="parcel-option">
              <input
                type="radio"
                name={id('courier-id')}
                checked={courierId === String(c.courierId)}
                onChange={() => setCourierId(String(c.courierId))}
              />{' '}
              <span>
                {c.name} · <strong>{formatRupees(c.rate, i18n.locale)}</strong>
                {c.etdDays !== null && (
                  <span className="muted">
                    {' '}
                    · {i18n._('{n, plural, one {# day} other {# days}}', { n: c.etdDays })}
                  </span>
                )}
                {c.cod && <span className="muted"> · {i18n._('COD')}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}

      {own && (
        <>
          <TextField
            label={i18n._('Courier')}
            list={id('couriers')}
            autoComplete="off"
            maxLength={60}
            placeholder={i18n._('Choose or type another')}
            hint={i18n._('Self-delivery needs no AWB number')}
            {...field('courier')}
          />
          <datalist id={id('couriers')}>
            {[...COURIERS, SELF_DELIVERY].map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          {!selfDelivery && (
            <TextField label={i18n._('AWB number')} maxLength={30} autoComplete="off" {...field('awb')} />
          )}
        </>
      )}
      <TextField
        label={i18n._('Weight (grams)')}
        optional
        inputMode="numeric"
        maxLength={5}
        hint={i18n._('Left empty, the shop estimates it from the pieces')}
        {...field('weightGrams')}
      />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="shipment-actions">
        <button type="submit" className="btn btn-sm btn-primary" disabled={book.isPending}>
          {i18n._('Book parcel')}
        </button>
        <button type="button" className="btn btn-sm" onClick={onCancel} disabled={book.isPending}>
          {i18n._('Back')}
        </button>
      </div>
    </form>
  );
}
