import './stepper.css';
import { useI18n } from '../lib/i18n.tsx';

/**
 * Minus / value / plus. Minus is disabled at `min` (1, SPEC §5); plus at `max` (the stock) when
 * one is given. `busy` disables both while a change is being saved.
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  busy = false,
  label = 'Quantity',
}: {
  value: number;
  onChange: (next: number) => void;
  min?: number;
  max?: number;
  busy?: boolean;
  label?: string;
}) {
  const i18n = useI18n();
  const atMin = value <= min;
  const atMax = max !== undefined && value >= max;
  return (
    <fieldset className="stepper">
      <legend className="visually-hidden">{label}</legend>
      <button
        type="button"
        aria-label={i18n._('Decrease {label}', { label: label.toLowerCase() })}
        disabled={busy || atMin}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output aria-live="polite" aria-label={label}>
        {value}
      </output>
      <button
        type="button"
        aria-label={i18n._('Increase {label}', { label: label.toLowerCase() })}
        disabled={busy || atMax}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </fieldset>
  );
}
