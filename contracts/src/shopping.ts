import { z } from 'zod';
import { addressSchema, citySchema, postalCodeSchema, stateSchema } from './accounts.ts';
import { isoDateSchema } from './answers.ts';
import { type Product, pageQuerySchema, productSchema } from './catalog.ts';
import { isSelfDelivery } from './couriers.ts';
import { shipmentPromiseSchema } from './delivery.ts';
import { MAX_LINE_QUANTITY, PAYMENT_METHODS } from './form-rules.ts';
import { cartCouponSchema } from './offers.ts';
import { ORDER_ITEM_STATUSES, PAYMENT_STATUSES } from './statuses.ts';
import { textField } from './text.ts';

/**
 * Cart, checkout, payments and orders: request schemas and answer types shared by the server and
 * the web app. Prices in answers are rupees; the server computes every amount from database prices,
 * so no request here carries a price (extra fields are ignored).
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id: malformed → 400 with the field named, unknown → 404 from the server. */
export const shoppingId = (label: string) =>
  textField(label)
    .trim()
    .refine((v) => UUID_RE.test(v), `${label} is not a valid id`)
    .transform((v) => v.toLowerCase());

/** A number or a numeric string (form fields); `true` or `[2]` must not coerce into a quantity. */
export const quantitySchema = z
  .union(
    [
      z.number(),
      textField('Quantity')
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, 'Quantity must be a number'),
    ],
    {
      error: 'Quantity must be a number',
    },
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
  );

/** Without `variantId` the product's only variant is meant; a product with several sizes needs one. */
export const addToCartSchema = z.object({
  productId: shoppingId('productId'),
  variantId: shoppingId('variantId').optional(),
  quantity: quantitySchema.optional(),
});
export type AddToCartInput = z.input<typeof addToCartSchema>;

const step = z.union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')], {
  error: 'increament must be 1 or -1',
});

/** SPEC §7 sends `increament` (sic); `increment` and an absolute `quantity` are accepted too. */
export const updateCartSchema = z
  .object({
    cartProductId: shoppingId('cartProductId'),
    increament: step.optional(),
    increment: step.optional(),
    quantity: quantitySchema.optional(),
  })
  .refine((b) => b.increament !== undefined || b.increment !== undefined || b.quantity !== undefined, {
    message: 'Send increament (1 or -1) or quantity',
    path: ['increament'],
  });
export type UpdateCartInput = z.input<typeof updateCartSchema>;

export const removeCartSchema = z.object({ cartProductId: shoppingId('cartProductId') });

export const paymentMethodSchema = z.object({
  selectedMethod: textField('selectedMethod')
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(
      z.enum(['stripe', 'cod', 'cash on delivery', 'card', 'razorpay', 'upi'], {
        error: 'selectedMethod must be Razorpay, Stripe or COD',
      }),
    )
    .transform((v): { method: 'stripe' | 'cod'; provider: 'stripe' | 'razorpay' | null } =>
      v === 'stripe' || v === 'card'
        ? { method: 'stripe', provider: 'stripe' }
        : v === 'razorpay' || v === 'upi'
          ? { method: 'stripe', provider: 'razorpay' }
          : { method: 'cod', provider: null },
    ),
});

export const shippingAddressSchema = z.object({
  address: addressSchema,
  city: citySchema,
  state: stateSchema,
  postalCode: postalCodeSchema,
});
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

/**
 * `PUT /api/user/save-shipping-address`: the address goes onto the checkout only, as the original
 * server did; `saveToProfile: true` also makes it the profile's address (the new app's choice).
 */
export const saveShippingAddressSchema = shippingAddressSchema.extend({
  saveToProfile: z.boolean({ error: 'saveToProfile must be true or false' }).optional(),
});
export type SaveShippingAddressInput = z.input<typeof saveShippingAddressSchema>;

/** Buy Now sends the whole product object (old client) or its id; only the id is read. */
export const buyNowSchema = z
  .object({
    product: z
      .union([textField('product'), z.object({ _id: textField('product') }).loose()], {
        error: 'product must be the product (with its _id) or its id',
      })
      .optional(),
    productId: textField('productId', 'productId must be text').optional(),
    variantId: shoppingId('variantId').optional(),
    quantity: quantitySchema.optional(),
  })
  .transform((b, ctx) => {
    const raw = b.productId ?? (typeof b.product === 'string' ? b.product : b.product?._id);
    if (!raw || !UUID_RE.test(raw.trim())) {
      const message = raw ? 'product is not a valid product id' : 'product is required';
      ctx.addIssue({ code: 'custom', message, path: ['product'] });
      return z.NEVER;
    }
    return { productId: raw.trim().toLowerCase(), variantId: b.variantId, quantity: b.quantity ?? 1 };
  });
