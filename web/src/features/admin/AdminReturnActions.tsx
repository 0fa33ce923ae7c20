import type { ReturnView } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TextAreaField, TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { formatDay } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';

export type AdminMove =
  | { move: 'approve' }
  | { move: 'reject'; body: { reason: string } }
  | { move: 'refund' }
  | { move: 'cod-refund-paid'; body: { reference: string } };

const FIELDS = ['reason', 'reference'] as const;

/**
 * The admin's say on a return: decide a request the seller left past its date, overrule a
 * rejection, refund a return the seller has not received or closed as not ok, and record a COD
 * refund as paid with the transfer's reference. The server enforces each rule again.
 */
export function AdminReturnActions({
  r,
  busy,
  onMove,
}: {
  r: ReturnView;
  busy: boolean;
  onMove: (m: AdminMove) => Promise<unknown>;
}) {
  const i18n = useI18n();
  const [open, setOpen] = useState<'reject' | 'refund' | 'paid' | null>(null);
  const [values, setValues] = useState({ reason: '', reference: '' });
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const field = (name: (typeof FIELDS)[number]) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      clear(name);
    },
  });
  const send = async (m: AdminMove) => {
    try {
      await onMove(m);
      setOpen(null);
    } catch (err) {
      fromError(err);
    }
  };
  const back = (
    <button type="button" className="btn btn-sm" onClick={() => setOpen(null)}>
      {i18n._('Back')}
    </button>
  );

  if (open === 'reject') {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      if (values.reason.trim().length < 3 && show({ reason: /*i18n*/ 'Say why, in a few words' })) return;
      void send({ move: 'reject', body: { reason: values.reason.trim() } });
    };
    return (
      <form ref={formRef} noValidate onSubmit={submit} aria-label={i18n._('Reject the return')}>
        <TextAreaField
          id={`reason-${r._id}`}
          label={i18n._('Reason')}
          rows={3}
          maxLength={500}
          {...field('reason')}
        />
        <div className="row">
          <button type="submit" className="btn btn-sm btn-danger" disabled={busy}>
            {i18n._('Reject return')}
          </button>
          {back}
        </div>
      </form>
    );
  }
  if (open === 'paid') {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      if (
        values.reference.trim().length < 4 &&
        show({ reference: /*i18n*/ 'Enter the transfer’s reference (UTR)' })
      )
        return;
      void send({ move: 'cod-refund-paid', body: { reference: values.reference.trim() } });
    };
    return (
      <form ref={formRef} noValidate onSubmit={submit} aria-label={i18n._('Record the refund as paid')}>
        <TextField
          id={`reference-${r._id}`}
          label={i18n._('Transfer reference (UTR)')}
          maxLength={40}
          {...field('reference')}
        />
        <div className="row">
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
            {i18n._('Mark paid')}
          </button>
          {back}
        </div>
      </form>
    );
  }

  const overdue = Date.now() >= new Date(r.decisionDue).getTime();
  const buttons = [];
  if (r.status === 'requested' && !overdue) {
    return (
      <p className="muted">
        {i18n._('The seller decides by')} {formatDay(r.decisionDue, i18n.locale)}.
      </p>
    );
  }
  if (r.status === 'requested' || r.status === 'rejected') {
    buttons.push(
      <button
        key="approve"
        type="button"
        className="btn btn-sm btn-primary"
        disabled={busy}
        onClick={() => send({ move: 'approve' })}
      >
        {r.status === 'rejected' ? i18n._('Overrule: approve') : i18n._('Approve')}
      </button>,
    );
  }
  if (r.status === 'requested') {
    buttons.push(
      <button
        key="reject"
        type="button"
        className="btn btn-sm"
        disabled={busy}
        onClick={() => setOpen('reject')}
      >
        {i18n._('Reject')}
      </button>,
    );
  }
  const refundable = r.status === 'approved' || (r.status === 'received' && r.conditionOk === false);
  if (refundable) {
    buttons.push(
      <button
        key="refund"
        type="button"
        className="btn btn-sm btn-primary"
        disabled={busy}
        onClick={() => setOpen('refund')}
      >
        {i18n._('Refund')}
      </button>,
    );
  }
  if (r.refund?.method === 'cod' && r.refund.status === 'pending') {
    buttons.push(
      <button
        key="paid"
        type="button"
        className="btn btn-sm btn-primary"
        disabled={busy}
        onClick={() => setOpen('paid')}
      >
        {i18n._('Mark refund paid')}
      </button>,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <>
      <div className="row">{buttons}</div>
      {open === 'refund' && (
        <ConfirmDialog
          title={i18n._('Refund this return?')}
          message={
            r.status === 'approved'
              ? i18n._(
                  'It is treated as received in good condition: restocked and refunded (an exchange is refunded instead).',
                )
              : i18n._(
                  'The seller found the parcel not acceptable; it is refunded anyway, without restocking.',
                )
          }
          confirmLabel={i18n._('Refund')}
          busy={busy}
          onConfirm={() => send({ move: 'refund' })}
          onCancel={() => setOpen(null)}
        />
      )}
    </>
  );
}
