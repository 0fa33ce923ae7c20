import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShippingFeesTo, ShippingSettingsAnswer, ShippingSettingsInput } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { SelectField, TextField } from '../../components/fields.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { api } from '../../lib/api.ts';
import { useFieldErrors } from '../../lib/field-errors.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { toast } from '../../lib/toast.ts';
import { AdminLoadError } from './AdminOnly.tsx';
import { adminKeys } from './api.ts';

const shippingKey = [...adminKeys.all, 'settings', 'shipping'] as const;
const AMOUNTS = ['freeAbove', 'fee', 'codFee'] as const;
type Amount = (typeof AMOUNTS)[number];
type Field = Amount | 'feesTo';

/** `GET /api/admin/settings/shipping`: rupees. */
function useShippingSettings() {
  return useQuery({
    queryKey: shippingKey,
    queryFn: () => api<ShippingSettingsAnswer>('/api/admin/settings/shipping', { as: 'admin' }),
    staleTime: 0,
  });
}

const saveShippingSettings = (body: ShippingSettingsInput) =>
  api<ShippingSettingsAnswer>('/api/admin/settings/shipping', { method: 'PUT', as: 'admin', body });

/** An amount in rupees as typed: a number of at most two decimals, not below 0. */
export function rupeesOf(text: string): { value: number } | { error: string } {
  const t = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { error: /*i18n*/ 'Enter an amount in rupees, 0 for none' };
  return { value: Number(t) };
}

/**
 * The shipping charges (issue 37): a seller's shipment below `freeAbove` pays `fee`; a Cash On
 * Delivery order pays `codFee` once; and who keeps them. All 0: free shipping, no COD fee.
 */
export function ShippingSettingsPanel() {
  const i18n = useI18n();
  const settings = useShippingSettings();
  return (
    <section className="card money-panel" aria-labelledby="shipping-title">
      <h2 id="shipping-title">{i18n._('Shipping charges')}</h2>
      <QueryState query={settings} loading={i18n._('Loading shipping charges')} LoadError={AdminLoadError}>
        {(loaded) => <ShippingForm key={JSON.stringify(loaded)} settings={loaded} />}
      </QueryState>
    </section>
  );
}

function ShippingForm({ settings }: { settings: ShippingSettingsAnswer }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const [values, setValues] = useState<Record<Amount, string>>({
    freeAbove: String(settings.freeAbove),
    fee: String(settings.fee),
    codFee: String(settings.codFee),
  });
  const [feesTo, setFeesTo] = useState<ShippingFeesTo>(settings.feesTo);
  const { formRef, errors, show, fromError, clear } = useFieldErrors<Field>([...AMOUNTS, 'feesTo']);
  const save = useMutation({
    mutationFn: saveShippingSettings,
    onSuccess: (answer) => {
      qc.setQueryData(shippingKey, answer);
      toast.success(i18n._('Shipping charges saved'));
    },
    onError: (err) => {
      if (!fromError(err)) toast.error(err.message);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const input: ShippingSettingsInput = { feesTo };
    for (const name of AMOUNTS) {
      const r = rupeesOf(values[name]);
      if ('error' in r) found[name] = r.error;
      else input[name] = r.value;
    }
    if (!show(found)) save.mutate(input);
  };
  const amount = (name: Amount, label: string, hint: string) => (
    <TextField
      id={`shipping-${name}`}
      name={name}
      label={label}
      hint={hint}
      inputMode="decimal"
      error={errors[name]}
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        clear(name);
      }}
    />
  );
  return (
    <form ref={formRef} className="rate-form shipping-form" noValidate onSubmit={submit}>
      <p className="muted">
        {i18n._('Each seller ships its own items. All amounts 0: free shipping and no COD fee.')}
      </p>
      {amount(
        'freeAbove',
        /*i18n*/ 'Free shipping from (Rs.)',
        /*i18n*/ 'A seller’s shipment worth this much or more ships free',
      )}
      {amount('fee', /*i18n*/ 'Shipping fee (Rs.)', /*i18n*/ 'Per seller’s shipment below that value')}
      {amount('codFee', /*i18n*/ 'Cash On Delivery fee (Rs.)', /*i18n*/ 'Once per Cash On Delivery order')}
      <SelectField
        id="shipping-feesTo"
        name="feesTo"
        label={/*i18n*/ 'The fees go to'}
        placeholder={/*i18n*/ 'Choose who keeps them'}
        options={[
          { value: 'seller', label: /*i18n*/ 'The seller who ships' },
          { value: 'platform', label: /*i18n*/ 'Vastra (the platform)' },
        ]}
        error={errors.feesTo}
        value={feesTo}
        onChange={(e) => setFeesTo(e.target.value === 'platform' ? 'platform' : 'seller')}
      />
      <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending}>
        {i18n._('Save shipping charges')}
      </button>
    </form>
  );
}
