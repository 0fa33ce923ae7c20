import { compareSizes } from '@vastra/contracts/constants';
import { useI18n } from '../../lib/i18n.tsx';
import type { Facet } from '../../lib/types.ts';

/**
 * The size filter of the search page: one chip per size, smallest first, with how many products
 * have it in stock (the server's size facet); several may be chosen (`size=M&size=L`). A chosen
 * size stays shown, at 0, when the other filters leave none, so it can still be unchosen.
 */
export function SizeFilter({
  facets,
  params,
  update,
}: {
  facets?: Facet[];
  params: URLSearchParams;
  update: (change: (p: URLSearchParams) => void) => void;
}) {
  const i18n = useI18n();
  const chosen = params.getAll('size');
  const shown = [
    ...(facets ?? []),
    ...chosen.filter((s) => !facets?.some((f) => f.value === s)).map((value) => ({ value, count: 0 })),
  ].sort((a, b) => compareSizes(a.value, b.value));
  if (shown.length === 0) return null;
  return (
    <fieldset>
      <legend>{i18n._('Size')}</legend>
      <div className="size-chips">
        {shown.map((f) => {
          const on = chosen.includes(f.value);
          return (
            <label key={f.value} className={`size-chip${on ? ' is-on' : ''}`}>
              <input
                type="checkbox"
                className="visually-hidden"
                checked={on}
                onChange={() =>
                  update((p) => {
                    p.delete('size');
                    for (const s of on ? chosen.filter((c) => c !== f.value) : [...chosen, f.value])
                      p.append('size', s);
                  })
                }
              />
              {f.value} <span className="size-chip-count">({f.count})</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
