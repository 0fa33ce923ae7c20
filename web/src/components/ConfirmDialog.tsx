import { useEffect, useRef } from 'react';
import './confirm-dialog.css';
import { useI18n } from '../lib/i18n.tsx';

/**
 * A modal yes/no question (native <dialog>: focus stays inside, Escape cancels). Rendered only
 * while a question is open.
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const i18n = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
    return () => d?.close();
  }, []);
  return (
    <dialog ref={ref} className="confirm-dialog" aria-labelledby="confirm-title" onClose={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      <p>{message}</p>
      <div className="row confirm-actions">
        <button type="button" className="btn" onClick={onCancel}>
          {i18n._('Cancel')}
        </button>
        <button type="button" className="btn btn-primary btn-danger-fill" onClick={onConfirm} disabled={busy}>
          {busy ? i18n._('Please wait…') : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
