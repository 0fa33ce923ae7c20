import type { ReturnView } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TextAreaField, TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';

export type ReturnMove =
  | { move: 'approve'; body: { courier?: string; awb?: string } }
  | { move: 'reject'; body: { reason: string } }
  | { move: 'receive'; body: { conditionOk: boolean } };

const FIELDS = ['courier', 'awb', 'reason'] as const;

/**
 * What the seller can do with a return: a request is approved (with the pickup's courier and AWB
 * when arranged) or rejected with a reason; an approved one is marked received, in a condition to
 * accept (restock, then refund or the exchange) or not (closed, nothing back).
 */
export function SellerReturnActions({
  r,
  busy,
  onMove,
}: {
  r: ReturnView;
  busy: boolean;
  onMove: (m: ReturnMove) => Promise<unknown>;
}) {
  const i18n = useI18n();
  const [open, setOpen] = useState<'approve' | 'reject' | 'not-ok' | null>(null);
  const [values, setValues] = useState({ courier: '', awb: '', reason: '' });
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const id = (name: string) => `${name}-${r._id}`;
  const field = (name: (typeof FIELDS)[number]) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      clear(name);
    },
  });
  const send = async (m: ReturnMove) => {
    try {
      await onMove(m);
      setOpen(null);
    } catch (err) {
      fromError(err);
    }
  };

  if (r.status === 'requested') {
    if (open === 'approve') {
      const submit = (e: FormEvent) => {
        e.preventDefault();
        const courier = values.courier.trim();
        const awb = values.awb.trim();
        if (courier && !awb && show({ awb: /*i18n*/ 'Enter the AWB number' })) return;
        if (awb && !courier && show({ courier: /*i18n*/ 'Enter the courier' })) return;
        void send({ move: 'approve', body: courier ? { courier, awb } : {} });
      };
      return (
        <form ref={formRef} noValidate onSubmit={submit} aria-label={i18n._('Approve the return')}>
          <p className="muted">{i18n._('The pickup, if you have arranged it:')}</p>
          <TextField
            id={id('courier')}
            label={i18n._('Courier')}
            optional
            maxLength={60}
            {...field('courier')}
          />
          <TextField id={id('awb')} label={i18n._('AWB number')} optional maxLength={30} {...field('awb')} />
          <div className="row">
            <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
              {i18n._('Approve return')}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setOpen(null)}>
              {i18n._('Back')}
            </button>
          </div>
        </form>
      );
    }
    if (open === 'reject') {
      const submit = (e: FormEvent) => {
        e.preventDefault();
        const reason = values.reason.trim();
        if (reason.length < 3 && show({ reason: /*i18n*/ 'Say why, in a few words' })) return;
        void send({ move: 'reject', body: { reason } });
      };
      return (
        <form ref={formRef} noValidate onSubmit={submit} aria-label={i18n._('Reject the return')}>
          <TextAreaField
            id={id('reason')}
            label={i18n._('Reason')}
            rows={3}
            maxLength={500}
            {...field('reason')}
          />
          <div className="row">
            <button type="submit" className="btn btn-sm btn-danger" disabled={busy}>
              {i18n._('Reject return')}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setOpen(null)}>
              {i18n._('Back')}
            </button>
          </div>
        </form>
      );
    }
    return (
      <div className="row">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={busy}
          onClick={() => setOpen('approve')}
        >
          {i18n._('Approve')}
        </button>
        <button type="button" className="btn btn-sm" disabled={busy} onClick={() => setOpen('reject')}>
          {i18n._('Reject')}
        </button>
      </div>
    );
  }

  if (r.status === 'approved') {
    return (
      <>
        <p className="muted">{i18n._('When the parcel is back:')}</p>
        <div className="row">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={busy}
            onClick={() => send({ move: 'receive', body: { conditionOk: true } })}
          >
            {i18n._('Received in good condition')}
          </button>
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => setOpen('not-ok')}>
            {i18n._('Received, not acceptable')}
          </button>
        </div>
        {open === 'not-ok' && (
          <ConfirmDialog
            title={i18n._('Close this return without a refund?')}
            message={i18n._(
              'The parcel is not restocked and the shopper gets no refund or exchange. Vastra may still look at it if they disagree.',
            )}
            confirmLabel={i18n._('Close the return')}
            busy={busy}
            onConfirm={() => send({ move: 'receive', body: { conditionOk: false } })}
            onCancel={() => setOpen(null)}
          />
        )}
      </>
    );
  }
  return null;
}
