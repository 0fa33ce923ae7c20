import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { toast } from '../../lib/toast.ts';
import { createSaleEvent } from './api.ts';
import { isoOfLocal } from './coupon-form.ts';

const FIELDS = ['name', 'startsAt', 'endsAt', 'earlyAccessAt'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { name: '', startsAt: '', endsAt: '', earlyAccessAt: '' };

/**
 * A new sale event: its name, when it opens and ends, and optionally when signed-in shoppers may
 * see its prices early. Sellers then set their sale prices in it; the server checks the times.
 */
export function SaleEventForm({ onCreated }: { onCreated: () => void }) {
  const i18n = useI18n();
  const [v, setV] = useState(EMPTY);
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const create = useMutation({
    mutationFn: () =>
      createSaleEvent({
        name: v.name.trim(),
        startsAt: isoOfLocal(v.startsAt) ?? '',
        endsAt: isoOfLocal(v.endsAt) ?? '',
        earlyAccessAt: isoOfLocal(v.earlyAccessAt),
      }),
    onSuccess: (e) => {
      toast.success(i18n._('{name} created', { name: e.name }));
      setV(EMPTY);
      show({});
      onCreated();
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 400 && fromError(err))) toast.error(err.message);
    },
  });
  const field = (name: Field) => ({
    id: `sale-${name}`,
    name,
    value: v[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setV((cur) => ({ ...cur, [name]: e.target.value }));
      clear(name);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!v.name.trim()) missing.name = /*i18n*/ 'Enter a name';
    if (!v.startsAt) missing.startsAt = /*i18n*/ 'Choose when it starts';
    if (!v.endsAt) missing.endsAt = /*i18n*/ 'Choose when it ends';
    if (!show(missing)) create.mutate();
  };
  return (
    <form
      ref={formRef}
      className="card form-grid offer-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="new-sale"
    >
      <h2 id="new-sale" className="span-all">
        {i18n._('New sale event')}
      </h2>
      <TextField
        {...field('name')}
        label={/*i18n*/ 'Name'}
        maxLength={120}
        placeholder={i18n._('e.g. Diwali Sale')}
      />
      <TextField {...field('startsAt')} label={/*i18n*/ 'Starts'} type="datetime-local" />
      <TextField {...field('endsAt')} label={/*i18n*/ 'Ends'} type="datetime-local" />
      <TextField
        {...field('earlyAccessAt')}
        label={/*i18n*/ 'Early access from'}
        optional
        type="datetime-local"
        hint={/*i18n*/ 'Signed-in shoppers see the sale prices from then'}
      />
      <div className="span-all">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {i18n._('Create sale event')}
        </button>
      </div>
    </form>
  );
}