export type BuyNowInput = z.input<typeof buyNowSchema>;

export const orderItemParamsSchema = z.object({ itemId: shoppingId('itemId') });

const httpsUrl = /^https:\/\/[^\s/$.?#][^\s]*$/i;

/**
 * Confirm Shipment's optional details: the courier and its airway bill (AWB) number, together, and
 * a link to the courier's tracking page. Without a body the item is shipped with no tracking.
 */

export const shipItemSchema = z
  .object({
    courier: textField('Courier')
      .trim()
      .min(2, 'Courier must be at least 2 characters')
      .max(60, 'Courier must be at most 60 characters')
      .optional(),
    awb: textField('AWB number')
      .trim()
      .regex(/^[A-Za-z0-9-]{6,30}$/, 'AWB number must be 6 to 30 letters, digits or dashes')
      .optional(),
    trackingUrl: textField('Tracking link')
      .trim()
      .max(500, 'Tracking link is too long')
      .refine((v) => httpsUrl.test(v), 'Tracking link must be an https:// address')
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.courier && !b.awb && !isSelfDelivery(b.courier))
      ctx.addIssue({ code: 'custom', message: 'Enter the AWB number', path: ['awb'] });
    if (b.awb && !b.courier)
      ctx.addIssue({ code: 'custom', message: 'Enter the courier', path: ['courier'] });
    if (b.trackingUrl && !b.awb)
      ctx.addIssue({ code: 'custom', message: 'Enter the courier and AWB number', path: ['awb'] });
  })
  .optional();
export type ShipItemInput = z.input<typeof shipItemSchema>;

/** Where a shipped item is: set when the seller gave the courier and AWB at Confirm Shipment. */
export const trackingSchema = z.object({
  courier: z.string(),
  /** '' for self-delivery. */
  awb: z.string(),
  url: z.string().nullable(),
});
export const orderParamsSchema = z.object({ orderId: shoppingId('orderId') });
export const sessionParamsSchema = z.object({
  sessionId: textField('sessionId').trim().min(1).max(255, 'sessionId is too long'),
});

/** `page`/`limit` of order lists (DESIGN §7): the same rules and messages as every other list. */
export const orderListQuerySchema = pageQuerySchema;

/** The product as it appears inside a cart line or an order line (SPEC §3): the catalogue's shape. */
export type ShoppingProduct = Product;

const paymentMethodNameSchema = z.enum(PAYMENT_METHODS);
/** The checkout's method, '' while none is chosen. */
const chosenMethodSchema = z.enum([...PAYMENT_METHODS, '']);

/** The size and colour a cart line or order item is of ('' colour: one colour only). */
const variantChoice = {
  variantId: z.string(),
  size: z.string(),
  color: z.string(),
};

