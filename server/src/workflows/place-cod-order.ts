import { codConfirmNeeded, sellerStateCode } from '@vastra/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { namedStatement, retryOnStalePlan } from '../db/named-statement.ts';
import {
  cartCoupons,
  cartItems,
  checkouts,
  coupons,
  products,
  productVariants,
  sellers,
  users,
} from '../db/schema.ts';
import { conflict } from '../lib/errors.ts';
import { pgErrorOf } from '../lib/pg-errors.ts';
import {
  accountChecked,
  accountLockSql,
  type CustomerSession,
  sessionRefusal,
} from '../modules/accounts/index.ts';
import {
  cartChecked,
  cartLocksSql,
  cartWriteSql,
  checkoutColumns,
  chooseCheckout,
  hasShippingAddress,
  variantColumns,
} from '../modules/cart/index.ts';
import {
  isVisible,
  type ProductRow,
  productColumns,
  stockChecked,
  stockLocksSql,
  stockWriteSql,
  type VariantRow,
} from '../modules/catalog/index.ts';
import { shippingSettingsOf, shippingSettingsSql } from '../modules/delivery/index.ts';
import { type OrderRecipient, orderPrefsOf, orderPrefsSql } from '../modules/messages/index.ts';
import {
  cartCouponColumns,
  couponChecked,
  couponLockSql,
  couponOnCart,
  couponWriteSql,
  saleKeySql,
  salesChecked,
} from '../modules/offers/index.ts';
import {
  draftOrder,
  hasUnpaidCartOrderSql,
  type LineSource,
  type OrderCharge,
  type OrderHeader,
  orderWriteSql,
  orderWriteValues,
  refuseShort,
  shortLine,
} from '../modules/orders/index.ts';
import { codHoldFrom, codRiskOf, codRiskSql } from '../modules/shipping/index.ts';

/** What one attempt to turn the cart into a COD order came to. */
export type CodAttempt =
  | {
      kind: 'placed';
      order: OrderHeader & Recipient;
      lines: PlacedLine[];
      charges: OrderCharge[];
      /** The shopper as read with the order: their mobile, language and order-update choices. */
      recipient: OrderRecipient;
    }
  /** Nothing placed: the customer has an unpaid card order of the cart, settled by its own path. */
  | { kind: 'awaiting_card' }
  /** Nothing placed: the checkout is set to card. */
  | { kind: 'card_checkout' }
  /** Nothing placed: the cart has lines, but neither the checkout nor the profile has an address. */
  | { kind: 'no_address' }
  /** Nothing placed: no line of a product still in the shop (or no line no card checkout holds). */
  | { kind: 'empty' }
  | { kind: 'no_customer' }
  /** Nothing placed: the token predates the account's last password change. */
  | { kind: 'revoked' }
  /** Nothing placed: an admin suspended the account. */
  | { kind: 'suspended' };

export interface Recipient {
  customerName: string;
  customerEmail: string | null;
}

export type PlacedLine = LineSource & { sellerEmail: string };

const DEADLOCK_DETECTED = '40P01';
/** A shopper's use number of a coupon taken by their concurrent order: decide again. */
const UNIQUE_VIOLATION = '23505';
/** How often the order is read and written again when what it read changed before the write. */
const ATTEMPTS = 5;

/**
 * Cash On Delivery (docs/decisions/005-cod-order-in-one-statement.md): the cart becomes an order on
 * the same rules as the card checkout, in two statements.
 * 1. One read: the account, the checkout, whether a card order of the cart awaits payment, and the
 *    lines of visible products no card checkout holds, with their products, sizes and sellers.
 * 2. The rules, in TypeScript: the session and account (sessionRefusal, as the role guard), the
 *    checkout's method and address (chooseCheckout), a line over its size's stock named (409), then
 *    draftOrder prices and taxes the lines (contracts/src/tax.ts, GST_MODE) and refuses an order past
 *    the money columns or over the COD limit (409).
 * 3. One write, which first locks, in the order every writer takes them, the customer's row, the
 *    products, the sizes, the cart lines and the checkout, each re-read at its latest version, and
 *    checks that they are as step 1 read them (same account state, every product visible with the HSN code and sub-category it was taxed on, every size
 *    at the price read with enough stock, the lines unchanged and unheld, the same checkout). Only
 *    then does it take the stock, write the order and its items and clear the cart; otherwise it
 *    writes nothing, and the order is read and decided again.
 * Each module writes its own tables: the write is built from their parts (accountLockSql,
 * stockLocksSql, cartLocksSql, stockWriteSql, orderWriteSql, cartWriteSql). The database still
 * guards: the stock CHECK, the conditional updates, the unique indexes.
 */
