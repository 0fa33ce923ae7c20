import type { ApiOrder, Locale, PaymentProviderName } from '@vastra/contracts';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orderItems, orders } from '../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../lib/errors.ts';
import {
  accountGone,
  type Customer,
  type CustomerSession,
  lockCustomer,
  sessionInvalid,
} from '../modules/accounts/index.ts';
import {
  CHOOSE_SIZE,
  hasShippingAddress,
  markCartPending,
  readCartLines,
  readCheckout,
  SIZE_NOT_FOUND,
} from '../modules/cart/index.ts';
import { findVisibleProduct, namedVariant, type ProductRow } from '../modules/catalog/index.ts';
import { readShippingSettings } from '../modules/delivery/index.ts';
import { type ReadCoupon, readCartCoupon } from '../modules/offers/index.ts';
import {
  createOrder,
  type DraftLine,
  getCustomerOrder,
  mailOrderPlaced,
  recordSessionId,
  toApiOrder,
  toOrderLine,
  unpaidCartOrder,
} from '../modules/orders/index.ts';
import { type PaymentProvider, PaymentProviderError } from '../modules/payments/index.ts';
import { askForCodConfirmation } from './cod-confirm.ts';
import { confirmSession } from './confirm-payment.ts';
import type { WorkflowDeps } from './deps.ts';
import { type PlacedLine, placeCartCodOrder } from './place-cod-order.ts';
import { RESERVATION_MS, releaseUnpaidOrders } from './reservations.ts';

export const EMPTY_CART = 'Your cart is empty';
export const NOT_PAID = 'Payment has not been received for this order';
export const CART_IN_CARD_PAYMENT =
  'This cart is being paid by card: finish that payment, or cancel it, before placing a Cash On Delivery order';
/** Sign-up no longer asks for an address, so an order may have nowhere to go until one is chosen. */
export const NO_SHIPPING_ADDRESS = 'Add a shipping address first';

/** The cart read after the customer's row is locked (createOrder locks it; lock here first for the read). */
async function lockedCartLines(tx: DbOrTx, userId: string) {
  const customer = await lockCustomer(tx, userId);
  const lines = await readCartLines(tx, userId);
  if (lines.length === 0) throw conflict(EMPTY_CART);
  return { customer, lines };
}

/**
 * `PUT order-success` (old client, after COD "Place Order" and after a card return). COD turns the
 * cart into an order in one statement (placeCartCodOrder); a card order awaiting payment is
 * confirmed through the provider instead, never by the call itself.
 */
export async function completeCheckout(
  deps: WorkflowDeps,
  customer: CustomerSession,
  /** The language the shopper ordered in (the `lang` cookie): their confirmation mail's. */
  locale: Locale = 'en',
  /** The total the shopper saw (paise), when their client sent it: another total is a 409. */
  expectedTotalPaise?: number,
): Promise<ApiOrder> {
  const userId = customer.id;
  const attempt = await placeCartCodOrder(deps.db, customer, deps.config, expectedTotalPaise);
  switch (attempt.kind) {
    case 'placed':
      await mailOrderPlaced(deps, attempt.order, attempt.lines.map(placedItem), locale, attempt.recipient);
      // Awaiting the shopper's confirmation (issue 39): the link goes to their phone.
      if (attempt.order.codConfirmBy)
        await askForCodConfirmation(deps, {
          ...attempt.order,
          userId,
          codConfirmBy: attempt.order.codConfirmBy,
        });
      return toApiOrder(attempt.order, attempt.lines.map(toOrderLine), attempt.charges);
    case 'awaiting_card':
      return confirmAwaitingCardOrder(deps, userId);
    case 'card_checkout':
      throw conflict('This checkout is set to pay by card: start the card payment first');
    case 'no_customer':
      throw accountGone();
    case 'revoked':
      throw sessionInvalid();
    case 'suspended':
      throw new AppError('FORBIDDEN', 'This account is suspended');
    case 'no_address':
      throw conflict(NO_SHIPPING_ADDRESS);
    case 'empty': {
      // A card checkout of this cart committed while this call waited for it: it won the cart.
      const awaiting = await unpaidCartOrder(deps.db, userId);
      if (awaiting) return confirmAwaitingCardOrder(deps, userId, CART_IN_CARD_PAYMENT, awaiting);
      // The card return page calls this too; once the webhook has already confirmed the payment
      // (cart emptied, checkout cleared), answer that order rather than "cart empty".
      const recent = await recentCardOrder(deps, userId);
      if (recent) return getCustomerOrder(deps.db, userId, recent);
      throw conflict(EMPTY_CART);
    }
  }
}

