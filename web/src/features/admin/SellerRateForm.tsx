import type { AdminSeller } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { SelectField, TextField } from '../../components/fields.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { useAdminList } from './api.ts';
import { percentOf } from './money-rules.ts';

/**
 * Gives one seller a commission rate of its own: find the seller (name, company, e-mail or phone,
 * as the sellers list searches), choose them, type the rate.
 */
export function SellerRateForm({
  busy,
  onSave,
}: {
  busy: boolean;
  onSave: (seller: { id: string; name: string }, percent: number) => Promise<unknown>;
}) {
  const i18n = useI18n();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const found = useAdminList<AdminSeller>('sellers', q, 1);
  const [sellerId, setSellerId] = useState('');
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<{ seller?: string; rate?: string }>({});
  const sellers = found.data?.items ?? [];

  const search = () => {
    setQ(draft.trim());
    setSellerId('');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = percentOf(rate);
    const chosen = sellers.find((s) => s._id === sellerId);
    const problems = {
      seller: chosen ? undefined : /*i18n*/ 'Choose a seller',
      rate: 'error' in p ? p.error : p.value === null ? /*i18n*/ 'Enter a percentage' : undefined,
    };
    setErrors(problems);
    if (!chosen || problems.rate || !('value' in p) || p.value === null) return;
    void onSave({ id: chosen._id, name: chosen.companyName }, p.value)
      .then(() => setRate(''))
      .catch(() => {});
  };
  return (
    <form className="rate-form" noValidate onSubmit={submit} aria-label={i18n._('Commission for one seller')}>
      <div className="rate-search">
        <TextField
          id="rate-seller-q"
          label={i18n._('Find a seller')}
          required={false}
          type="search"
          placeholder={i18n._('Name, company, e-mail or phone')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              search();
            }
          }}
        />
        <button type="button" className="btn btn-sm" onClick={search}>
          {i18n._('Find')}
        </button>
      </div>
      <div className="rate-grid seller-rate-grid">
        <SelectField
          id="rate-seller"
          label={i18n._('Seller')}
          placeholder={
            found.isFetching
              ? i18n._('Loading…')
              : sellers.length
                ? i18n._('Choose a seller')
                : i18n._('No seller found')
          }
          options={sellers.map((s) => ({ value: s._id, label: `${s.companyName} (${s.email})` }))}
          error={errors.seller}
          value={sellerId}
          onChange={(e) => setSellerId(e.target.value)}
        />
        <TextField
          id="rate-seller-percent"
          label={i18n._('Rate (%)')}
          inputMode="decimal"
          error={errors.rate}
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
        {i18n._('Save seller rate')}
      </button>
    </form>
  );
}
