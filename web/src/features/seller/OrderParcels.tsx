import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../components/QueryState.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { toast } from '../../lib/toast.ts';
import { sellerKeys } from './api.ts';
import { SellerShipmentCard } from './SellerShipmentCard.tsx';
import { type ParcelItem, ShipmentDialog } from './ShipmentDialog.tsx';
import { useOrderParcels } from './shipments-api.ts';
import './parcels.css';

/**
 * An order's parcels in the seller's orders list (issue 38): each parcel's card, and booking a new
 * one for the order's pending items.
 */
export function OrderParcels({ orderId, pending }: { orderId: string; pending: ParcelItem[] }) {
  const i18n = useI18n();
  const qc = useQueryClient();
  const parcels = useOrderParcels(orderId);
  const [booking, setBooking] = useState(false);
  return (
    <section className="order-parcels" aria-label={i18n._('Parcels of this order')}>
      <QueryState
        query={parcels}
        loading={i18n._('Loading parcels')}
        isEmpty={(list) => list.length === 0}
        empty={<p className="muted small">{i18n._('No parcels booked for this order yet.')}</p>}
      >
        {(list) => (
          <ul className="seller-parcels">
            {list.map((s, i) => (
              <SellerShipmentCard
                key={s._id}
                shipment={s}
                title={i18n._('Parcel {n} of {count}', { n: i + 1, count: list.length })}
              />
            ))}
          </ul>
        )}
      </QueryState>
      {booking ? (
        <ShipmentDialog
          orderId={orderId}
          items={pending}
          onBooked={() => {
            toast.success(i18n._('Parcel booked'));
            setBooking(false);
            return qc.invalidateQueries({ queryKey: sellerKeys.all });
          }}
          onCancel={() => setBooking(false)}
        />
      ) : (
        pending.length > 0 && (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setBooking(true)}>
            {i18n._('Book a parcel')}
          </button>
        )
      )}
    </section>
  );
}
