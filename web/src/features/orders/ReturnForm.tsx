import type { OrderLine } from '@vastra/contracts';
import { RETURN_NOTE_MAX, RETURN_REASON_LABELS, RETURN_REASONS } from '@vastra/contracts/constants';
import { type FormEvent, useState } from 'react';
import { SelectField, TextAreaField, TextField } from '../../components/fields.tsx';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import {
  emptyReturnForm,
  exchangeChoices,
  RETURN_FIELDS,
  type ReturnField,
  type ReturnFormValues,
  returnFormProblems,
  returnRequestOf,
} from './return-form.ts';

const REASONS = RETURN_REASONS.map((r) => ({ value: r, label: RETURN_REASON_LABELS[r] }));

/**
 * The return request: how many units, why, and a refund or another size of the same product (only
 * sizes in stock can be picked; the size is held as soon as the request is sent). A refund of a
 * Cash On Delivery order asks where to pay it: a UPI id or a bank account. A replacement item (a
 * size exchange) can only be exchanged again.
 */
export function ReturnForm({
  line,
  unitsLeft,
  cod,
  busy,
  onSubmit,
}: {
  line: OrderLine;
  unitsLeft: number;
  cod: boolean;
  busy: boolean;
  onSubmit: (body: ReturnType<typeof returnRequestOf>) => Promise<unknown>;
}) {
  const i18n = useI18n();
  const replacement = Boolean(line.exchangeOfReturnId);
  const variants = line.product[0]?.variants ?? [];
  const choices = exchangeChoices(variants, line);
  // Other sizes left out because their price differs (ADR 020): say why they are not offered.
  const pricedOut = variants.filter((v) => v._id !== line.variantId).length > choices.length;
  const [v, setV] = useState<ReturnFormValues>(() => emptyReturnForm(replacement ? 'exchange' : 'refund'));
  const { formRef, errors, show, fromError, clear } = useFieldErrors(RETURN_FIELDS);
  const [formError, setFormError] = useState('');
  const set = <K extends keyof ReturnFormValues>(key: K, value: ReturnFormValues[K], field?: ReturnField) => {
    setV((old) => ({ ...old, [key]: value }));
    if (field) clear(field);
    setFormError('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (show(returnFormProblems(v, cod))) return;
    try {
      await onSubmit(returnRequestOf(v, cod));
    } catch (err) {
      if (!fromError(err)) setFormError((err as Error).message);
    }
  };

  const inStock = (stock: number) => stock >= v.quantity;
  return (
    <form
      ref={formRef}
      className="form return-form"
      noValidate
      onSubmit={submit}
      aria-label={i18n._('Return or exchange')}
    >
      <SelectField
        id="return-quantity"
        label={i18n._('Quantity')}
        placeholder={i18n._('How many?')}
        value={String(v.quantity)}
        options={Array.from({ length: unitsLeft }, (_, i) => ({
          value: String(i + 1),
          label: String(i + 1),
        }))}
        onChange={(e) => set('quantity', Number(e.target.value) || 1, 'quantity')}
        error={errors.quantity}
      />
      <SelectField
        id="return-reason"
        label={i18n._('Reason')}
        placeholder={i18n._('Choose a reason')}
        value={v.reason}
        options={REASONS}
        onChange={(e) => set('reason', e.target.value as ReturnFormValues['reason'], 'reason')}
        error={errors.reason}
      />

      <fieldset className="return-choice">
        <legend>{i18n._('What would you like?')}</legend>
        <label className={replacement ? 'disabled' : undefined}>
          <input
            type="radio"
            name="return-kind"
            value="refund"
            checked={v.kind === 'refund'}
            disabled={replacement}
            onChange={() => set('kind', 'refund')}
          />
          {i18n._('A refund')}
        </label>
        <label className={choices.length === 0 ? 'disabled' : undefined}>
          <input
            type="radio"
            name="return-kind"
            value="exchange"
            checked={v.kind === 'exchange'}
            disabled={choices.length === 0}
            onChange={() => set('kind', 'exchange')}
          />
          {i18n._('Another size or colour')}
        </label>
        {replacement && (
          <p className="muted">
            {i18n._('This item replaced one you exchanged: it can be exchanged again.')}
          </p>
        )}
        {pricedOut && (
          <p className="muted">
            {i18n._(
              'Only sizes at the same price can be exchanged; for another, ask for a refund and buy it.',
            )}
          </p>
        )}
      </fieldset>

      {v.kind === 'exchange' && (
        <fieldset
          className="size-choice"
          aria-describedby={errors.variantId ? 'return-variant-err' : undefined}
          aria-invalid={errors.variantId ? true : undefined}
        >
          <legend>{i18n._('New size')}</legend>
          <div className="size-options">
            {choices.map((c) => {
              const label = [c.size, c.color].filter(Boolean).join(' · ');
              return (
                <label key={c._id} className={inStock(c.stock) ? undefined : 'disabled'}>
                  <input
                    type="radio"
                    name="return-variant"
                    value={c._id}
                    checked={v.variantId === c._id}
                    disabled={!inStock(c.stock)}
                    aria-invalid={errors.variantId ? true : undefined}
                    onChange={() => set('variantId', c._id, 'variantId')}
                  />
                  {label}
                  {!inStock(c.stock) && <span className="muted"> {i18n._('(out of stock)')}</span>}
                </label>
              );
            })}
          </div>
          {errors.variantId && (
            <span id="return-variant-err" className="field-error">
              {errors.variantId}
            </span>
          )}
        </fieldset>
      )}

      {cod && v.kind === 'refund' && (
        <fieldset className="refund-to">
          <legend>{i18n._('Where should we send your refund?')}</legend>
          <p className="muted">
            {i18n._('You paid cash on delivery, so we pay the refund to your UPI id or bank account.')}
          </p>
          {errors.refundTo && <p className="field-error">{errors.refundTo}</p>}
          <div className="return-choice">
            <label>
              <input
                type="radio"
                name="pay-to"
                checked={v.payTo === 'upi'}
                onChange={() => set('payTo', 'upi')}
              />
              {i18n._('UPI')}
            </label>
            <label>
              <input
                type="radio"
                name="pay-to"
                checked={v.payTo === 'bank'}
                onChange={() => set('payTo', 'bank')}
              />
              {i18n._('Bank account')}
            </label>
          </div>
          {v.payTo === 'upi' ? (
            <TextField
              id="refund-upi"
              label={i18n._('UPI id')}
              placeholder={i18n._('name@bank')}
              autoComplete="off"
              inputMode="email"
              value={v.upi}
              error={errors['refundTo.upi']}
              onChange={(e) => set('upi', e.target.value, 'refundTo.upi')}
            />
          ) : (
            <div className="form-grid">
              <TextField
                id="refund-account"
                label={i18n._('Account number')}
                inputMode="numeric"
                autoComplete="off"
                value={v.accountNumber}
                error={errors['refundTo.accountNumber']}
                onChange={(e) => set('accountNumber', e.target.value, 'refundTo.accountNumber')}
              />
              <TextField
                id="refund-ifsc"
                label={i18n._('IFSC')}
                placeholder={i18n._('HDFC0001234')}
                autoComplete="off"
                maxLength={11}
                value={v.ifsc}
                error={errors['refundTo.ifsc']}
                onChange={(e) => set('ifsc', e.target.value, 'refundTo.ifsc')}
              />
              <TextField
                id="refund-name"
                label={i18n._('Account holder’s name')}
                autoComplete="name"
                maxLength={80}
                wide
                value={v.accountName}
                error={errors['refundTo.accountName']}
                onChange={(e) => set('accountName', e.target.value, 'refundTo.accountName')}
              />
            </div>
          )}
        </fieldset>
      )}

      <TextAreaField
        id="return-note"
        label={i18n._('Anything the seller should know?')}
        optional
        rows={3}
        maxLength={RETURN_NOTE_MAX}
        value={v.note}
        error={errors.note}
        onChange={(e) => set('note', e.target.value, 'note')}
      />
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy
          ? i18n._('Sending…')
          : v.kind === 'exchange'
            ? i18n._('Ask for an exchange')
            : i18n._('Ask for a refund')}
      </button>
    </form>
  );
}
