import { z } from 'zod';
import type { SellerProfile, UserProfile } from './accounts.ts';
import type { Product } from './catalog.ts';
import { pagingFields } from './search.ts';
import { textField } from './text.ts';

const blank = (v: unknown) => (v === '' ? undefined : v);

/** `?q=&page=&limit=` of every admin list; `q` matches names, e-mails and the like (case-insensitive). */
export const adminListQuerySchema = z.object({
  q: z.preprocess(
    blank,
    textField('Search text').trim().max(100, 'Search text must be at most 100 characters').optional(),
  ),
  ...pagingFields,
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

/** One page of an admin list (the answer also sends `X-Total-Count`). */
export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface AdminSeller extends SellerProfile {
  /** Products of this seller that are not removed. */
  productCount: number;
}

export interface AdminUser extends UserProfile {
  orderCount: number;
}

/** Every product, removed ones included, with the states that decide whether the shop shows it. */
export interface AdminProduct extends Product {
  status: 'active' | 'removed';
  sellerStatus: 'active' | 'suspended';
}

export interface AdminOrderItem {
  _id: string;
  productId: string | null;
  productName: string;
  sellerId: string;
  companyName: string;
  quantity: number;
  /** Rupees. */
  amount: number;
  status: 'awaiting_payment' | 'pending' | 'shipped' | 'delivered' | 'cancelled';
}

export interface AdminOrder {
  _id: string;
  date: string;
  /** Null once the customer deleted their account. */
  customerName: string | null;
  customerEmail: string | null;
  paymentMethod: 'stripe' | 'cod';
  paymentStatus: 'awaiting_payment' | 'paid' | 'cod_due' | 'refunded' | 'failed';
  /** Rupees, GST included. */
  total: number;
  totalPaise: number;
  city: string;
  state: string;
  items: AdminOrderItem[];
}

export interface AdminMessage {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  date: string;
}

/**
 * `GET /api/admin/stats`. `products` counts active (not removed) products; `orders` counts orders
 * that were placed (paid, cash on delivery, or refunded later), not abandoned card checkouts.
 * Revenue is the amount (GST excluded) of order items of the last 30 days that are not cancelled,
 * in orders that are paid or cash on delivery.
 */
export interface AdminStats {
  sellers: number;
  suspendedSellers: number;
  users: number;
  products: number;
  orders: number;
  revenue30dPaise: number;
  /** The same in rupees. */
  revenue30d: number;
}

/** Answer of `POST /api/admin/sellers/:id/suspend` and `/reinstate`. */
export interface SellerModerationAnswer {
  success: true;
  seller: SellerProfile;
}

/** Answer of `DELETE /api/admin/products/:id`. */
export interface ProductRemovalAnswer {
  success: true;
  productId: string;
  status: 'removed';
}
