import { type FormEvent, useState } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { useNavigate, useSearchParams } from '../lib/router.tsx';
import { SearchIcon } from './icons.tsx';

/** Search box that opens the results page (/search?q=…). */
export function SearchForm({
  className,
  id,
  onDone,
}: {
  className?: string;
  id: string;
  onDone?: () => void;
}) {
  const i18n = useI18n();
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(`/search?q=${encodeURIComponent(q.trim())}`);
    onDone?.();
  };
  return (
    <form
      aria-label={i18n._('Search products')}
      className={`search-form ${className ?? ''}`}
      onSubmit={submit}
    >
      <label htmlFor={id} className="visually-hidden">
        {i18n._('Search products')}
      </label>
      <input
        id={id}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={i18n._('Search for products, brands and more')}
        autoComplete="off"
      />
      <button type="submit" aria-label={i18n._('Search')}>
        <SearchIcon />
        <span className="search-btn-text">{i18n._('Search')}</span>
      </button>
    </form>
  );
}
