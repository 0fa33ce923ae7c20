import { COURIERS, isSelfDelivery, SELF_DELIVERY } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';

export interface ShipChoice {
  courier: string;
  awb?: string;
  trackingUrl?: string;
}

const OTHER = '__other__';

/** The `errors` of an error answer: each with its field (`path`) when it has one. */
const fieldErrorsOf = (body: unknown): { msg: string; path?: string }[] => {
  const list = (body as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(list) ? list.filter((e) => typeof e?.msg === 'string') : [];
};

/**
 * Confirm Shipment's questions, for one item or several: the courier (the usual ones, self-delivery,
 * or another typed in) and the AWB number, required unless the seller delivers it themselves.
 * A tracking link is asked for one item only; for the known couriers the server makes it.
 */
export function ShipDialog({
  id,
  count,
  busy,
  withTrackingLink,
  onShip,
  onCancel,
}: {
  id: string;
  count: number;
  busy: boolean;
  withTrackingLink?: boolean;
  onShip: (choice: ShipChoice) => Promise<unknown>;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  const [choice, setChoice] = useState<string>(COURIERS[0]);
  const [other, setOther] = useState('');
  const [awb, setAwb] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const courier = choice === OTHER ? other.trim() : choice;
  const self = isSelfDelivery(courier);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (courier.length < 2) found.courier = i18n._('Enter the courier');
    if (!self && !/^[A-Za-z0-9-]{6,30}$/.test(awb.trim()))
      found.awb = awb.trim()
        ? i18n._('AWB number must be 6 to 30 letters, digits or dashes')
        : i18n._('Enter the AWB number');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
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
    <form className="ship-dialog" noValidate onSubmit={submit} aria-label={i18n._('Shipment details')}>
      {count > 1 && <p className="small">{`${i18n._('Shipping')} ${count} ${i18n._('items together')}`}</p>}
      <div className="field">
        <label htmlFor={field('courier')}>{i18n._('Courier')}</label>
        <select id={field('courier')} value={choice} onChange={(e) => setChoice(e.target.value)}>
          {COURIERS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
          <option value={SELF_DELIVERY}>{i18n._('Self-delivery (no AWB)')}</option>
          <option value={OTHER}>{i18n._('Other…')}</option>
        </select>
      </div>
      {choice === OTHER && (
        <div className="field">
          <label htmlFor={field('other')}>{i18n._('Courier name')}</label>
          <input
            id={field('other')}
            value={other}
            maxLength={60}
            onChange={(e) => setOther(e.target.value)}
            aria-invalid={errors.courier ? true : undefined}
          />
        </div>
      )}
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
