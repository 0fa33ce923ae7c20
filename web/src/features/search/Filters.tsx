import { useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { categoryLabel, subCategoryLabel } from '../../lib/labels.ts';
import type { Facet, SearchAnswer } from '../../lib/types.ts';
import { SizeFilter } from './SizeFilter.tsx';

type Update = (change: (p: URLSearchParams) => void) => void;

/** The URL parameters the filters set (the sort, text and page are not filters). */
const FILTER_PARAMS = [
  'category',
  'subCategory',
  'size',
  'color',
  'brand',
  'minPrice',
  'maxPrice',
  'inStock',
];

/** Facet filters of the search page. Category, type and price pick one; size, colour and brand many. */
export function Filters({
  params,
  facets,
  update,
}: {
  params: URLSearchParams;
  facets: SearchAnswer['facets'] | undefined;
  update: Update;
}) {
  const i18n = useI18n();
  const priceKey = `${params.get('minPrice') ?? ''}-${params.get('maxPrice') ?? ''}`;
  const active = FILTER_PARAMS.some((k) => params.has(k));
  // Open beside the results on wide screens; folded on phones so the products come first.
  const [open, setOpen] = useState(() => !window.matchMedia?.('(max-width: 767px)').matches);
  return (
    <details className="filters card" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{i18n._('Filters')}</summary>
      {active && (
        <button
          type="button"
          className="link-btn"
          onClick={() =>
            update((p) => {
              for (const k of FILTER_PARAMS) p.delete(k);
            })
          }
        >
          {i18n._('Clear all filters')}
        </button>
      )}
      <Single
        name="category"
        title={i18n._('Category')}
        facets={facets?.category}
        params={params}
        update={update}
        label={categoryLabel}
      />
      <Single
        name="subCategory"
        title={i18n._('Type')}
        facets={facets?.subCategory}
        params={params}
        update={update}
        label={subCategoryLabel}
      />
      <SizeFilter facets={facets?.size} params={params} update={update} />
      {facets?.price && facets.price.length > 0 && (
        <fieldset>
          <legend>{i18n._('Price')}</legend>
          {facets.price.map((b) => {
            const key = `${b.min ?? ''}-${b.max ?? ''}`;
            const checked = key === priceKey;
            return (
              <label key={b.label} className="check">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() =>
                    update((p) => {
                      p.delete('minPrice');
                      p.delete('maxPrice');
                      if (!checked) {
                        if (b.min != null) p.set('minPrice', String(b.min));
                        if (b.max != null) p.set('maxPrice', String(b.max));
                      }
                    })
                  }
                />
                {b.label} <span className="muted">({b.count})</span>
              </label>
            );
          })}
        </fieldset>
      )}
      <Multi name="color" title={i18n._('Colour')} facets={facets?.color} params={params} update={update} />
      <Multi name="brand" title={i18n._('Brand')} facets={facets?.brand} params={params} update={update} />
      <fieldset>
        <legend>{i18n._('Availability')}</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={params.get('inStock') === 'true'}
            onChange={(e) =>
              update((p) => {
                if (e.target.checked) p.set('inStock', 'true');
                else p.delete('inStock');
              })
            }
          />
          {i18n._('In stock only')}
        </label>
      </fieldset>
    </details>
  );
}

function Single({
  name,
  title,
  facets,
  params,
  update,
  label,
}: {
  name: string;
  title: string;
  facets?: Facet[];
  params: URLSearchParams;
  update: Update;
  label: (v: string) => string;
}) {
  if (!facets?.length) return null;
  const current = params.get(name);
  return (
    <fieldset>
      <legend>{title}</legend>
      {facets.map((f) => (
        <label key={f.value} className="check">
          <input
            type="checkbox"
            checked={current === f.value}
            onChange={() =>
              update((p) => {
                if (current === f.value) p.delete(name);
                else p.set(name, f.value);
              })
            }
          />
          {label(f.value)} <span className="muted">({f.count})</span>
        </label>
      ))}
    </fieldset>
  );
}

function Multi({
  name,
  title,
  facets,
  params,
  update,
}: {
  name: string;
  title: string;
  facets?: Facet[];
  params: URLSearchParams;
  update: Update;
}) {
  if (!facets?.length) return null;
  const chosen = params.getAll(name);
  return (
    <fieldset>
      <legend>{title}</legend>
      {facets.map((f) => {
        const on = chosen.includes(f.value);
        return (
          <label key={f.value} className="check">
            <input
              type="checkbox"
              checked={on}
              onChange={() =>
                update((p) => {
                  p.delete(name);
                  for (const v of on ? chosen.filter((c) => c !== f.value) : [...chosen, f.value])
                    p.append(name, v);
                })
              }
            />
            {f.value} <span className="muted">({f.count})</span>
          </label>
        );
      })}
    </fieldset>
  );
}
