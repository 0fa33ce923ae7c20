import { useQuery } from '@tanstack/react-query';
import type {
  CourierRatesAnswer,
  CreateShipmentInput,
  NdrQueueAnswer,
  OneShipmentAnswer,
  ShipmentEventInput,
  ShipmentListAnswer,
} from '@vastra/contracts';
import { api } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

/** The seller's parcels (issue 38), under 'seller' so a logout drops them with the rest. */
export const shipmentKeys = {
  all: ['seller', 'shipments'] as const,
  ofOrder: (orderId: string) => ['seller', 'shipments', 'order', orderId] as const,
  couriers: (orderId: string) => ['seller', 'shipments', 'couriers', orderId] as const,
  ndr: ['seller', 'shipments', 'ndr'] as const,
};

const path = (id: string, what = '') => `/api/seller/shipments/${encodeURIComponent(id)}${what}`;

export function useOrderParcels(orderId: string) {
  return useQuery({
    queryKey: shipmentKeys.ofOrder(orderId),
    queryFn: async () =>
      (
        await api<ShipmentListAnswer>(`/api/seller/shipments?orderId=${encodeURIComponent(orderId)}`, {
          as: 'seller',
        })
      ).shipments,
  });
}

/** Shiprocket's couriers and rates for the order's parcel; `available: false` when it is not set up. */
export function useCourierRates(orderId: string, enabled = true) {
  return useQuery({
    enabled: enabled && orderId !== '',
    queryKey: shipmentKeys.couriers(orderId),
    queryFn: () =>
      api<CourierRatesAnswer>(`/api/seller/orders/${encodeURIComponent(orderId)}/couriers`, { as: 'seller' }),
    staleTime: 5 * 60_000,
  });
}

export const bookShipment = async (orderId: string, input: CreateShipmentInput) =>
  (
    await api<OneShipmentAnswer>(`/api/seller/orders/${encodeURIComponent(orderId)}/shipments`, {
      method: 'POST',
      as: 'seller',
      body: input,
    })
  ).shipment;

/** A move on one parcel: Shiprocket's pickup, a tracking update of a self-shipped one, received back. */
export type ParcelMove =
  | { move: 'pickup' }
  | { move: 'event'; body: ShipmentEventInput }
  | { move: 'received-back' };

export const moveParcel = async (id: string, m: ParcelMove) =>
  (
    await api<OneShipmentAnswer>(path(id, m.move === 'event' ? '/events' : `/${m.move}`), {
      method: 'POST',
      as: 'seller',
      body: m.move === 'event' ? m.body : {},
    })
  ).shipment;

/** The parcel's label: Shiprocket's, or the shop's own 4×6 for a self-shipped one. */
export const downloadParcelLabel = (id: string) =>
  downloadFile({
    path: path(id, '/label.pdf'),
    as: 'seller',
    accept: 'application/pdf',
    what: 'label',
    fallbackName: 'label.pdf',
  });

/** Failed deliveries waiting on the seller's courier, with the shopper's answer and phone. */
export function useNdrQueue() {
  return useQuery({
    queryKey: shipmentKeys.ndr,
    queryFn: async () => (await api<NdrQueueAnswer>('/api/seller/ndr', { as: 'seller' })).shipments ?? [],
  });
}
