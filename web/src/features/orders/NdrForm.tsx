import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NdrAnswerInput, ShipmentAnswer } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SelectField, TextField } from '../../components/fields.tsx';
import { formatPromiseDay } from '../../lib/delivery.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { orderKeys } from './api.ts';
import { answerNdr, shipmentKeys } from './shipments-api.ts';

const FIELDS = ['date', 'phone', 'landmark'] as const;

/**
 * After a failed delivery: while nobody has answered, asks the shopper what to do (another attempt
 * on a day they choose, with a corrected phone or a landmark, or cancel and send the parcel back);
 * once answered, what they chose. Refusals show beside their field, others under the form.
 */
export function NdrForm({ shipment }: { shipment: ShipmentAnswer }) {
  const ndr = shipment.ndr;
  if (!ndr) return null;
  if (ndr.state === 'open') return <NdrQuestion shipment={shipment} />;
  return <NdrChoice ndr={ndr} />;
}

function NdrChoice({ ndr }: { ndr: NonNullable<ShipmentAnswer['ndr']> }) {
  const i18n = useI18n();
  if (ndr.state === 'cancel')
    return (
      <p className="ndr-choice" role="status" data-testid="ndr-choice">
        {i18n._('You cancelled the delivery: the parcel is going back to the seller.')}
      </p>
    );
  return (
    <div className="ndr-choice" role="status" data-testid="ndr-choice">
      <p>
        {i18n._('You asked for another delivery attempt on {day}.', {
          day: formatPromiseDay(ndr.date, i18n.locale),
        })}
      </p>
      {(ndr.phone || ndr.landmark) && (
        <p className="muted small">
          {ndr.phone && i18n._('Phone: {phone}', { phone: ndr.phone })}
          {ndr.phone && ndr.landmark && ' · '}
          {ndr.landmark && i18n._('Landmark: {landmark}', { landmark: ndr.landmark })}
        </p>
      )}
    </div>
  );
}

function NdrQuestion({ shipment }: { shipment: ShipmentAnswer }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const ndr = shipment.ndr!;
  const id = shipment._id;
  const [values, setValues] = useState({ date: ndr.dates[0] ?? '', phone: '', landmark: '' });
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState('');
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const send = useMutation({
    mutationFn: (answer: NdrAnswerInput) => answerNdr(id, answer),
    onSuccess: (saved) => {
      qc.setQueryData<ShipmentAnswer[]>(shipmentKeys.ofOrder(shipment.orderId), (old) =>
        old?.map((s) => (s._id === saved._id ? saved : s)),
      );
      // A cancel sends the items back: the order's statuses change too.
      return qc.invalidateQueries({ queryKey: orderKeys.one(shipment.orderId) });
    },
    onError: (err) => {
      setConfirming(false);
      if (!fromError(err)) setProblem(err.message);
    },
  });
  const field = (name: (typeof FIELDS)[number]) => ({
    id: `ndr-${name}-${id}`,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      clear(name);
    },
  });
  const reattempt = (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    if (!values.date && show({ date: /*i18n*/ 'Choose a date for the next attempt' })) return;
    const phone = values.phone.trim();
    const landmark = values.landmark.trim();
    send.mutate({
      action: 'reattempt',
      date: values.date,
      ...(phone ? { phone } : {}),
      ...(landmark ? { landmark } : {}),
    });
  };
  const heading = `ndr-title-${id}`;
  return (
    <section className="ndr-prompt" aria-labelledby={heading} data-testid="ndr-prompt">
      <h3 id={heading}>{i18n._('Delivery attempt failed — what should we do?')}</h3>
      <p>
        {ndr.reason
          ? i18n._('The courier could not deliver this parcel: {reason}', { reason: ndr.reason })
          : i18n._('The courier could not deliver this parcel.')}{' '}
        <span className="muted">
          {i18n._('Attempt {n} of {max}.', { n: shipment.failedAttempts, max: shipment.maxAttempts })}
        </span>
      </p>
      <form
        ref={formRef}
        noValidate
        onSubmit={reattempt}
        aria-label={i18n._('Ask for another delivery attempt')}
        className="ndr-form"
      >
        <SelectField
          label={i18n._('Deliver again on')}
          placeholder={i18n._('Choose a day')}
          options={ndr.dates.map((d) => ({ value: d, label: formatPromiseDay(d, i18n.locale) }))}
          {...field('date')}
        />
        <TextField
          label={i18n._('Phone number for the courier')}
          optional
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={14}
          hint={i18n._('If the courier could not reach you on the number in your order')}
          {...field('phone')}
        />
        <TextField
          label={i18n._('Landmark near your address')}
          optional
          maxLength={120}
          {...field('landmark')}
        />
        <div className="row ndr-actions">
          <button type="submit" className="btn btn-sm btn-primary" disabled={send.isPending}>
            {i18n._('Deliver again')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-danger"
            disabled={send.isPending}
            onClick={() => setConfirming(true)}
          >
            {i18n._('Cancel order')}
          </button>
        </div>
      </form>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={i18n._('Cancel this delivery?')}
          message={i18n._(
            'The parcel goes back to the seller. If you paid online, your money is refunded once the seller receives it.',
          )}
          confirmLabel={i18n._('Yes, cancel')}
          busy={send.isPending}
          onConfirm={() => {
            setProblem('');
            send.mutate({ action: 'cancel' });
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
