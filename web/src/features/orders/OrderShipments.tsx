import type { ApiOrder, ShipmentAnswer } from '@vastra/contracts';
import { ShipmentTimeline } from '../../components/ShipmentTimeline.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { SHIPMENT_STATUS } from '../../lib/shipments.ts';
import { NdrForm } from './NdrForm.tsx';
import { useOrderShipments } from './shipments-api.ts';

/**
 * The order's parcels (issue 38): each with its courier, AWB and tracking link, the pieces in it,
 * what to do after a failed delivery, and its timeline. Nothing until something has shipped.
 */
export function OrderShipments({ order }: { order: ApiOrder }) {
  const i18n = useI18n();
  const q = useOrderShipments(order._id, true);
  const parcels = q.data ?? [];
  if (parcels.length === 0) return null;
  return (
    <div className="card order-shipments" data-testid="order-shipments">
      <h2>{i18n._('Delivery tracking')}</h2>
      <ul className="parcels">
        {parcels.map((s, i) => (
          <Parcel
            key={s._id}
            shipment={s}
            title={
              parcels.length > 1
                ? i18n._('Parcel {n} of {count}', { n: i + 1, count: parcels.length })
                : i18n._('Your parcel')
            }
            names={s.itemIds.map(
              (id) => order.items.find((l) => l._id === id)?.product[0]?.productName ?? '',
            )}
          />
        ))}
      </ul>
    </div>
  );
}

function Parcel({ shipment: s, title, names }: { shipment: ShipmentAnswer; title: string; names: string[] }) {
  const i18n = useI18n();
  const status = SHIPMENT_STATUS[s.status];
  const heading = `parcel-${s._id}`;
  return (
    <li className="parcel" aria-labelledby={heading} data-testid="parcel">
      <div className="parcel-head">
        <h3 id={heading}>{title}</h3>
        <span className={`pill ${status.tone}`} data-testid="parcel-status">
          {i18n._(status.label)}
        </span>
      </div>
      {names.some(Boolean) && <p className="parcel-items small">{names.filter(Boolean).join(', ')}</p>}
      {(s.courier || s.awb) && (
        <p className="order-tracking" data-testid="parcel-courier">
          {s.courier}
          {s.awb && (
            <>
              {' '}
              {i18n._('· AWB')} <span className="mono">{s.awb}</span>
            </>
          )}
          {s.trackingUrl && (
            <>
              {' · '}
              <a href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                {i18n._('Track your parcel')}
              </a>
            </>
          )}
        </p>
      )}
      {s.failedAttempts > 0 && !s.ndr && (
        <p className="small muted">
          {i18n._('Delivery attempts: {n} of {max}', { n: s.failedAttempts, max: s.maxAttempts })}
        </p>
      )}
      <NdrForm shipment={s} />
      <ShipmentTimeline shipment={s} label={i18n._('Tracking of {parcel}', { parcel: title })} />
    </li>
  );
}
