import type { ShipmentPromise } from '@vastra/contracts';
import { deliveryFeeText, formatPromiseDay } from '../../lib/delivery.ts';
import { useI18n } from '../../lib/i18n.tsx';

/**
 * Each seller ships its own items: one line per shipment of the cart, with the day the server
 * promises it to the checkout's PIN code ("Arrives by Wed, 2 Dec · from Anokhi Crafts") and its
 * shipping fee. No date before the checkout's PIN code is known, where it is not served, or while
 * the seller has not said where it ships from. Nothing while the cart has no shipments.
 */
export function ShipmentPromises({ shipments }: { shipments: readonly ShipmentPromise[] | undefined }) {
  const i18n = useI18n();
  if (!shipments?.length) return null;
  return (
    <section className="shipments" aria-labelledby="shipments-title">
      <h3 id="shipments-title">{i18n._('Delivery')}</h3>
      <ul>
        {shipments.map((s) => (
          <li key={s.sellerId} data-testid="shipment">
            <span data-testid="shipment-date">
              {s.deliverBy
                ? i18n._('Arrives by {day} · from {seller}', {
                    day: formatPromiseDay(s.deliverBy, i18n.locale),
                    seller: s.companyName,
                  })
                : i18n._('From {seller} · no delivery date yet', { seller: s.companyName })}
            </span>
            <span className={s.shippingFee > 0 ? 'muted' : 'free'} data-testid="shipment-fee">
              {deliveryFeeText(i18n, s.shippingFee)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
