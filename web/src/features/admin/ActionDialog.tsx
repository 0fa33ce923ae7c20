import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TextAreaField } from '../../components/fields.tsx';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import type { RowAction } from './row-actions.tsx';

const REASON_MIN = 3;

/**
 * The question a row action asks before it runs: yes or no, or (hiding a product) a reason in
 * words. `onConfirm` rejects with the server's refusal; a reason it found wanting shows beside
 * the field, anything else is the caller's to report.
 */
export function ActionDialog({
  action,
  busy,
  onConfirm,
  onCancel,
}: {
  action: RowAction;
  busy: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  if (!action.reason) {
    return (
      <ConfirmDialog
        {...action.question}
        confirmLabel={action.confirmLabel ?? action.label}
        busy={busy}
        onConfirm={() => onConfirm('').catch(() => {})}
        onCancel={onCancel}
      />
    );
  }
  return (
    <ReasonDialog
      action={action}
      reasonField={action.reason}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

function ReasonDialog({
  action,
  reasonField,
  busy,
  onConfirm,
  onCancel,
}: {
  action: RowAction;
  reasonField: NonNullable<RowAction['reason']>;
  busy: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const i18n = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
    return () => d?.close();
  }, []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (text.length < REASON_MIN) {
      setError(/*i18n*/ 'Say why, in a few words');
      return;
    }
    try {
      await onConfirm(text);
    } catch (err) {
      setError(fieldErrorsOf(err).reason);
    }
  };
  return (
    <dialog ref={ref} className="confirm-dialog" aria-labelledby="action-title" onClose={onCancel}>
      <form noValidate onSubmit={submit} className="form">
        <h2 id="action-title">{action.question.title}</h2>
        <p>{action.question.message}</p>
        <TextAreaField
          id="reason"
          label={reasonField.label}
          hint={reasonField.hint}
          rows={3}
          maxLength={500}
          error={error}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
        <div className="row confirm-actions">
          <button type="button" className="btn" onClick={onCancel}>
            {i18n._('Cancel')}
          </button>
          <button type="submit" className="btn btn-primary btn-danger-fill" disabled={busy}>
            {busy ? i18n._('Please wait…') : (action.confirmLabel ?? action.label)}
          </button>
        </div>
      </form>
    </dialog>
  );
}
