import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Coupon,
  CouponInput,
  CouponPage,
  SaleEvent,
  SaleEventInput,
  SellerSaleGrid,
} from '@vastra/contracts';
import { api, qs } from '../../lib/api.ts';

/** Who manages offers: the admin (sale events, platform coupons) or a seller (its prices, its coupons). */
export type OffersRole = 'admin' | 'seller';

export const COUPON_PAGE_SIZE = 20;

export const offersKeys = {
  all: ['offers'] as const,
  events: (as: OffersRole) => ['offers', as, 'events'] as const,
  coupons: (as: OffersRole, page: number) => ['offers', as, 'coupons', page] as const,
  grid: (eventId: string) => ['offers', 'seller', 'grid', eventId] as const,
};

/** The sale events, newest first: every one for the admin, the ones a seller may still price. */
export function useSaleEvents(as: OffersRole) {
  return useQuery({
    queryKey: offersKeys.events(as),
    queryFn: () => api<SaleEvent[]>(`/api/${as}/sale-events`, { as }),
    staleTime: 0,
  });
}

export const createSaleEvent = (input: SaleEventInput) =>
  api<SaleEvent>('/api/admin/sale-events', { method: 'POST', as: 'admin', body: input });

/** Ends a sale now: its prices stop at once; orders already placed keep theirs. */
export const endSaleEvent = (id: string) =>
  api<SaleEvent>(`/api/admin/sale-events/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    as: 'admin',
    body: { endNow: true },
  });

/** One page of the admin's or the seller's coupons, newest first. */
export function useCoupons(as: OffersRole, page: number) {
  return useQuery({
    queryKey: offersKeys.coupons(as, page),
    queryFn: () => api<CouponPage>(`/api/${as}/coupons${qs({ page, limit: COUPON_PAGE_SIZE })}`, { as }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const createCoupon = (as: OffersRole, input: CouponInput) =>
  api<Coupon>(`/api/${as}/coupons`, { method: 'POST', as, body: input });

export const setCouponActive = (as: OffersRole, id: string, active: boolean) =>
  api<Coupon>(`/api/${as}/coupons/${encodeURIComponent(id)}`, { method: 'PATCH', as, body: { active } });

/** The seller's sizes with their sale price in one event (the price grid). */
export function useSaleGrid(eventId: string) {
  return useQuery({
    queryKey: offersKeys.grid(eventId),
    queryFn: () =>
      api<SellerSaleGrid>(`/api/seller/sale-events/${encodeURIComponent(eventId)}/prices`, { as: 'seller' }),
    staleTime: 0,
  });
}

/** Replaces the seller's sale prices in the event: the sizes sent are in it, the others leave it. */
export const saveSalePrices = (eventId: string, items: { variantId: string; salePrice: number }[]) =>
  api(`/api/seller/sale-events/${encodeURIComponent(eventId)}/prices`, {
    method: 'PUT',
    as: 'seller',
    body: { items },
  });
