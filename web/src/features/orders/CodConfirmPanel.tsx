import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiOrder } from '@vastra/contracts';
import { type FormEvent, useId, useState } from 'react';
import { formatDeadline } from '../../lib/deadline.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { toast } from '../../lib/toast.ts';
import { orderKeys } from './api.ts';
import { confirmCodByCode, requestCodConfirmCode } from './cod-confirm-api.ts';

/** Whether the shopper still has to confirm this COD order (issue 39): the server sent a deadline. */
export const awaitsCodConfirmation = (order: ApiOrder) =>
  !!order.codConfirmBy && order.items.some((i) => i.status === 'awaiting_confirmation');

/**
 * On the order page of a COD order awaiting confirmation: the deadline, "Send code" (a one-time
 * code to the order's mobile) and the code typed back, which confirms the order; its items then
 * show Pending. The link sent by SMS or WhatsApp does the same without the code.
 */
export function CodConfirmPanel({ order }: { order: ApiOrder }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const codeId = useId();
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => requestCodConfirmCode(order._id),
    onSuccess: (res) => {
      setSentTo(res.sentTo);
      setError(null);
    },
    onError: (err) => setError(err.message),
  });
  const confirm = useMutation({
    mutationFn: () => confirmCodByCode(order._id, code),
    onSuccess: () => {
      toast.success(i18n._('Order confirmed'));
      return qc.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (err) => setError(err.message),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    confirm.mutate();
  };
  const deadline = formatDeadline(order.codConfirmBy ?? '', i18n.locale);
  return (
    <section className="card cod-confirm" aria-labelledby={`${codeId}-title`}>
      <h2 id={`${codeId}-title`}>{i18n._('Confirm your Cash On Delivery order')}</h2>
      <p data-testid="cod-confirm-by">
        {i18n._('Please confirm by {deadline}, or the order will be cancelled.', { deadline })}
      </p>
      <button type="button" className="btn btn-sm" disabled={send.isPending} onClick={() => send.mutate()}>
        {sentTo ? i18n._('Send a new code') : i18n._('Send code')}
      </button>
      {sentTo && <p role="status">{i18n._('We sent a code to {mobile}.', { mobile: sentTo })}</p>}
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor={codeId}>{i18n._('One-time code')}</label>
        <input
          id={codeId}
          name="otp"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={8}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${codeId}-error` : undefined}
        />
        {error && (
          <p id={`${codeId}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={confirm.isPending || code.trim() === ''}>
          {i18n._('Confirm order')}
        </button>
      </form>
    </section>
  );
}
