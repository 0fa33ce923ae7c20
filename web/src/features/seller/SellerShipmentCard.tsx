import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipmentAnswer, ShipmentEvent } from '@vastra/contracts';
import { acceptsEvent, isFinalShipment } from '@vastra/contracts/constants';
import { type FormEvent, useState } from 'react';
import { SelectField, TextField } from '../../components/fields.tsx';
import { ShipmentTimeline } from '../../components/ShipmentTimeline.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { SELLER_EVENTS, SHIPMENT_STATUS } from '../../lib/shipments.ts';
import { toast } from '../../lib/toast.ts';
import { sellerKeys } from './api.ts';
import { downloadParcelLabel, moveParcel, type ParcelMove, shipmentKeys } from './shipments-api.ts';

const FIELDS = ['status', 'note'] as const;

/**
 * One of the seller's parcels: its state, courier and AWB, its label; Request pickup for a booked
 * Shiprocket parcel; a tracking update for a self-shipped one; Received back when it is on its way
 * back; and its timeline.
 */
export function SellerShipmentCard({ shipment: s, title }: { shipment: ShipmentAnswer; title: string }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const [updating, setUpdating] = useState(false);
  const move = useMutation({
    mutationFn: (m: ParcelMove) => moveParcel(s._id, m),
    onSuccess: (saved, m) => {
      qc.setQueryData<ShipmentAnswer[]>(shipmentKeys.ofOrder(s.orderId), (old) =>
        old?.map((x) => (x._id === saved._id ? saved : x)),
      );
      toast.success(
        m.move === 'pickup'
          ? i18n._('Pickup requested')
          : m.move === 'received-back'
            ? i18n._('Marked received back')
            : i18n._('Tracking updated'),
      );
      setUpdating(false);
      // Items change with the parcel (delivered, back with the seller), and so does the NDR queue.
      return qc.invalidateQueries({ queryKey: sellerKeys.all });
    },
  });
  const label = useMutation({
    mutationFn: () => downloadParcelLabel(s._id),
    onSuccess: (name) => toast.success(`${i18n._('Saved as')} ${name}`),
    onError: (err) => toast.error(err.message),
  });
  const act = (m: ParcelMove) => move.mutateAsync(m).catch((err: Error) => toast.error(err.message));
  const status = SHIPMENT_STATUS[s.status];
  const heading = `seller-parcel-${s._id}`;
  const own = s.provider === 'self';
  return (
    <li className="seller-parcel" aria-labelledby={heading} data-testid="seller-parcel">
      <div className="parcel-head">
        <h3 id={heading}>{title}</h3>
        <span className={`pill ${status.tone}`} data-testid="seller-parcel-status">
          {i18n._(status.label)}
        </span>
      </div>
      <p className="small">
        {own ? i18n._('Own courier') : 'Shiprocket'}
        {s.courier && ` · ${s.courier}`}
        {s.awb && (
          <>
            {' '}
            {i18n._('· AWB')} <span className="mono">{s.awb}</span>
          </>
        )}
        {` · ${(s.weightGrams / 1000).toLocaleString(i18n.locale === 'hi' ? 'hi-IN' : 'en-IN')} kg`}
        {s.failedAttempts > 0 &&
          ` · ${i18n._('Failed attempts: {n} of {max}', { n: s.failedAttempts, max: s.maxAttempts })}`}
      </p>
      <div className="row parcel-actions">
        <button
          type="button"
          className="btn btn-sm"
          disabled={label.isPending}
          onClick={() => label.mutate()}
        >
          {i18n._('Label')}
        </button>
        {!own && s.status === 'booked' && (
          <button
            type="button"
            className="btn btn-sm"
            disabled={move.isPending || !!s.pickupRequestedAt}
            onClick={() => act({ move: 'pickup' })}
          >
            {s.pickupRequestedAt ? i18n._('Pickup requested') : i18n._('Request pickup')}
          </button>
        )}
        {own && !isFinalShipment(s.status) && s.status !== 'rto_initiated' && (
          <button
            type="button"
            className="btn btn-sm"
            aria-expanded={updating}
            onClick={() => setUpdating(!updating)}
          >
            {i18n._('Add tracking update')}
          </button>
        )}
        {s.status === 'rto_initiated' && (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={move.isPending}
            onClick={() => act({ move: 'received-back' })}
          >
            {i18n._('Received back')}
          </button>
        )}
      </div>
      {updating && (
        <TrackingUpdateForm
          shipment={s}
          busy={move.isPending}
          onSend={(body) => move.mutateAsync({ move: 'event', body })}
          onBack={() => setUpdating(false)}
        />
      )}
      <details className="parcel-timeline">
        <summary>{i18n._('Tracking history')}</summary>
        <ShipmentTimeline shipment={s} label={i18n._('Tracking of {parcel}', { parcel: title })} />
      </details>
    </li>
  );
}

/** A self-shipped parcel's next scan: what happened and, for a failed attempt, why. */
function TrackingUpdateForm({
  shipment: s,
  busy,
  onSend,
  onBack,
}: {
  shipment: ShipmentAnswer;
  busy: boolean;
  onSend: (body: { status: ShipmentEvent; note?: string }) => Promise<unknown>;
  onBack: () => void;
}) {
  const i18n = useI18n();
  const [values, setValues] = useState({ status: '', note: '' });
  const [problem, setProblem] = useState('');
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const failed = values.status === 'delivery_failed';
  const field = (name: (typeof FIELDS)[number]) => ({
    id: `event-${name}-${s._id}`,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      clear(name);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    const note = values.note.trim();
    if (!values.status && show({ status: /*i18n*/ 'Choose what happened' })) return;
    if (failed && note.length < 3 && show({ note: /*i18n*/ 'Say why the delivery failed' })) return;
    onSend({ status: values.status as ShipmentEvent, ...(note ? { note } : {}) }).catch((err: Error) => {
      if (!fromError(err)) setProblem(err.message);
    });
  };
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="tracking-form"
      aria-label={i18n._('Tracking update')}
    >
      <SelectField
        label={i18n._('What happened')}
        placeholder={i18n._('Choose')}
        options={SELLER_EVENTS.filter((e) => acceptsEvent(s.status, e)).map((e) => ({
          value: e,
          label: SHIPMENT_STATUS[e].label,
        }))}
        {...field('status')}
      />
      <TextField
        label={failed ? i18n._('Reason the delivery failed') : i18n._('Note')}
        optional={!failed}
        maxLength={200}
        placeholder={failed ? i18n._('e.g. Customer not at home') : ''}
        {...field('note')}
      />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="row">
        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
          {i18n._('Save update')}
        </button>
        <button type="button" className="btn btn-sm" onClick={onBack}>
          {i18n._('Back')}
        </button>
      </div>
    </form>
  );
}
