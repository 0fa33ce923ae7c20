import { useMutation } from '@tanstack/react-query';
import type { Coupon } from '@vastra/contracts';
import { CATEGORIES, SUB_CATEGORIES } from '@vastra/contracts/constants';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { ApiError } from '../../lib/api.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { categoryLabel, subCategoryLabel } from '../../lib/labels.ts';
import { toast } from '../../lib/toast.ts';
import { createCoupon, type OffersRole } from './api.ts';
import {
  type CouponField,
  type CouponFormValues,
  couponFormErrors,
  couponInputOf,
  EMPTY_COUPON,
} from './coupon-form.ts';

const FIELDS: readonly CouponField[] = [
  'code',
  'kind',
  'value',
  'minCartValue',
  'maxDiscount',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perUserLimit',
  'categories',
  'fundedBy',
];
const KINDS = [
  { value: 'percent', label: /*i18n*/ 'Percent off' },
  { value: 'flat', label: /*i18n*/ 'Rupees off' },
];
const FUNDERS = [
  { value: 'platform', label: /*i18n*/ 'Vastra (platform)' },
  { value: 'seller', label: /*i18n*/ 'The seller' },
];
const CATEGORY_CHOICES = [
  ...CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) })),
  ...SUB_CATEGORIES.map((s) => ({ value: s, label: subCategoryLabel(s) })),
];

/** A labelled choice with no empty option: one of them is always chosen. */
function Choice({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const i18n = useI18n();
  return (
    <div className="field">
      <label htmlFor={id}>{i18n._(label)}</label>
      <select id={id} name={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {i18n._(o.label)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A new coupon: code, percent or rupees off, and its optional limits (minimum cart, cap, window,
 * uses, first order, categories; who funds it, for the admin). The server checks everything and
 * names the field it refuses; the form only asks for what it cannot send without.
 */
export function CouponForm({ as, onCreated }: { as: OffersRole; onCreated: (c: Coupon) => void }) {
  const i18n = useI18n();
  const [v, setV] = useState<CouponFormValues>(EMPTY_COUPON);
  const { formRef, errors, show, fromError, clear } = useFieldErrors(FIELDS);
  const create = useMutation({
    mutationFn: (values: CouponFormValues) => createCoupon(as, couponInputOf(values, as)),
    onSuccess: (c) => {
      toast.success(i18n._('Coupon {code} created', { code: c.code }));
      setV(EMPTY_COUPON);
      show({});
      onCreated(c);
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 400 && fromError(err))) toast.error(err.message);
    },
  });
  const set = (name: CouponField, value: string) => {
    setV((cur) => ({ ...cur, [name]: value }));
    clear(name);
  };
  const field = (name: Exclude<CouponField, 'kind' | 'fundedBy' | 'categories'>) => ({
    id: `coupon-${name}`,
    name,
    value: v[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!show(couponFormErrors(v))) create.mutate(v);
  };
  const toggleCategory = (c: string) => {
    setV((cur) => ({
      ...cur,
      categories: cur.categories.includes(c) ? cur.categories.filter((x) => x !== c) : [...cur.categories, c],
    }));
    clear('categories');
  };

  return (
    <form
      ref={formRef}
      className="card form-grid offer-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="new-coupon"
    >
      <h2 id="new-coupon" className="span-all">
        {i18n._('New coupon')}
      </h2>
      <TextField
        {...field('code')}
        label={/*i18n*/ 'Code'}
        autoCapitalize="characters"
        autoComplete="off"
        hint={/*i18n*/ '3–20 letters, digits, - or _'}
      />
      <Choice
        id="coupon-kind"
        label={/*i18n*/ 'Discount'}
        options={KINDS}
        value={v.kind}
        onChange={(value) => set('kind', value)}
      />
      <TextField
        {...field('value')}
        label={v.kind === 'percent' ? /*i18n*/ 'Percent off' : /*i18n*/ 'Rupees off'}
        inputMode="decimal"
      />
      <TextField
        {...field('minCartValue')}
        label={/*i18n*/ 'Minimum cart value (Rs.)'}
        optional
        inputMode="decimal"
      />
      {v.kind === 'percent' && (
        <TextField
          {...field('maxDiscount')}
          label={/*i18n*/ 'Largest discount (Rs.)'}
          optional
          inputMode="decimal"
        />
      )}
      <TextField {...field('startsAt')} label={/*i18n*/ 'Starts'} optional type="datetime-local" />
      <TextField {...field('endsAt')} label={/*i18n*/ 'Ends'} optional type="datetime-local" />
      <TextField {...field('usageLimit')} label={/*i18n*/ 'Uses in all'} optional inputMode="numeric" />
      <TextField
        {...field('perUserLimit')}
        label={/*i18n*/ 'Uses per shopper'}
        optional
        inputMode="numeric"
      />
      {as === 'admin' && (
        <Choice
          id="coupon-fundedBy"
          label={/*i18n*/ 'Paid for by'}
          options={FUNDERS}
          value={v.fundedBy}
          onChange={(value) => set('fundedBy', value)}
        />
      )}
      <label className="check span-all">
        <input
          type="checkbox"
          checked={v.firstOrderOnly}
          onChange={(e) => setV((cur) => ({ ...cur, firstOrderOnly: e.target.checked }))}
        />
        {i18n._('First order only')}
      </label>
      <fieldset
        className="span-all offer-categories"
        aria-describedby={errors.categories ? 'coupon-categories-err' : undefined}
      >
        <legend>
          {i18n._('For')} <span className="muted">{i18n._('(every product when none is ticked)')}</span>
        </legend>
        {CATEGORY_CHOICES.map((c) => (
          <label key={c.value} className="check">
            <input
              type="checkbox"
              checked={v.categories.includes(c.value)}
              onChange={() => toggleCategory(c.value)}
            />
            {i18n._(c.label)}
          </label>
        ))}
        {errors.categories && (
          <span id="coupon-categories-err" className="field-error">
            {errors.categories}
          </span>
        )}
      </fieldset>
      <div className="span-all">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {i18n._('Create coupon')}
        </button>
      </div>
    </form>
  );
}
