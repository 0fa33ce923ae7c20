import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommissionsAnswer, CommissionsInput } from '@vastra/contracts';
import { CATEGORIES, CATEGORY_LABEL, type Category } from '@vastra/contracts/constants';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/fields.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { ApiError } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { toast } from '../../lib/toast.ts';
import { moneyKeys, saveCommissions, useCommissions } from './money-api.ts';
import { percentOf } from './money-rules.ts';
import { SellerRateForm } from './SellerRateForm.tsx';

/**
 * Commission rates: the default (COMMISSION_PERCENT, set on the server), a rate per category, and
 * per-seller overrides, which win over both. A new rate applies to deliveries from now on; money
 * already in the ledgers stays as it was charged.
 */
export function CommissionsPanel({ sellerNames }: { sellerNames: ReadonlyMap<string, string> }) {
  const i18n = useI18n();
  const rates = useCommissions();
  // Names of sellers given a rate here: the answer names them by id only.
  const [chosen, setChosen] = useState<ReadonlyMap<string, string>>(new Map());
  const names = new Map([...sellerNames, ...chosen]);
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (input: CommissionsInput) => saveCommissions(input),
    onSuccess: (answer) => {
      qc.setQueryData(moneyKeys.commissions, answer);
      toast.success(i18n._('Commission rates saved'));
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 400)) toast.error(err.message);
    },
  });
  return (
    <section className="card money-panel" aria-labelledby="commissions-title">
      <h2 id="commissions-title">{i18n._('Commission rates')}</h2>
      <QueryState query={rates} loading={i18n._('Loading commission rates')}>
        {(loaded) => (
          <>
            <p className="muted">
              {i18n._('Default:')} <strong data-testid="commission-default">{loaded.defaultPercent}%</strong>{' '}
              {i18n._(
                'of the value before GST, plus 18% GST on it. A seller’s own rate wins over its category’s.',
              )}
            </p>
            <CategoryRates
              key={JSON.stringify(loaded.categories)}
              rates={loaded}
              busy={save.isPending}
              onSave={(categories) => save.mutateAsync({ categories })}
            />
            <SellerRates
              rates={loaded}
              names={names}
              busy={save.isPending}
              onSave={(sellers) => save.mutateAsync({ sellers })}
              onChoose={(id, name) => setChosen((m) => new Map([...m, [id, name]]))}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

function CategoryRates({
  rates,
  busy,
  onSave,
}: {
  rates: CommissionsAnswer;
  busy: boolean;
  onSave: (categories: Partial<Record<Category, number | null>>) => Promise<unknown>;
}) {
  const i18n = useI18n();
  const [values, setValues] = useState(() =>
    Object.fromEntries(CATEGORIES.map((c) => [c, rates.categories[c]?.toString() ?? ''])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    const categories: Partial<Record<Category, number | null>> = {};
    for (const c of CATEGORIES) {
      const p = percentOf(values[c] ?? '');
      if ('error' in p) found[c] = p.error;
      else categories[c] = p.value;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) void onSave(categories).catch(() => {});
  };
  return (
    <form className="rate-form" noValidate onSubmit={submit} aria-label={i18n._('Commission per category')}>
      <fieldset>
        <legend>{i18n._('Per category (%)')}</legend>
        <p className="muted rate-hint">{i18n._('Left empty, a category takes the default.')}</p>
        <div className="rate-grid">
          {CATEGORIES.map((c) => (
            <TextField
              key={c}
              id={`rate-${c}`}
              label={CATEGORY_LABEL[c]}
              required={false}
              inputMode="decimal"
              placeholder={String(rates.defaultPercent)}
              error={errors[c]}
              value={values[c] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [c]: e.target.value }))}
            />
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
        {i18n._('Save category rates')}
      </button>
    </form>
  );
}

function SellerRates({
  rates,
  names,
  busy,
  onSave,
  onChoose,
}: {
  rates: CommissionsAnswer;
  names: ReadonlyMap<string, string>;
  busy: boolean;
  onSave: (sellers: Record<string, number | null>) => Promise<unknown>;
  onChoose: (id: string, name: string) => void;
}) {
  const i18n = useI18n();
  const overrides = Object.entries(rates.sellers);
  return (
    <div className="seller-rates">
      <h3>{i18n._('Per seller')}</h3>
      {overrides.length === 0 ? (
        <p className="muted">{i18n._('No seller has a rate of its own.')}</p>
      ) : (
        <ul className="rate-list">
          {overrides.map(([id, percent]) => (
            <li key={id}>
              <span>
                {names.get(id) ?? <span className="mono">{id}</span>} <strong>{percent}%</strong>
              </span>
              <button
                type="button"
                className="btn btn-sm"
                disabled={busy}
                aria-label={i18n._('Remove the rate of {name}', { name: names.get(id) ?? id })}
                onClick={() => void onSave({ [id]: null }).catch(() => {})}
              >
                {i18n._('Remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <SellerRateForm
        busy={busy}
        onSave={(seller, percent) => {
          onChoose(seller.id, seller.name);
          return onSave({ [seller.id]: percent });
        }}
      />
    </div>
  );
}