export async function placeCartCodOrder(
  db: Db,
  customer: CustomerSession,
  /**
   * GST_MODE, COD_MAX_RUPEES, the delivery settings (the pincodes without COD, the promise's
   * calendar), COD_RTO_LIMIT (`shipping.codRtoLimit`) and COD_CONFIRM_ABOVE / COD_CONFIRM_HOURS
   * (`codConfirm`).
   */
  config: Pick<Config, 'gstMode' | 'codMaxPaise' | 'delivery' | 'codConfirm'> & {
    shipping: Pick<Config['shipping'], 'codRtoLimit'>;
  },
  /** The total the shopper saw (paise), when their client sent it. */
  expectedTotalPaise?: number,
): Promise<CodAttempt> {
  for (let attempt = 1; ; attempt++) {
    const read = await readCartToOrder(db, customer.id);
    if (!read) return { kind: 'no_customer' };
    const refusal = sessionRefusal(customer.issuedAtMs, read.account);
    if (refusal) return { kind: refusal };
    if (read.awaitingCard) return { kind: 'awaiting_card' };
    if (read.checkout.paymentMethod === 'stripe') return { kind: 'card_checkout' };
    if (read.lines.length === 0) return { kind: 'empty' };
    if (!hasShippingAddress(read.checkout)) return { kind: 'no_address' };
    // A line over its size's stock is named (the write would find the size short and read again).
    const short = shortLine(read.lines);
    if (short) throw refuseShort(short);
    // Too many of the shopper's COD parcels came back lately (issue 38): prepaid only, 409.
    const hold = codHoldFrom(read.codRisk, config.shipping.codRtoLimit);
    if (hold.held) throw conflict(hold.reason);
    const draft = draftOrder(read.account, {
      userId: customer.id,
      address: read.checkout,
      lines: read.lines,
      method: 'cod',
      source: 'cart',
      gstMode: config.gstMode,
      codMaxPaise: config.codMaxPaise,
      coupon: read.coupon,
      expectedTotalPaise,
      shipping: read.shipping,
      delivery: config.delivery,
    });
    // Over COD_CONFIRM_ABOVE, or a shopper with a returned COD parcel (issue 39): the order waits
    // for the shopper's confirmation (its items `awaiting_confirmation`) until this deadline.
    const codConfirmBy = codConfirmNeeded({
      totalPaise: draft.order.totalPaise,
      abovePaise: config.codConfirm.abovePaise,
      rtoAt: read.codRisk.rtoAt,
      liftedAt: read.codRisk.liftedAt,
    })
      ? new Date(Date.now() + config.codConfirm.hours * 3_600_000)
      : null;
    // draftOrder orders the lines as their locks are taken; the write's arrays follow its items.
    const lineOf = new Map(read.lines.map((l) => [l.variant.id, l]));
    const lines = draft.items.map((i) => lineOf.get(i.variantId!)!);
    let rows: WrittenRow[];
    try {
      rows = await writeOrder(db, {
        ...orderWriteValues({ ...draft, order: { ...draft.order, codConfirmBy } }),
        accountStatus: read.account.status,
        passwordChangedAt: read.account.passwordChangedText,
        ...productsAsRead(lines),
        variantIds: lines.map((l) => l.variant.id),
        quantities: lines.map((l) => l.quantity),
        prices: lines.map((l) => l.variant.pricePaise),
        saleKeys: lines.map((l) => l.saleKey),
        lineIds: lines.map((l) => l.lineId),
        checkoutVersion: read.checkoutVersion,
        couponId: draft.redemption?.couponId ?? null,
        couponUseNumber: draft.redemption?.useNumber ?? 0,
        couponDiscount: draft.redemption?.discountPaise ?? 0,
      });
    } catch (err) {
      // Two orders locked the same rows in opposite orders (PostgreSQL undid this one), or took the
      // same use of a coupon: again.
      const code = pgErrorOf(err)?.code;
      if ((code === DEADLOCK_DETECTED || code === UNIQUE_VIOLATION) && attempt < ATTEMPTS) continue;
      throw err;
    }
    const head = rows[0];
    if (!head?.ok || !head.order_id) {
      // Something the order was decided from changed between the read and the write: decide again.
      if (attempt < ATTEMPTS) continue;
      throw new Error('The COD order kept changing under its write');
    }
    const order = {
      ...draft.order,
      id: head.order_id,
      paymentMethod: 'cod' as const,
      paymentStatus: 'cod_due' as const,
      gstMode: config.gstMode,
      shippingPaise: draft.order.shippingPaise ?? 0,
      codFeePaise: draft.order.codFeePaise ?? 0,
      discountPaise: draft.order.discountPaise ?? 0,
      couponCode: draft.order.couponCode ?? null,
      codConfirmBy,
      createdAt: timestamp(head.order_created_at!),
      customerName: read.account.fullName,
      customerEmail: read.account.email,
    };
    const stockLeft = new Map(rows.map((r) => [r.variant_id!, r.stock!]));
    const written = new Map(rows.map((r) => [r.variant_id!, r]));
    return {
      kind: 'placed',
      order,
      charges: draft.charges,
      recipient: {
        userId: customer.id,
        mobile: read.account.mobile,
        locale: read.account.locale,
        orders: read.orderPrefs,
      },
      lines: draft.items
        .map((drafted): PlacedLine => {
          const { product, sellerEmail } = lineOf.get(drafted.variantId!)!;
          const row = written.get(drafted.variantId!)!;
          // The product as it is now: its sizes with the stock this order left.
          const variants = product.variants.map((v) => ({ ...v, stock: stockLeft.get(v.id) ?? v.stock }));
          return {
            order,
            item: {
              ...drafted,
              id: row.item_id!,
              productId: drafted.productId ?? null,
              variantId: drafted.variantId ?? null,
              size: drafted.size ?? '',
              color: drafted.color ?? '',
              hsn: drafted.hsn ?? '',
              gstRateBp: drafted.gstRateBp ?? 0,
              taxablePaise: drafted.taxablePaise ?? 0,
              taxPaise: drafted.taxPaise ?? 0,
              discountPaise: drafted.discountPaise ?? 0,
              courier: null,
              awb: null,
              trackingUrl: null,
              invoiceId: null,
              creditNoteId: null,
              status: codConfirmBy ? 'awaiting_confirmation' : 'pending',
              createdAt: timestamp(row.item_created_at!),
            },
            current: { ...product, variants, stock: variants.reduce((n, v) => n + v.stock, 0) },
            company: product.companyName,
            sellerStateCode: sellerStateCode({ gstin: product.sellerGstin, state: product.sellerState }),
            sellerEmail,
          };
        })
        .sort((a, b) => (a.item.id < b.item.id ? -1 : 1)),
    };
  }
}

