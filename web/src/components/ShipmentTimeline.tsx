import type { ShipmentAnswer } from '@vastra/contracts';
import { useI18n } from '../lib/i18n.tsx';
import { formatMoment, SHIPMENT_STATUS } from '../lib/shipments.ts';
import './shipment-timeline.css';

/**
 * A parcel's journey, oldest first: booked, then each tracking event with its moment in India's
 * time; a failed attempt with the courier's reason. The latest step is the current one. Shared by
 * the shopper's order page and the seller's parcels.
 */
export function ShipmentTimeline({ shipment, label }: { shipment: ShipmentAnswer; label: string }) {
  const i18n = useI18n();
  const steps = [
    { status: 'booked' as const, at: shipment.createdAt, note: null as string | null },
    ...shipment.events,
  ];
  return (
    <ol className="shipment-timeline" aria-label={label} data-testid="shipment-timeline">
      {steps.map((step, i) => {
        const current = i === steps.length - 1;
        const failed = step.status === 'delivery_failed';
        return (
          <li
            key={`${step.status}-${step.at}-${step.note ?? ''}`}
            className={`timeline-step${failed ? ' failed' : ''}${current ? ' current' : ''}`}
            aria-current={current ? 'step' : undefined}
          >
            <span className="timeline-label">{i18n._(SHIPMENT_STATUS[step.status].label)}</span>
            <time dateTime={step.at} className="timeline-time">
              {formatMoment(step.at, i18n.locale)}
            </time>
            {step.note && (
              <span className="timeline-note">
                {failed ? i18n._('Reason: {reason}', { reason: step.note }) : step.note}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
