import {
  type CodConfirmAnswer,
  type CodConfirmCodeAnswer,
  type Locale,
  OTP_RESEND_SECONDS,
} from '@vastra/contracts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { issueOtp, verifyOtp } from '../modules/accounts/index.ts';
import { releaseRedemptions } from '../modules/offers/index.ts';
import {
  type CodConfirmation,
  cancelUnconfirmedItems,
  codConfirmContact,
  confirmCodOrder,
  markChargesRefunded,
  notifyItemCancelled,
} from '../modules/orders/index.ts';
import { codConfirmLink, codConfirmToken, readCodConfirmToken } from './cod-confirm-link.ts';
import type { WorkflowDeps } from './deps.ts';
import { restockItems } from './reservations.ts';

/**
 * COD confirmation (issue 39): a COD order over COD_CONFIRM_ABOVE, or a flagged shopper's, waits
 * `awaiting_confirmation` (not shippable) until the shopper confirms it by the link sent to their
 * phone or with a one-time code on the order page; unconfirmed after COD_CONFIRM_HOURS it is
 * cancelled and its stock returned by a sweep. The rule is contracts' `codConfirmNeeded`; the writes
 * are the orders module's.
 */

export const LINK_NOT_VALID =
  'This confirmation link is not valid. Please open the latest link we sent, or confirm on your order page';
export const CONFIRM_TOO_LATE =
  'The time to confirm this Cash On Delivery order has passed, so it was cancelled. Please place the order again';
export const CONFIRM_CANCELLED = 'This order was cancelled, so it cannot be confirmed';
export const CONFIRM_NOT_NEEDED = 'This order does not need confirming';
export const NO_MOBILE =
  'This order has no mobile number to send a code to. Please use the link we sent by SMS';

/** After the order committed: the shopper's phone gets the confirmation link (messages module). */
export async function askForCodConfirmation(
  deps: Pick<WorkflowDeps, 'messenger' | 'config' | 'log'>,
  order: { id: string; userId: string | null; codConfirmBy: Date },
) {
  const token = codConfirmToken(deps.config.jwtSecret, order.id, order.codConfirmBy);
  try {
    await deps.messenger.orderUpdate({
      kind: 'cod_confirm',
      orderId: order.id,
      userId: order.userId,
      link: codConfirmLink(deps.config.publicUrl, token),
      dedupeKey: `cod_confirm:${order.id}`,
    });
  } catch (err) {
    // The order stands; the shopper can still confirm on the order page.
    deps.log.error({ err, orderId: order.id }, 'the COD confirmation message could not be queued');
  }
}

/** The answer to a confirmation: success (also when confirmed before), else 404 or 409 saying why. */
function answerOf(result: CodConfirmation): CodConfirmAnswer {
  switch (result.kind) {
    case 'confirmed':
      return { success: true, orderId: result.orderId, confirmedAt: result.confirmedAt.toISOString() };
    case 'not_found':
      throw notFound('Order not found');
    case 'not_needed':
      throw conflict(CONFIRM_NOT_NEEDED);
    case 'cancelled':
      throw conflict(CONFIRM_CANCELLED);
    case 'expired':
      throw conflict(CONFIRM_TOO_LATE);
  }
}

/** `POST /api/orders/cod-confirm`: the link's token names the order; no sign-in needed. */
export async function confirmByLink(deps: Pick<WorkflowDeps, 'db' | 'config'>, token: string) {
  const read = readCodConfirmToken(deps.config.jwtSecret, token);
  if (!read) throw badRequest(LINK_NOT_VALID, 'token');
  // An expired link still answers success for an order confirmed in time; otherwise "too late".
  return answerOf(
    await deps.db.transaction((tx) => confirmCodOrder(tx, read.orderId, { linkExpired: read.expired })),
  );
}

/**
 * The order's mobile for a code, after checking the order still awaits its confirmation (confirmed
 * already passes: the caller decides). Refused before any code is sent or checked.
 */
async function awaitingContact(deps: Pick<WorkflowDeps, 'db'>, userId: string, orderId: string) {
  const order = await codConfirmContact(deps.db, userId, orderId);
  if (!order) throw notFound('Order not found');
  if (!order.confirmBy) throw conflict(CONFIRM_NOT_NEEDED);
  if (!order.confirmedAt && order.confirmBy <= new Date()) throw conflict(CONFIRM_TOO_LATE);
  if (!order.confirmedAt && !order.awaiting) throw conflict(CONFIRM_CANCELLED);
  return order;
}

/** `POST /api/user/orders/{orderId}/cod-confirm/request`: a one-time code to the order's mobile. */
export async function requestCodConfirmCode(
  deps: Pick<WorkflowDeps, 'db' | 'messenger'>,
  userId: string,
  orderId: string,
  locale: Locale,
): Promise<CodConfirmCodeAnswer> {
  const order = await awaitingContact(deps, userId, orderId);
  if (order.confirmedAt) throw conflict('This order is already confirmed');
  if (!order.mobile) throw conflict(NO_MOBILE);
  await issueOtp(deps, { mobile: order.mobile, purpose: 'cod_confirm', subject: orderId, locale });
  return { success: true, resendAfterSeconds: OTP_RESEND_SECONDS, sentTo: masked(order.mobile) };
}

/** `POST /api/user/orders/{orderId}/cod-confirm`: the code sent to the order's mobile confirms it. */
export async function confirmByCode(
  deps: Pick<WorkflowDeps, 'db'>,
  userId: string,
  orderId: string,
  code: string,
): Promise<CodConfirmAnswer> {
  const order = await awaitingContact(deps, userId, orderId);
  // Confirmed already (a second tap, the link first): the same success, the code left unused.
  if (!order.confirmedAt) {
    if (!order.mobile) throw conflict(NO_MOBILE);
    await verifyOtp(deps.db, { mobile: order.mobile, purpose: 'cod_confirm', subject: orderId, code });
  }
  return answerOf(await deps.db.transaction((tx) => confirmCodOrder(tx, orderId, { userId })));
}

/** `******3210`: enough for the shopper to know which phone to look at. */
const masked = (mobile: string) => `${'*'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`;

/**
 * The sweep (once a minute, once across processes): orders still awaiting confirmation past their
 * deadline are cancelled — their items `cancelled`, their units back on the shelf once (the items'
 * conditional update decides which call takes them), their fees released and a coupon's use given
 * back, as an unpaid card reservation's are. The payment stays `cod_due` with nothing to collect, as
 * for any wholly cancelled COD order. Then the shopper and the seller are told by e-mail.
 */
export async function expireUnconfirmedCodOrders(
  deps: Pick<WorkflowDeps, 'db' | 'mailer' | 'log'>,
  now = new Date(),
) {
  const cancelled = await deps.db.transaction(async (tx) => {
    const items = await cancelUnconfirmedItems(tx, now);
    if (items.length === 0) return items;
    await restockItems(tx, items);
    const orderIds = [...new Set(items.map((i) => i.orderId))];
    // Every item of such an order awaited confirmation (none could ship): the whole order is gone.
    for (const orderId of orderIds) await markChargesRefunded(tx, orderId, {}, now);
    await releaseRedemptions(tx, orderIds);
    return items;
  });
  for (const item of cancelled) {
    await notifyItemCancelled(deps, { item, by: 'admin', refundPaise: null });
  }
  if (cancelled.length > 0) deps.log.info({ items: cancelled.length }, 'unconfirmed COD orders cancelled');
  return cancelled;
}
