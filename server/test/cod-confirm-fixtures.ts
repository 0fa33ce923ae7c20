import type { ApiOrder } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import { orders } from '../src/db/schema.ts';
import { codConfirmToken } from '../src/workflows/cod-confirm-link.ts';

/** The token of the confirmation link the shopper's phone was sent for an order (issue 39). */
export async function confirmTokenOf(app: App, orderId: string) {
  const [order] = await app.deps.db
    .select({ confirmBy: orders.codConfirmBy })
    .from(orders)
    .where(eq(orders.id, orderId));
  expect(order?.confirmBy, 'the order awaits confirmation').toBeTruthy();
  return codConfirmToken(app.deps.config.jwtSecret, orderId, order!.confirmBy!);
}

/** The shopper opens the link: `POST /api/orders/cod-confirm` with its token. */
export const confirmByLink = (app: App, token: string) =>
  app.inject({ method: 'POST', url: '/api/orders/cod-confirm', payload: { token } });

/**
 * A COD order placed awaiting the shopper's confirmation (a shopper with a returned COD parcel,
 * issue 39) is confirmed by its link, as the shopper would, so the seller may ship it. Other orders
 * are left as they are.
 */
export async function confirmedIfAsked(app: App, order: ApiOrder) {
  if (!order.items.some((i) => i.status === 'awaiting_confirmation')) return;
  const res = await confirmByLink(app, await confirmTokenOf(app, order._id));
  expect(res.statusCode, res.body).toBe(200);
}
