import type { AdminSeller } from '@vastra/contracts';
import { type FormEvent, useState } from 'react';
import { SelectField, TextField } from '../../components/fields.tsx';
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
      seller: chosen ? undefined : 'Choose a seller',
      rate: 'error' in p ? p.error : p.value === null ? 'Enter a percentage' : undefined,
    };
    setErrors(problems);
    if (!chosen || problems.rate || !('value' in p) || p.value === null) return;
    void onSave({ id: chosen._id, name: chosen.companyName }, p.value)
      .then(() => setRate(''))
      .catch(() => {});
  };
  return (
    <form className="rate-form" noValidate onSubmit={submit} aria-label="Commission for one seller">
      <div className="rate-search">
        <TextField
          id="rate-seller-q"
          label="Find a seller"
          required={false}
          type="search"
          placeholder="Name, company, e-mail or phone"
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
          Find
        </button>
      </div>
      <div className="rate-grid seller-rate-grid">
        <SelectField
          id="rate-seller"
          label="Seller"
          placeholder={found.isFetching ? 'Loading…' : sellers.length ? 'Choose a seller' : 'No seller found'}
          options={sellers.map((s) => ({ value: s._id, label: `${s.companyName} (${s.email})` }))}
          error={errors.seller}
          value={sellerId}
          onChange={(e) => setSellerId(e.target.value)}
        />
        <TextField
          id="rate-seller-percent"
          label="Rate (%)"
          inputMode="decimal"
          error={errors.rate}
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
        Save seller rate
      </button>
    </form>
  );
}
