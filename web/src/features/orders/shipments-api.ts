import { useQuery } from '@tanstack/react-query';
import type { NdrAnswerInput, OneShipmentAnswer, ShipmentListAnswer } from '@vastra/contracts';
import { api } from '../../lib/api.ts';
import { orderKeys } from './api.ts';

/** Under the order's key: answering a failed delivery refreshes the order (its items turn `rto`). */
export const shipmentKeys = {
  ofOrder: (orderId: string) => [...orderKeys.one(orderId), 'shipments'] as const,
};

/** The parcels of one of the shopper's orders, each with its tracking timeline and NDR. */
export function useOrderShipments(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: shipmentKeys.ofOrder(orderId),
    queryFn: async () =>
      (
        await api<ShipmentListAnswer>(`/api/user/orders/${encodeURIComponent(orderId)}/shipments`, {
          as: 'user',
        })
      ).shipments ?? [],
    enabled,
  });
}

/** The shopper's answer to a failed delivery: another attempt on a day, or cancel (back to the seller). */
export const answerNdr = async (shipmentId: string, answer: NdrAnswerInput) =>
  (
    await api<OneShipmentAnswer>(`/api/user/shipments/${encodeURIComponent(shipmentId)}/ndr`, {
      method: 'POST',
      as: 'user',
      body: answer,
    })
  ).shipment;
