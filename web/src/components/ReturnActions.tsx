import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReturnView } from '@vastra/contracts';
import { useState } from 'react';
import { ApiError } from '../lib/api.ts';
import type { Role } from '../lib/auth.ts';
import { formatDay } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.tsx';
import { moveReturn, returnKeys } from '../lib/returns.ts';
import { Link } from '../lib/router.tsx';
import { toast } from '../lib/toast.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { type Move, type MoveForm, ReturnMoveForm } from './ReturnMoveForm.tsx';

/** A move's answer: a button sends it at once, opens its form, or asks to confirm first. */
type Step = Move | MoveForm | 'not-ok' | 'refund';

interface Choice {
  label: string;
  primary?: boolean;
  step: Step;
}

/**
 * What each role may do with a return in its state (the server enforces each rule again):
 * - the seller approves a request (with the pickup's courier and AWB when arranged) or rejects it
 *   with a reason, and marks an approved one received, in a condition to accept (restock, then
 *   refund or the exchange) or not (closed, nothing back);
 * - the admin decides a request the seller left past its date, overrules a rejection, refunds a
 *   return the seller has not received or closed as not ok, and records a COD refund as paid.
 */
function choicesFor(role: 'seller' | 'admin', r: ReturnView): Choice[] {
  if (role === 'seller') {
    if (r.status === 'requested')
      return [
        { label: /*i18n*/ 'Approve', primary: true, step: 'approve' },
        { label: /*i18n*/ 'Reject', step: 'reject' },
      ];
    if (r.status === 'approved')
      return [
        {
          label: /*i18n*/ 'Received in good condition',
          primary: true,
          step: { move: 'receive', body: { conditionOk: true } },
        },
        { label: /*i18n*/ 'Received, not acceptable', step: 'not-ok' },
      ];
    return [];
  }
  const choices: Choice[] = [];
  if (r.status === 'requested' || r.status === 'rejected')
    choices.push({
      label: r.status === 'rejected' ? /*i18n*/ 'Overrule: approve' : /*i18n*/ 'Approve',
      primary: true,
      step: { move: 'approve', body: {} },
    });
  if (r.status === 'requested') choices.push({ label: /*i18n*/ 'Reject', step: 'reject' });
  if (r.status === 'approved' || (r.status === 'received' && r.conditionOk === false))
    choices.push({ label: /*i18n*/ 'Refund', primary: true, step: 'refund' });
  if (r.refund?.method === 'cod' && r.refund.status === 'pending')
    choices.push({ label: /*i18n*/ 'Mark refund paid', primary: true, step: 'paid' });
  return choices;
}

const DONE: Record<Move['move'], string> = {
  approve: /*i18n*/ 'Return approved',
  reject: /*i18n*/ 'Return rejected',
  receive: /*i18n*/ 'Return received',
  refund: /*i18n*/ 'Return refunded',
  'cod-refund-paid': /*i18n*/ 'Refund recorded as paid',
};

/** One return's actions for whoever lists it; the shopper's is the way to its order. */
export function ReturnActions({ as: role, r }: { as: Role; r: ReturnView }) {
  const i18n = useI18n();
  if (role === 'user') {
    return (
      <Link to={`/orders/${r.orderId}`} className="btn btn-sm">
        {i18n._('Order details')}
      </Link>
    );
  }
  // The admin leaves a request to its seller until the seller's date has passed.
  if (role === 'admin' && r.status === 'requested' && Date.now() < new Date(r.decisionDue).getTime()) {
    return (
      <p className="muted">
        {i18n._('The seller decides by')} {formatDay(r.decisionDue, i18n.locale)}.
      </p>
    );
  }
  return <Moves role={role} r={r} />;
}

function Moves({ role, r }: { role: 'seller' | 'admin'; r: ReturnView }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const [open, setOpen] = useState<MoveForm | 'not-ok' | 'refund' | null>(null);
  const move = useMutation({
    mutationFn: (m: Move) => moveReturn(role, r._id, m.move, m.body),
    onSuccess: (res, m) => {
      const status = res.return.status;
      toast.success(
        m.move === 'receive' && status === 'refunded'
          ? i18n._('Return received: restocked and refunded')
          : m.move === 'receive' && status === 'exchanged'
            ? i18n._('Return received: ship the new size from your orders')
            : DONE[m.move],
      );
      setOpen(null);
    },
    onError: (err) => {
      // A refused form shows its errors beside its fields (ReturnMoveForm).
      if (!(err instanceof ApiError && err.status === 400)) toast.error(err.message);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: returnKeys.all }),
  });
  const busy = move.isPending;
  const send = (m: Move) => move.mutateAsync(m);

  if (open === 'approve' || open === 'reject' || open === 'paid') {
    return <ReturnMoveForm form={open} id={r._id} busy={busy} onSend={send} onBack={() => setOpen(null)} />;
  }
  const choices = choicesFor(role, r);
  if (choices.length === 0) return null;
  return (
    <>
      {role === 'seller' && r.status === 'approved' && (
        <p className="muted">{i18n._('When the parcel is back:')}</p>
      )}
      <div className="row">
        {choices.map((c) => (
          <button
            key={c.label}
            type="button"
            className={c.primary ? 'btn btn-sm btn-primary' : 'btn btn-sm'}
            disabled={busy}
            onClick={() => (typeof c.step === 'string' ? setOpen(c.step) : send(c.step).catch(() => {}))}
          >
            {i18n._(c.label)}
          </button>
        ))}
      </div>
      {open === 'not-ok' && (
        <ConfirmDialog
          title={i18n._('Close this return without a refund?')}
          message={i18n._(
            'The parcel is not restocked and the shopper gets no refund or exchange. Vastra may still look at it if they disagree.',
          )}
          confirmLabel={i18n._('Close the return')}
          busy={busy}
          onConfirm={() => send({ move: 'receive', body: { conditionOk: false } }).catch(() => {})}
          onCancel={() => setOpen(null)}
        />
      )}
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
          onConfirm={() => send({ move: 'refund', body: {} }).catch(() => {})}
          onCancel={() => setOpen(null)}
        />
      )}
    </>
  );
}
