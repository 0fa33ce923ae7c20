import { useId, useState } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * 0–5 star picker (SPEC §2): stars up to the chosen value are highlighted; 0 means none chosen yet.
 * Native radio buttons give keyboard use for free: Tab reaches the group, arrow keys change the
 * rating, Space picks.
 */
export function StarSelector({
  value,
  onChange,
  label = /*i18n*/ 'Your rating',
}: {
  value: number;
  onChange: (v: number) => void;
  label?: string;
}) {
  const i18n = useI18n();
  const [hover, setHover] = useState(0);
  const name = useId();
  const shown = hover || value;
  return (
    <fieldset className="stars-input" onMouseLeave={() => setHover(0)}>
      <legend className="stars-legend">{i18n._(label)}</legend>
      <div className="stars-row">
        {STARS.map((n) => (
          <span key={n} className="star-choice">
            <input
              type="radio"
              className="visually-hidden star-radio"
              id={`${name}-${n}`}
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
            />
            <label
              htmlFor={`${name}-${n}`}
              className={`star ${n <= shown ? 'is-on' : ''}`}
              onMouseEnter={() => setHover(n)}
              title={i18n._('{n, plural, one {# star} other {# stars}}', { n })}
            >
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {i18n._('{n, plural, one {# star} other {# stars}}', { n })}
              </span>
            </label>
          </span>
        ))}
        <span className="stars-value" aria-hidden="true">
          {value}/5
        </span>
      </div>
    </fieldset>
  );
}
