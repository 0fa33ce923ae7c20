import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { formatRupees } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { toast } from '../../lib/toast.ts';
import { type DueSeller, moneyKeys, newIdempotencyKey, recordPayout } from './money-api.ts';
import { amountProblem } from './money-rules.ts';

const FIELDS = ['amount', 'reference'] as const;

/**
 * A seller with money payable, and the form recording the bank transfer made to them: the amount
 * (prefilled with the whole payable balance) and the transfer's reference (UTR). The form keeps
 * one idempotency key until the server has recorded its payout, so a double click or a retry after
 * a lost answer pays once; the server still refuses an amount beyond the balance (409), which
 * another admin's payout may have lowered meanwhile, and pays only a verified seller (the card says
 * when the seller has not confirmed their e-mail address; the server's refusal is shown as well).
 */
export function PayoutCard({ seller }: { seller: DueSeller }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const [idempotencyKey, setKey] = useState(newIdempotencyKey);
  const [values, setValues] = useState({ amount: seller.payable.toFixed(2), reference: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const pay = useMutation({
    mutationFn: recordPayout,
    onSuccess: ({ payout, repeated }) => {
      toast.success(
        repeated
          ? `Already recorded: ${formatRupees(payout.amount, i18n.locale)} to ${payout.companyName}`
          : `Payout of ${formatRupees(payout.amount, i18n.locale)} to ${payout.companyName} recorded`,
      );
      setKey(newIdempotencyKey());
      return qc.invalidateQueries({ queryKey: moneyKeys.all });
    },
    onError: (err) => {
      if (!fromError(err)) setRefusal(err.message);
    },
  });
  const field = (name: (typeof FIELDS)[number]) => ({
    id: `${name}-${seller.sellerId}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setRefusal(null);
      clear(name);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pay.isPending) return;
    const found = {
      amount: amountProblem(values.amount, seller.payable),
      reference: values.reference.trim().length < 4 ? 'Enter the transfer’s reference (UTR)' : undefined,
    };
    if (show(Object.fromEntries(Object.entries(found).filter(([, v]) => v)))) return;
    setRefusal(null);
    pay.mutate({
      sellerId: seller.sellerId,
      amount: Number(values.amount),
      reference: values.reference.trim(),
      idempotencyKey,
    });
  };

  const title = `payout-${seller.sellerId}`;
  return (
    <li className="card payout-card" aria-labelledby={title}>
      <div className="payout-seller">
        <h3 id={title}>{seller.companyName}</h3>
        <p className="muted mono">{seller.gstin ?? i18n._('No GSTIN')}</p>
      </div>
      <dl className="payout-balance">
        <div>
          <dt>{i18n._('Payable now')}</dt>
          <dd className="payout-payable">{formatRupees(seller.payable, i18n.locale)}</dd>
        </div>
        <div>
          <dt>{i18n._('Pending')}</dt>
          <dd>{formatRupees(seller.pending, i18n.locale)}</dd>
        </div>
      </dl>
      {seller.verified === false && (
        <p className="payout-unverified">
          {i18n._(
            'Not verified: the seller has not confirmed their e-mail address yet, so no payout can be recorded.',
          )}
        </p>
      )}
      <form
        ref={formRef}
        className="payout-form"
        noValidate
        onSubmit={submit}
        aria-label={i18n._('Record a payout to {seller}', { seller: seller.companyName })}
      >
        <TextField
          label={i18n._('Amount (Rs.)')}
          inputMode="decimal"
          autoComplete="off"
          {...field('amount')}
        />
        <TextField
          label={i18n._('Bank reference (UTR)')}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          {...field('reference')}
        />
        <button type="submit" className="btn btn-primary" disabled={pay.isPending}>
          {pay.isPending ? i18n._('Recording…') : i18n._('Record payout')}
        </button>
        {refusal && (
          <p className="form-error payout-refusal" role="alert">
            {refusal}
          </p>
        )}
      </form>
    </li>
  );
}
