import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AddProductInput,
  ProductAnswer,
  SellerGstAnswer,
  SellerGstInput,
  SellerOrderLine,
  SellerProfile,
  UpdateProductInput,
} from '@vastra/contracts';
import { api, apiRequest, qs } from '../../lib/api.ts';
import type { Product } from '../../lib/types.ts';

/** Query keys of the seller centre (all under 'seller' so a logout can drop them together). */
export const sellerKeys = {
  all: ['seller'] as const,
  profile: ['seller', 'profile'] as const,
  products: (page: number) => ['seller', 'products', page] as const,
  product: (id: string) => ['seller', 'product', id] as const,
  orders: (page: number) => ['seller', 'orders', page] as const,
};

export const PRODUCTS_PER_PAGE = 20;
export const ORDERS_PER_PAGE = 20;

/** A page of a list plus the total from X-Total-Count. */
export interface Paged<T> {
  items: T[];
  total: number;
}

async function paged<T>(path: string): Promise<Paged<T>> {
  const { data, res } = await apiRequest<T[]>(path, { as: 'seller' });
  const total = Number(res.headers.get('x-total-count') ?? data.length);
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}

export function useSellerProfile() {
  return useQuery({
    queryKey: sellerKeys.profile,
    queryFn: async () =>
      (await api<SellerProfile[]>('/api/auth/seller/get-seller-profile', { as: 'seller' }))[0],
  });
}

/** The seller's own products, newest first (the server orders them; `get-products` is the old client's, oldest first). */
export function useSellerProducts(page: number) {
  return useQuery({
    queryKey: sellerKeys.products(page),
    queryFn: () => paged<Product>(`/api/seller/products${qs({ page, limit: PRODUCTS_PER_PAGE })}`),
    placeholderData: keepPreviousData,
  });
}

export function useSellerProduct(id: string | null) {
  return useQuery({
    queryKey: sellerKeys.product(id ?? ''),
    queryFn: async () => {
      const list = await api<Product[]>(`/api/seller/get-a-product/${encodeURIComponent(id ?? '')}`, {
        as: 'seller',
      });
      return list[0];
    },
    enabled: !!id,
    staleTime: 0,
  });
}

/** Items of the seller's products, newest first with every status (`seller-orders` is the old client's). */
export function useSellerOrders(page: number) {
  return useQuery({
    queryKey: sellerKeys.orders(page),
    queryFn: () => paged<SellerOrderLine>(`/api/seller/orders${qs({ page, limit: ORDERS_PER_PAGE })}`),
    placeholderData: keepPreviousData,
  });
}

/** `message` says when the product was saved but not published (no GSTIN yet, in `india` mode). */
export function addProduct(input: AddProductInput) {
  return api<ProductAnswer>('/api/seller/add-product', {
    method: 'POST',
    as: 'seller',
    body: input,
  });
}

export function updateProduct(input: UpdateProductInput) {
  return api<ProductAnswer>('/api/seller/update-product', {
    method: 'PUT',
    as: 'seller',
    body: input,
  });
}

/** Adds or changes the GST registration; `published` counts the hidden products it put on sale. */
export function saveGstDetails(input: SellerGstInput) {
  return api<SellerGstAnswer>('/api/seller/gst-details', { method: 'PUT', as: 'seller', body: input });
}

export function deleteProduct(productId: string) {
  return api<{ success: true }>('/api/seller/delete-product', {
    method: 'DELETE',
    as: 'seller',
    body: { productId },
  });
}

/** What the seller tells the shopper at Confirm Shipment (all optional; courier and AWB go together). */
export interface ShipmentDetails {
  courier?: string;
  awb?: string;
  trackingUrl?: string;
}

/** Confirm Shipment (pending → shipped, with the courier and AWB) or Mark delivered (shipped → delivered). */
export function advanceOrderItem(itemId: string, step: 'ship' | 'deliver', shipment?: ShipmentDetails) {
  return api<{ success: true; _id: string; status: SellerOrderLine['status'] }>(
    `/api/seller/orders/${encodeURIComponent(itemId)}/${step}`,
    { method: 'POST', as: 'seller', ...(step === 'ship' && shipment ? { body: shipment } : {}) },
  );
}
