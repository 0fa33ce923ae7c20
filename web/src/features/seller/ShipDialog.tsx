import { COURIERS, isSelfDelivery, SELF_DELIVERY } from '@vastra/contracts/constants';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';

export interface ShipChoice {
  /** Booked through Shiprocket (no courier or AWB to type), or the seller's own courier. */
  provider?: 'self' | 'shiprocket';
  courier: string;
  awb?: string;
  trackingUrl?: string;
}

/** The `errors` of an error answer: each with its field (`path`) when it has one. */
const fieldErrorsOf = (body: unknown): { msg: string; path?: string }[] => {
  const list = (body as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(list) ? list.filter((e) => typeof e?.msg === 'string') : [];
};

/**
 * Confirm Shipment's questions, for one item or several: the courier (the usual ones, self-delivery,
 * or another typed in) and the AWB number, required unless the seller delivers it themselves.
 * A tracking link is asked for one item only; for the known couriers the server makes it. When the
 * shop has Shiprocket (`offerShiprocket`), the seller may book the parcels through it instead.
 */
export function ShipDialog({
  id,
  count,
  busy,
  withTrackingLink,
  offerShiprocket,
  onShip,
  onCancel,
}: {
  id: string;
  count: number;
  busy: boolean;
  withTrackingLink?: boolean;
  offerShiprocket?: boolean;
  onShip: (choice: ShipChoice) => Promise<unknown>;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  const [typed, setTyped] = useState('');
  const [awb, setAwb] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const [trackingUrl, setTrackingUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [provider, setProvider] = useState<'self' | 'shiprocket'>('self');
  const courier = typed.trim();
  const self = isSelfDelivery(courier);
  const viaShiprocket = offerShiprocket === true && provider === 'shiprocket';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (viaShiprocket) {
      try {
        await onShip({ provider: 'shiprocket', courier: '' });
      } catch (err) {
        setErrors({ form: (err as Error).message });
      }
      return;
    }
    const found: Record<string, string> = {};
    if (courier.length < 2) found.courier = i18n._('Enter the courier');
    if (!self && !/^[A-Za-z0-9-]{6,30}$/.test(awb.trim()))
      found.awb = awb.trim()
        ? i18n._('AWB number must be 6 to 30 letters, digits or dashes')
        : i18n._('Enter the AWB number');
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`#${first}-${CSS.escape(id)}`)?.focus();
      return;
    }
    try {
      await onShip({
        courier,
        ...(awb.trim() ? { awb: awb.trim() } : {}),
        ...(trackingUrl.trim() ? { trackingUrl: trackingUrl.trim() } : {}),
      });
    } catch (err) {
      const fields = err instanceof ApiError ? fieldErrorsOf(err.body) : [];
      if (fields.length > 0) setErrors(Object.fromEntries(fields.map((f) => [f.path ?? 'form', f.msg])));
      else setErrors({ form: (err as Error).message });
    }
  };

  const field = (name: string) => `${name}-${id}`;
  return (
    <form
      ref={formRef}
      className="ship-dialog"
      noValidate
      onSubmit={submit}
      aria-label={i18n._('Shipment details')}
    >
      {count > 1 && <p className="small">{`${i18n._('Shipping')} ${count} ${i18n._('items together')}`}</p>}
      {offerShiprocket && (
        <fieldset className="field">
          <legend>{i18n._('Ship with')}</legend>
          <label>
            <input
              type="radio"
              name={field('provider')}
              checked={provider === 'self'}
              onChange={() => setProvider('self')}
            />{' '}
            {i18n._('My own courier')}
          </label>{' '}
          <label>
            <input
              type="radio"
              name={field('provider')}
              checked={provider === 'shiprocket'}
              onChange={() => setProvider('shiprocket')}
            />{' '}
            {i18n._('Shiprocket (one parcel per order, AWB assigned)')}
          </label>
        </fieldset>
      )}
      {!viaShiprocket && (
        <>
          <div className="field">
            <label htmlFor={field('courier')}>{i18n._('Courier')}</label>
            <input
              id={field('courier')}
              list={field('couriers')}
              autoComplete="off"
              maxLength={60}
              value={typed}
              placeholder={i18n._('Choose or type another')}
              onChange={(e) => setTyped(e.target.value)}
              aria-invalid={errors.courier ? true : undefined}
            />
            <datalist id={field('couriers')}>
              {[...COURIERS, SELF_DELIVERY].map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            <span className="muted field-hint">{i18n._('Self-delivery needs no AWB number')}</span>
          </div>
          {errors.courier && <span className="field-error">{errors.courier}</span>}
          {!self && (
            <div className="field">
              <label htmlFor={field('awb')}>{i18n._('AWB number')}</label>
              <input
                id={field('awb')}
                value={awb}
                maxLength={30}
                autoComplete="off"
                onChange={(e) => setAwb(e.target.value)}
                aria-invalid={errors.awb ? true : undefined}
              />
              {errors.awb && <span className="field-error">{errors.awb}</span>}
            </div>
          )}
          {withTrackingLink && !self && (
            <div className="field">
              <label htmlFor={field('tracking')}>
                {i18n._('Tracking link')} <span className="muted">{i18n._('(optional)')}</span>
              </label>
              <input
                id={field('tracking')}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={trackingUrl}
                maxLength={500}
                onChange={(e) => setTrackingUrl(e.target.value)}
              />
              {errors.trackingUrl && <span className="field-error">{errors.trackingUrl}</span>}
            </div>
          )}
        </>
      )}
      {errors.form && <p className="field-error">{errors.form}</p>}
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