const placedItem = (l: PlacedLine) => ({ ...l.item, sellerEmail: l.sellerEmail });

/** The customer's newest unpaid card order of the cart: paid by now (provider says so) or 409. */
async function confirmAwaitingCardOrder(
  deps: WorkflowDeps,
  userId: string,
  unpaid = NOT_PAID,
  found?: Awaited<ReturnType<typeof unpaidCartOrder>>,
) {
  const awaiting = found ?? (await unpaidCartOrder(deps.db, userId));
  if (!awaiting) throw conflict(NOT_PAID);
  const outcome = awaiting.sessionId ? await confirmSession(deps, awaiting.sessionId) : { kind: 'unpaid' };
  if (outcome.kind === 'unpaid') throw new AppError('CONFLICT', unpaid);
  return getCustomerOrder(deps.db, userId, awaiting.id);
}

/** A cart card order of this customer paid in the last 30 minutes, if any. */
async function recentCardOrder(deps: WorkflowDeps, userId: string) {
  const [row] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentStatus, 'paid'),
        eq(orders.source, 'cart'),
        gt(orders.paidAt, new Date(Date.now() - RESERVATION_MS)),
      ),
    )
    .orderBy(desc(orders.paidAt))
    .limit(1);
  return row?.id;
}

/** The shopper's chosen online provider when the shop has it, else the shop's default one. */
const chooseProvider = (payments: PaymentProvider, choice: PaymentProviderName | null) =>
  payments.choose ? payments.choose(choice) : payments;

/** The variant a Buy Now names, or the product's only one; several sizes and none named → 400. */
function chosenVariant(product: ProductRow, variantId: string | undefined) {
  const variant = namedVariant(product, variantId);
  if (variant) return variant;
  throw variantId ? notFound(SIZE_NOT_FOUND) : badRequest(CHOOSE_SIZE, 'variantId');
}

/** Where the customer lands after paying (SPEC §2): the cart's and Buy Now's "Order Placed" pages. */
export const SUCCESS_PATH = { cart: '/order-success', buy_now: '/order-successfull' } as const;
export const CANCEL_PATH = '/cart-page';

/** Appended to the success URL; the provider puts the session id in its place (Stripe's syntax). */
export const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export interface CardCheckout {
  source: 'cart' | 'buy_now';
  /** Buy Now only. */
  productId?: string;
  /** Buy Now: the size bought; may be left out for a product with one variant. */
  variantId?: string;
  quantity?: number;
  /** The total the shopper saw (paise), when their client sent it: another total is a 409. */
  expectedTotalPaise?: number;
}

/**
 * Card payment: reserves the stock in an order `awaiting_payment` (expires in 30 minutes) and opens
 * a hosted checkout session for it. A newer checkout of the same kind replaces an older unpaid one,
 * so retrying never holds the stock twice.
 */
