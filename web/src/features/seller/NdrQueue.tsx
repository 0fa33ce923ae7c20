import { formatPromiseDay } from '../../lib/delivery.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { useNdrQueue } from './shipments-api.ts';
import './parcels.css';

/**
 * Failed deliveries of the seller's parcels (issue 38): which order, how many attempts, the
 * courier's reason, what the shopper asked for (another day, a corrected phone, a landmark, or
 * nothing yet) and whom to call. Shown above the orders only while there are some.
 */
export function NdrQueue() {
  const i18n = useI18n();
  const q = useNdrQueue();
  const list = q.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="card ndr-queue" aria-labelledby="ndr-queue-title" data-testid="ndr-queue">
      <h2 id="ndr-queue-title">{i18n._('Failed deliveries ({count})', { count: list.length })}</h2>
      <ul>
        {list.map((s) => (
          <li key={s._id} data-testid="ndr-row">
            <p className="ndr-row-head">
              <strong>{i18n._('Order {number}', { number: s.orderNumber })}</strong>
              {s.awb && <span className="mono small">{s.awb}</span>}
              <span className="pill pill-bad">
                {i18n._('Attempt {n} of {max}', { n: s.failedAttempts, max: s.maxAttempts })}
              </span>
            </p>
            {s.ndr?.reason && <p className="small">{i18n._('Reason: {reason}', { reason: s.ndr.reason })}</p>}
            <p className="small" data-testid="ndr-answer">
              {s.ndr?.state === 'reattempt'
                ? i18n._('Shopper asks for another attempt on {day}', {
                    day: formatPromiseDay(s.ndr.date, i18n.locale),
                  })
                : s.ndr?.state === 'cancel'
                  ? i18n._('Shopper cancelled: send the parcel back')
                  : i18n._('Waiting for the shopper’s answer')}
              {s.ndr?.phone && ` · ${i18n._('Phone: {phone}', { phone: s.ndr.phone })}`}
              {s.ndr?.landmark && ` · ${i18n._('Landmark: {landmark}', { landmark: s.ndr.landmark })}`}
            </p>
            <p className="small muted">
              {[s.customerName, `${s.city} ${s.postalCode}`].filter(Boolean).join(', ')}
              {s.customerMobile && (
                <>
                  {' · '}
                  <a href={`tel:+91${s.customerMobile}`}>+91 {s.customerMobile}</a>
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