/** Each product once, with what its tax was decided from (the write checks they are unchanged). */
function productsAsRead(lines: { product: ProductRow }[]) {
  const products = [...new Map(lines.map((l) => [l.product.id, l.product])).values()];
  return {
    productIds: products.map((p) => p.id),
    productHsns: products.map((p) => p.hsn),
    productSubCategories: products.map((p) => p.subCategory),
  };
}

/** Drizzle's drivers hand raw statements' timestamps over as text ('2026-11-23 13:07:32.072+00'). */
const timestamp = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const orderReads = new WeakMap<Db, ReturnType<typeof prepareOrderRead>>();

/**
 * The customer's account, checkout and cart lines (with their products, sizes and sellers) as an
 * order needs them, one row per line (one row with no line for an empty cart). Prepared once per
 * database handle: it runs on every Cash On Delivery order.
 */
function prepareOrderRead(db: Db) {
  return db
    .select({
      account: {
        fullName: users.fullName,
        email: users.email,
        mobile: users.mobile,
        status: users.status,
        passwordChangedAt: users.passwordChangedAt,
        locale: users.locale,
      },
      // The shopper's order-update choices: the order's e-mail and SMS follow them unread again.
      orderPrefs: orderPrefsSql(users.id),
      // As PostgreSQL prints them: the write checks the rows are still exactly as read.
      passwordChangedText: sql<string | null>`${users.passwordChangedAt}::text`,
      ...checkoutColumns,
      checkoutVersion: sql<string | null>`${checkouts.updatedAt}::text`,
      awaitingCard: hasUnpaidCartOrderSql,
      lineId: cartItems.id,
      quantity: cartItems.quantity,
      product: productColumns,
      variant: variantColumns,
      saleKey: saleKeySql(productVariants.id),
      sellerEmail: sellers.email,
      ...cartCouponColumns(users.id),
      shipping: shippingSettingsSql,
      // Read once for the statement (not per line): the shopper's returned COD parcels and lift.
      codRisk: codRiskSql(sql.placeholder('userId')),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(sellers, and(eq(sellers.id, products.sellerId), isVisible))
    .rightJoin(users, and(eq(cartItems.userId, users.id), isNull(cartItems.pendingOrderId)))
    .leftJoin(checkouts, eq(checkouts.userId, users.id))
    .leftJoin(cartCoupons, eq(cartCoupons.userId, users.id))
    .leftJoin(coupons, eq(coupons.id, cartCoupons.couponId))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(products.id), asc(productVariants.id))
    .prepare('cart_to_order');
}

/** Everything a Cash On Delivery order is decided from, read at once (undefined: no such account). */
async function readCartToOrder(db: Db, userId: string) {
  let read = orderReads.get(db);
  if (!read) {
    read = prepareOrderRead(db);
    orderReads.set(db, read);
  }
  const prepared = read;
  const rows = await retryOnStalePlan(() => prepared.execute({ userId }));
  const head = rows[0];
  if (!head) return undefined;
  return {
    account: { ...head.account, passwordChangedText: head.passwordChangedText },
    checkout: chooseCheckout(head),
    checkoutVersion: head.checkoutVersion,
    awaitingCard: head.awaitingCard,
    coupon: couponOnCart(head),
    shipping: shippingSettingsOf(head.shipping),
    codRisk: codRiskOf(head.codRisk),
    orderPrefs: orderPrefsOf(head.orderPrefs),
    // A line comes with its product, size and seller (inner joins): the right join only makes them
    // optional in Drizzle's types.
    lines: rows.flatMap(({ lineId, quantity, product, variant, sellerEmail, saleKey }) =>
      lineId !== null && quantity !== null
        ? [
            {
              lineId,
              quantity,
              product: product as ProductRow,
              variant: variant as VariantRow,
              sellerEmail: sellerEmail!,
              saleKey: saleKey ?? '',
            },
          ]
        : [],
    ),
  };
}

/** One row per item written (one row with ok false and nothing else when the checks failed). */
interface WrittenRow {
  ok: boolean;
  order_id: string | null;
  order_created_at: Date | string | null;
  item_id: string | null;
  variant_id: string | null;
  item_created_at: Date | string | null;
  stock: number | null;
}

/**
 * The write: locks and checks first (`ok`), then every write guarded by it. Data-modifying CTEs all
 * run to completion in one snapshot; each check reads rows it locked, re-read at their latest version.
 */
const ok = sql`(select ok from checked)`;
const writeOrder = namedStatement<WrittenRow, Record<string, unknown>>(
  'cod_order_write',
  sql`
with ${accountLockSql}, ${stockLocksSql}, ${cartLocksSql}, ${couponLockSql},
checked as materialized (
  select ${accountChecked} and ${stockChecked} and ${salesChecked} and ${cartChecked} and ${couponChecked} as ok
),
${stockWriteSql(ok)}, ${orderWriteSql(ok)}, ${cartWriteSql(ok)}, ${couponWriteSql(ok)}
select c.ok, p.id as order_id, p.created_at as order_created_at, i.id as item_id, i.variant_id,
  i.created_at as item_created_at, t.stock
from checked c
left join placed p on true
left join items i on true
left join took t on t.id = i.variant_id
left join bumped on true
`,
);
