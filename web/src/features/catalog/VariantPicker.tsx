import { FREE_SIZE } from '@vastra/contracts/constants';
import { useI18n } from '../../lib/i18n.tsx';
import type { SizeOption } from './variant-choice.ts';

/**
 * Colour swatches (when the product has colours) and size buttons in size order. A sold-out size
 * stays visible, struck through, and cannot be chosen (`aria-disabled`, so it is still announced).
 */
export function VariantPicker({
  colours,
  colour,
  options,
  size,
  onColour,
  onSize,
  onSizeChart,
}: {
  colours: string[];
  colour: string;
  options: SizeOption[];
  size: string | undefined;
  onColour: (colour: string) => void;
  onSize: (size: string) => void;
  onSizeChart?: () => void;
}) {
  const i18n = useI18n();
  const onlyFreeSize = options.length === 1 && options[0]?.size === FREE_SIZE;
  return (
    <div className="variant-picker">
      {colours.length > 0 && (
        <fieldset className="choice-group">
          <legend>
            {i18n._('Colour:')} <strong>{colour}</strong>
          </legend>
          <div className="swatches">
            {colours.map((c) => (
              <button
                key={c}
                type="button"
                className="swatch"
                aria-pressed={c === colour}
                onClick={() => onColour(c)}
              >
                <span className="swatch-dot" style={{ background: c.toLowerCase() }} aria-hidden="true" />
                {c}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {!onlyFreeSize && (
        <fieldset className="choice-group">
          <legend>
            {i18n._('Size')}
            {size ? ': ' : ''}
            {size && <strong>{size}</strong>}
          </legend>
          <div className="sizes">
            {options.map((o) => (
              <button
                key={o.size}
                type="button"
                className="size-btn"
                aria-pressed={o.size === size && !o.soldOut}
                aria-disabled={o.soldOut || undefined}
                aria-label={o.soldOut ? `${o.size}, sold out` : o.size}
                onClick={() => {
                  if (!o.soldOut) onSize(o.size);
                }}
              >
                {o.size}
              </button>
            ))}
          </div>
          {onSizeChart && (
            <button type="button" className="link-btn size-chart-btn" onClick={onSizeChart}>
              {i18n._('Size chart')}
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}