export async function startCardCheckout(
  deps: WorkflowDeps & { publicUrl: string },
  userId: string,
  input: CardCheckout,
) {
  const expiresAt = new Date(Date.now() + RESERVATION_MS);
  let provider: PaymentProvider = deps.payments;
  const { order, items, charges, customerEmail, replaced } = await deps.db.transaction(async (tx) => {
    let lines: DraftLine[];
    let customer: Customer | undefined;
    let coupon: ReadCoupon | null = null;
    if (input.source === 'cart') {
      ({ customer, lines } = await lockedCartLines(tx, userId));
      // One coupon per order, the cart's: Buy Now buys one product outside the cart, without one.
      coupon = await readCartCoupon(tx, userId);
    } else {
      const product = await findVisibleProduct(tx, input.productId!);
      if (!product) throw notFound('Product not found');
      lines = [{ product, variant: chosenVariant(product, input.variantId), quantity: input.quantity ?? 1 }];
    }
    const replaced = await releaseUnpaidOrders(
      tx,
      and(
        eq(orders.userId, userId),
        eq(orders.source, input.source),
        input.source === 'buy_now'
          ? inArray(
              orders.id,
              tx
                .select({ id: orderItems.orderId })
                .from(orderItems)
                .where(eq(orderItems.productId, input.productId!)),
            )
          : undefined,
      ),
    );
    const checkout = await readCheckout(tx, userId);
    if (!hasShippingAddress(checkout)) throw conflict(NO_SHIPPING_ADDRESS);
    provider = chooseProvider(deps.payments, checkout.provider);
    const shipping = await readShippingSettings(tx);
    const placed = await createOrder(tx, {
      userId,
      customer,
      address: checkout,
      lines,
      method: 'stripe',
      source: input.source,
      provider: provider.name,
      reservationExpiresAt: expiresAt,
      gstMode: deps.config.gstMode,
      coupon,
      expectedTotalPaise: input.expectedTotalPaise,
      shipping,
      delivery: deps.config.delivery,
    });
    if (input.source === 'cart') {
      const bought = placed.items.map((i) => i.variantId).filter((id): id is string => id !== null);
      await markCartPending(tx, userId, placed.order.id, bought);
    }
    return { ...placed, customerEmail: placed.order.customerEmail ?? undefined, replaced };
  });
  for (const old of replaced) if (old.sessionId) await deps.payments.expireSession(old.sessionId);

  let session: { id: string; url: string };
  try {
    session = await provider.createSession({
      orderId: order.id,
      // A line with a coupon's share goes as one line at what is paid for it, so the lines add up.
      lines: [
        ...items.map((i) =>
          i.discountPaise > 0
            ? {
                name: `${i.productName} × ${i.quantity}`,
                unitPaise: i.amountPaise - i.discountPaise,
                quantity: 1,
                image: i.productImage,
              }
            : {
                name: i.productName,
                unitPaise: i.unitPricePaise,
                quantity: i.quantity,
                image: i.productImage,
              },
        ),
        // A shipment's fee as set (in india mode its GST is inside it, in flat18 it comes with the GST line).
        ...charges.map((c) => ({
          name: c.kind === 'cod' ? 'Cash On Delivery fee' : 'Shipping',
          unitPaise: c.feePaise,
          quantity: 1,
        })),
      ],
      // Prices that include GST (GST_MODE=india) already carry it: nothing to add on top.
      gstPaise: order.gstMode === 'india' ? 0 : order.gstPaise,
      totalPaise: order.totalPaise,
      customerEmail,
      successUrl: `${deps.publicUrl}${SUCCESS_PATH[input.source]}?session_id=${SESSION_PLACEHOLDER}`,
      cancelUrl: `${deps.publicUrl}${CANCEL_PATH}`,
      expiresAt,
    });
  } catch (err) {
    // No session, no sale: give the stock back at once instead of holding it for 30 minutes.
    await deps.db.transaction((tx) => releaseUnpaidOrders(tx, eq(orders.id, order.id)));
    deps.log.error({ err }, 'payment session could not be created');
    const message = err instanceof PaymentProviderError ? err.message : 'payment provider error';
    throw new AppError('BAD_GATEWAY', `The payment service is unavailable, please try again (${message})`);
  }
  await recordSessionId(deps.db, order.id, session.id);
  return { id: session.id, url: session.url, orderId: order.id };
}