export const cartLineSchema = z.object({
  _id: z.string(),
  productId: z.string(),
  ...variantChoice,
  quantity: z.int(),
  /** Rupees: price × quantity, at the price the shopper pays now (a sale's while one is open). */
  amount: z.number(),
  paymentMethod: chosenMethodSchema,
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  product: z.tuple([productSchema]),
  /** Rupees: the line's share of the cart's coupon discount (0 without one). */
  discount: z.number(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Rupees, computed from paise: GST = round(subtotal × 18%) paise, shipping free. */
/** One tax line of a summary: "CGST 2.5%", "IGST 18%" (or "GST 18%" before the state is known). */
export const taxLineSchema = z.object({ label: z.string(), rate: z.number(), amount: z.number() });
export type TaxLine = z.infer<typeof taxLineSchema>;

/**
 * `subtotal` is the taxable value and `total` = subtotal + gst in both GST modes; in `india` mode
 * (`taxIncluded`) the prices shown already include the GST, which `taxLines` break down.
 */
export const cartSummarySchema = z.object({
  pieces: z.int(),
  subtotal: z.number(),
  gst: z.number(),
  shipping: z.number(),
  total: z.number(),
  taxIncluded: z.boolean(),
  taxLines: z.array(taxLineSchema),
  /** Rupees: the coupon's discount, already taken off `subtotal` (the taxable value) and `total`. */
  discount: z.number(),
  /**
   * Rupees: the COD fee's taxable value when the checkout is set to Cash On Delivery (its GST is in
   * `gst`); total = subtotal + shipping + codFee + gst. `shipping` likewise is the shipping fees'
   * taxable value (issue 37).
   */
  codFee: z.number().optional(),
});
export type CartSummary = z.infer<typeof cartSummarySchema>;

/** Answer of `GET /api/user/cart-products` (SPEC §7: success, userCartProducts[]) and `GET /api/user/cart`. */
export const cartAnswerSchema = z.object({
  success: z.literal(true),
  userCartProducts: z.array(cartLineSchema),
  summary: cartSummarySchema,
  checkout: z.object({
    paymentMethod: chosenMethodSchema,
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
  }),
  /** The coupon on the cart; `message` says why it gives nothing now (then `discount` is 0). */
  coupon: cartCouponSchema.nullable(),
  /** One per seller's shipment: its promised date to the checkout's PIN code and its shipping fee. */
  shipments: z.array(shipmentPromiseSchema).optional(),
  /** Whether Cash On Delivery is offered at the checkout's PIN code (true until one is known). */
  codAvailable: z.boolean().optional(),
  /**
   * Why Cash On Delivery is not offered to this shopper at all (too many of their COD parcels came
   * back lately, issue 38; `codAvailable` is then false); absent when it is not held back.
   */
  codReason: z.string().optional(),
});
export type CartAnswer = z.infer<typeof cartAnswerSchema>;

/** Answer of `POST /api/user/add-to-cart`: the line the product went into and its new quantity. */
export const addToCartAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  cartProductId: z.string(),
  quantity: z.int(),
});
export type AddToCartAnswer = z.infer<typeof addToCartAnswerSchema>;

/** Answer of `PUT /api/user/add-to-cart`: the line's new quantity. */
export const updateCartAnswerSchema = z.object({
  success: z.literal(true),
  cartProductId: z.string(),
  quantity: z.int(),
});
export type UpdateCartAnswer = z.infer<typeof updateCartAnswerSchema>;

/** Answer of `DELETE /api/user/add-to-cart`: `message` only when the id was an order item it cancelled. */
export const removeCartAnswerSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type RemoveCartAnswer = z.infer<typeof removeCartAnswerSchema>;

/** Answer of `PUT /api/user/set-payment-method`. */
export const paymentMethodAnswerSchema = z.object({
  success: z.literal(true),
  paymentMethod: chosenMethodSchema,
});
export type PaymentMethodAnswer = z.infer<typeof paymentMethodAnswerSchema>;

export const orderItemStatusSchema = z.enum(ORDER_ITEM_STATUSES);
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** One order item as `my-orders` lists it (`_id` is the order item id). */
export const orderLineSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  productId: z.string(),
  ...variantChoice,
  tracking: trackingSchema.nullable(),
  quantity: z.int(),
  amount: z.number(),
  /** The line's tax as placed (rupees; rate in percent), split by place of supply. */
  tax: z.object({
    hsn: z.string(),
    rate: z.number(),
    taxableValue: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
  }),
  /** The seller's tax invoice, once the item shipped; a credit note, once cancelled after that. */
  invoiceId: z.string().nullable(),
  creditNoteId: z.string().nullable(),
  paymentMethod: paymentMethodNameSchema,
  paymentStatus: paymentStatusSchema,
  status: orderItemStatusSchema,
  /** When the item was delivered (its return window runs from then); null before. */
  deliveredAt: isoDateSchema.nullable(),
  /** Set on a no-charge replacement shipped for a size exchange: the return it replaces. */
  exchangeOfReturnId: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  date: isoDateSchema,
  product: z.tuple([productSchema]),
  /** Rupees: the item's share of the order's coupon discount; paid = amount − discount (+ GST when added on top). */
  discount: z.number(),
  /** The promise made when it was ordered (`YYYY-MM-DD`, India's dates): arriving by, and ship by. */
  deliverBy: z.string().nullable().optional(),
  dispatchBy: z.string().nullable().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** One item of a seller's product as `seller-orders` lists it. */
export const sellerOrderLineSchema = orderLineSchema.extend({
  customerName: z.string(),
  customerMobile: z.string(),
  /** What the buyer paid or pays for this item, GST included (the stored item figures). */
  buyerPays: z.number(),
  /** Cash the courier collects at the door for this item: 0 unless Cash On Delivery not yet collected. */
  codToCollect: z.number(),
});
export type SellerOrderLine = z.infer<typeof sellerOrderLineSchema>;

export const apiOrderSchema = z.object({
  _id: z.string(),
  /** The order number people read (`orderNumber`: `VA-1A2B3C4D`). */
  number: z.string(),
  paymentMethod: paymentMethodNameSchema,
  paymentStatus: paymentStatusSchema,
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  subtotal: z.number(),
  gst: z.number(),
  shipping: z.number(),
  total: z.number(),
  taxIncluded: z.boolean(),
  taxLines: z.array(taxLineSchema),
  date: isoDateSchema,
  items: z.array(orderLineSchema),
  /** Rupees: the coupon's discount, already taken off `subtotal` and `total`; 0 without one. */
  discount: z.number(),
  couponCode: z.string().nullable(),
  /** Rupees: the COD fee's taxable value (its GST is in `gst`); total = subtotal + shipping + codFee + gst. */
  codFee: z.number().optional(),
  /** One per seller's shipment: its promised date and shipping fee (rupees, taxable value). */
  shipments: z.array(shipmentPromiseSchema).optional(),
  /**
   * A COD order awaiting the shopper's confirmation (issue 39): confirm by this moment or it is
   * cancelled. Absent on every other order.
   */
  codConfirmBy: isoDateSchema.optional(),
});
export type ApiOrder = z.infer<typeof apiOrderSchema>;

/** Answer of the calls that place, read or change one order (`order-success`, `orders/:orderId`…). */
export const orderAnswerSchema = z.object({ success: z.literal(true), order: apiOrderSchema });
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

/** Answer of `POST /api/payments/session/:sessionId/confirm`. */
export const paymentConfirmAnswerSchema = z.object({
  success: z.literal(true),
  paid: z.boolean(),
  order: apiOrderSchema,
});
export type PaymentConfirmAnswer = z.infer<typeof paymentConfirmAnswerSchema>;

/** Answer of `PUT /api/user/order-successfull/{productId}` (SPEC §7: cartProductObjectId). */
export const buyNowSuccessAnswerSchema = z.object({
  success: z.literal(true),
  cartProductObjectId: z.string(),
  paymentStatus: paymentStatusSchema,
});
export type BuyNowSuccessAnswer = z.infer<typeof buyNowSuccessAnswerSchema>;

/** Answer of `PUT /api/user/order-buy-success/{cartProductObjectId}` (SPEC §7: success). */
export const orderPaidAnswerSchema = z.object({
  success: z.literal(true),
  paymentStatus: paymentStatusSchema,
});
export type OrderPaidAnswer = z.infer<typeof orderPaidAnswerSchema>;

/** Answer of a seller's Confirm Shipment and Mark Delivered: the item and its new status. */
export const itemStatusAnswerSchema = z.object({
  success: z.literal(true),
  _id: z.string(),
  status: orderItemStatusSchema,
});
export type ItemStatusAnswer = z.infer<typeof itemStatusAnswerSchema>;

/** Answer of `my-orders` (SPEC §7): a bare array of order items. */
export const orderLineListSchema = z.array(orderLineSchema);

/**
 * One order as the shopper thinks of it: one checkout, its number, what was paid and how, and its
 * items, each with its own status (cancelled ones too).
 */
export const orderSummarySchema = z.object({
  _id: z.string(),
  number: z.string(),
  createdAt: isoDateSchema,
  /** Rupees: the order's total as placed (items, GST, shipping). */
  total: z.number(),
  paymentMethod: paymentMethodNameSchema,
  paymentStatus: paymentStatusSchema,
  items: z.array(orderLineSchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
/** Answer of `GET /api/user/orders`: the shopper's orders, newest first (`X-Total-Count` counts orders). */
export const orderSummaryListSchema = z.array(orderSummarySchema);
/** Answer of `seller-orders` and `GET /api/seller/orders`. */
export const sellerOrderLineListSchema = z.array(sellerOrderLineSchema);

/** Answer of `POST /api/user/checkout-session` and `-buyNow` (SPEC §7: id). */
export const checkoutSessionAnswerSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  url: z.string(),
  orderId: z.string(),
});
export type CheckoutSessionAnswer = z.infer<typeof checkoutSessionAnswerSchema>;

/**
 * Optional body of `PUT /api/user/order-success` and `POST /api/user/checkout-session` (the original
 * client sends none): the total the shopper saw, in rupees. When given and the order, priced again,
 * comes to another total (a sale ended, a price changed), nothing is placed and the answer says so.
 */
export const placeOrderSchema = z
  .unknown()
  .superRefine((body, ctx) => {
    const total = expectedTotalOf(body);
    if (
      total !== undefined &&
      !(typeof total === 'number' && Number.isFinite(total) && total >= 0 && total <= 1e8)
    )
      ctx.addIssue({ code: 'custom', message: 'expectedTotal must be a number', path: ['expectedTotal'] });
  })
  // The original client posts the cart list (an array) to checkout-session: it is not read.
  .transform((body) => ({ expectedTotal: expectedTotalOf(body) as number | undefined }));

const expectedTotalOf = (body: unknown) =>
  body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as { expectedTotal?: unknown }).expectedTotal
    : undefined;
