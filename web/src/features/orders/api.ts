import type { OrderAnswer, OrderSummary } from '@vastra/contracts';
import type { ShippingAddress } from '../../components/AddressForm.tsx';
import { api, apiRequest } from '../../lib/api.ts';
import { keys } from '../../lib/query.ts';

/** Orders on one page of My Orders. */
export const ORDERS_PER_PAGE = 10;

/** Under `keys.orders`, so placing or cancelling anything refreshes every order view at once. */
export const orderKeys = {
  all: keys.orders,
  page: (page: number) => [...keys.orders, 'page', page] as const,
  one: (orderId: string) => [...keys.orders, 'one', orderId] as const,
};

/** One page of the shopper's orders (whole orders, newest first) and how many there are. */
export async function fetchOrders(page: number): Promise<{ orders: OrderSummary[]; total: number }> {
  const { data, res } = await apiRequest<OrderSummary[]>(
    `/api/user/orders?page=${page}&limit=${ORDERS_PER_PAGE}`,
    { as: 'user' },
  );
  const total = Number(res.headers.get('x-total-count') ?? data.length);
  return { orders: data, total: Number.isFinite(total) ? total : data.length };
}

export const fetchOrder = async (orderId: string) =>
  (await api<OrderAnswer>(`/api/user/orders/${encodeURIComponent(orderId)}`, { as: 'user' })).order;

/** Cancels one item of an order (only while it is pending; a paid card item is refunded). */
export const cancelOrderItem = (itemId: string) =>
  api(`/api/user/orders/${encodeURIComponent(itemId)}/cancel`, { method: 'POST', as: 'user', body: {} });

export const changeOrderAddress = (orderId: string, address: ShippingAddress) =>
  api<OrderAnswer>(`/api/user/orders/${encodeURIComponent(orderId)}/address`, {
    method: 'PUT',
    as: 'user',
    body: address,
  });
