import { type FormEvent, useState } from 'react';
import { useFieldErrors } from '../lib/field-errors.ts';
import { useI18n } from '../lib/i18n.tsx';
import { TextAreaField, TextField } from './fields.tsx';

/** A seller's or admin's move on a return, as its call's path and body (lib/returns.ts moveReturn). */
export type Move =
  | { move: 'approve'; body: { courier?: string; awb?: string } }
  | { move: 'reject'; body: { reason: string } }
  | { move: 'receive'; body: { conditionOk: boolean } }
  | { move: 'refund'; body: Record<string, never> }
  | { move: 'cod-refund-paid'; body: { reference: string } };

/** The moves that ask for something first: the seller's pickup, a reason, the admin's transfer reference. */
export type MoveForm = 'approve' | 'reject' | 'paid';

const FIELDS = ['courier', 'awb', 'reason', 'reference'] as const;

/**
 * The small form of a move that needs details. A refusal shows beside its field; Back closes it.
 * Ids carry the return's id: a list shows several returns.
 */
export function ReturnMoveForm({
  form,
  id,
  busy,
  onSend,
  onBack,
}: {
  form: MoveForm;
  id: string;
  busy: boolean;
  onSend: (m: Move) => Promise<unknown>;
  onBack: () => void;
}) {
  const i18n = useI18n();
  const [values, setValues] = useState({ courier: '', awb: '', reason: '', reference: '' });
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const field = (name: (typeof FIELDS)[number]) => ({
    id: `${name}-${id}`,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      clear(name);
    },
  });
  /** The move to send, or null when a field must be corrected first (then shown beside it). */
  const moveOf = (): Move | null => {
    if (form === 'approve') {
      const courier = values.courier.trim();
      const awb = values.awb.trim();
      if (courier && !awb && show({ awb: /*i18n*/ 'Enter the AWB number' })) return null;
      if (awb && !courier && show({ courier: /*i18n*/ 'Enter the courier' })) return null;
      return { move: 'approve', body: courier ? { courier, awb } : {} };
    }
    if (form === 'reject') {
      const reason = values.reason.trim();
      if (reason.length < 3 && show({ reason: /*i18n*/ 'Say why, in a few words' })) return null;
      return { move: 'reject', body: { reason } };
    }
    const reference = values.reference.trim();
    if (reference.length < 4 && show({ reference: /*i18n*/ 'Enter the transfer’s reference (UTR)' }))
      return null;
    return { move: 'cod-refund-paid', body: { reference } };
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const m = moveOf();
    if (m) onSend(m).catch(fromError);
  };
  const labels = {
    approve: { form: /*i18n*/ 'Approve the return', submit: /*i18n*/ 'Approve return' },
    reject: { form: /*i18n*/ 'Reject the return', submit: /*i18n*/ 'Reject return' },
    paid: { form: /*i18n*/ 'Record the refund as paid', submit: /*i18n*/ 'Mark paid' },
  }[form];
  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={i18n._(labels.form)}>
      {form === 'approve' && (
        <>
          <p className="muted">{i18n._('The pickup, if you have arranged it:')}</p>
          <TextField label={i18n._('Courier')} optional maxLength={60} {...field('courier')} />
          <TextField label={i18n._('AWB number')} optional maxLength={30} {...field('awb')} />
        </>
      )}
      {form === 'reject' && (
        <TextAreaField label={i18n._('Reason')} rows={3} maxLength={500} {...field('reason')} />
      )}
      {form === 'paid' && (
        <TextField label={i18n._('Transfer reference (UTR)')} maxLength={40} {...field('reference')} />
      )}
      <div className="row">
        <button
          type="submit"
          className={form === 'reject' ? 'btn btn-sm btn-danger' : 'btn btn-sm btn-primary'}
          disabled={busy}
        >
          {i18n._(labels.submit)}
        </button>
        <button type="button" className="btn btn-sm" onClick={onBack}>
          {i18n._('Back')}
        </button>
      </div>
    </form>
  );
}
