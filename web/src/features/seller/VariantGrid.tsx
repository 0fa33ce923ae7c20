import { CATALOG_LIMITS } from '@vastra/contracts/constants';
import { type KeyboardEvent, useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import {
  addColor,
  type CellValues,
  fillAll,
  type GridState,
  removeColor,
  rowErrors,
  rowsOf,
  setCell,
  sizeOptions,
  toggleSize,
} from './variant-grid.ts';

const RUPEES = { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' } as const;
const PIECES = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;

/** Sizes to tick (from the sub-category's set) and optional colour chips. */
function SizesAndColors({
  grid,
  subCategory,
  onChange,
}: {
  grid: GridState;
  subCategory: string;
  onChange: (g: GridState) => void;
}) {
  const i18n = useI18n();
  const [color, setColor] = useState('');
  const options = sizeOptions(subCategory);
  const add = () => {
    onChange(addColor(grid, color));
    setColor('');
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <>
      <fieldset className="size-picker">
        <legend>{i18n._('Sizes')}</legend>
        {options.length === 0 ? (
          <p className="muted field-hint">{i18n._('Choose a sub-category to see its sizes.')}</p>
        ) : (
          <div className="size-options">
            {options.map((s) => (
              <label key={s} className="size-option">
                <input
                  type="checkbox"
                  checked={grid.sizes.includes(s)}
                  onChange={() => onChange(toggleSize(grid, s))}
                />
                <span>{s}</span>
              </label>
            ))}
          </div>
        )}
        <p className="muted field-hint">
          {i18n._(
            'Tick the sizes you sell to give each its own stock and price. Without sizes the product is sold as one item (Free Size) at the price and stock below.',
          )}
        </p>
      </fieldset>
      {grid.sizes.length > 0 && (
        <div className="field color-picker">
          <label htmlFor="newColor">
            {i18n._('Colours')} <span className="muted">{i18n._('(optional)')}</span>
          </label>
          <div className="color-add">
            <input
              id="newColor"
              className="input"
              value={color}
              maxLength={CATALOG_LIMITS.color}
              placeholder={i18n._('e.g. Indigo')}
              onChange={(e) => setColor(e.target.value)}
              onKeyDown={onKey}
              aria-describedby="newColor-hint"
            />
            <button type="button" className="btn btn-sm" onClick={add} disabled={!color.trim()}>
              {i18n._('Add colour')}
            </button>
          </div>
          <span id="newColor-hint" className="muted field-hint">
            {i18n._('Each size is sold in every colour you add; leave a row empty to skip that one.')}
          </span>
          {grid.colors.length > 0 && (
            <ul className="chips" aria-label={i18n._('Chosen colours')}>
              {grid.colors.map((c) => (
                <li key={c} className="chip">
                  {c}
                  <button
                    type="button"
                    className="chip-remove"
                    aria-label={i18n._('Remove colour {c}', { c })}
                    onClick={() => onChange(removeColor(grid, c))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}

/** The "fill all" row: the values typed here go into every row at once. */
function FillAll({ onFill }: { onFill: (v: Pick<CellValues, 'stock' | 'price' | 'mrp'>) => void }) {
  const i18n = useI18n();
  const [v, setV] = useState({ stock: '', price: '', mrp: '' });
  const bind = (k: keyof typeof v) => ({
    value: v[k],
    onChange: (e: { target: { value: string } }) => setV((cur) => ({ ...cur, [k]: e.target.value })),
  });
  return (
    <fieldset className="fill-all">
      <legend className="fill-all-title">{i18n._('Fill all rows')}</legend>
      <div className="fill-all-field">
        <span aria-hidden="true">{i18n._('Stock')}</span>
        <input className="input" aria-label={i18n._('Stock for all')} {...PIECES} {...bind('stock')} />
      </div>
      <div className="fill-all-field">
        <span aria-hidden="true">{i18n._('Price (Rs.)')}</span>
        <input className="input" aria-label={i18n._('Price for all')} {...RUPEES} {...bind('price')} />
      </div>
      <div className="fill-all-field">
        <span aria-hidden="true">{i18n._('MRP (Rs.)')}</span>
        <input className="input" aria-label={i18n._('MRP for all')} {...RUPEES} {...bind('mrp')} />
      </div>
      <button
        type="button"
        className="btn btn-sm"
        disabled={!v.stock && !v.price && !v.mrp}
        onClick={() => onFill(v)}
      >
        {i18n._('Apply to all')}
      </button>
    </fieldset>
  );
}

/**
 * The size grid of the product form: sizes × colours, one row per cell with stock, price, MRP and
 * SKU, and a row that fills every row at once. Rows left empty are not sold.
 */
export function VariantGrid({
  grid,
  subCategory,
  onChange,
}: {
  grid: GridState;
  subCategory: string;
  onChange: (g: GridState) => void;
}) {
  const i18n = useI18n();
  const rows = rowsOf(grid);
  return (
    <section className="variant-grid span-all" aria-labelledby="variant-grid-title">
      <h2 id="variant-grid-title" className="form-section-title">
        {i18n._('Sizes and stock')}
      </h2>
      <SizesAndColors grid={grid} subCategory={subCategory} onChange={onChange} />
      {rows.length > 0 && (
        <>
          <FillAll onFill={(v) => onChange(fillAll(grid, v))} />
          <div className="table-wrap">
            <table className="grid-table">
              <caption className="visually-hidden">{i18n._('Stock and price of each size')}</caption>
              <thead>
                <tr>
                  <th scope="col">{i18n._('Size')}</th>
                  <th scope="col">{i18n._('Stock')}</th>
                  <th scope="col">{i18n._('Price (Rs.)')}</th>
                  <th scope="col">
                    {i18n._('MRP (Rs.)')} <span className="muted">{i18n._('optional')}</span>
                  </th>
                  <th scope="col">
                    {i18n._('SKU')} <span className="muted">{i18n._('optional')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const name = [r.size, r.color].filter(Boolean).join(' / ');
                  const errors = rowErrors(r);
                  const input = (field: 'stock' | 'price' | 'mrp' | 'sku', label: string) => {
                    const err = field === 'sku' ? undefined : errors[field];
                    const errId = `cell-${r.key}-${field}-err`;
                    return (
                      <td data-label={label}>
                        <input
                          className="input"
                          aria-label={i18n._('{label} of {name}', { label, name })}
                          value={r[field]}
                          aria-invalid={err ? true : undefined}
                          aria-describedby={err ? errId : undefined}
                          onChange={(e) => onChange(setCell(grid, r.key, field, e.target.value))}
                          {...(field === 'stock'
                            ? PIECES
                            : field === 'sku'
                              ? { maxLength: CATALOG_LIMITS.sku }
                              : RUPEES)}
                        />
                        {err && (
                          <span id={errId} className="field-error">
                            {err}
                          </span>
                        )}
                      </td>
                    );
                  };
                  return (
                    <tr key={r.key}>
                      <th scope="row">
                        {r.size}
                        {r.color && <span className="muted"> · {r.color}</span>}
                      </th>
                      {input('stock', i18n._('Stock'))}
                      {input('price', i18n._('Price'))}
                      {input('mrp', i18n._('MRP'))}
                      {input('sku', i18n._('SKU'))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
