import { z } from 'zod';
import { addressSchema, citySchema, postalCodeSchema, stateSchema } from './accounts.ts';
import { type Product, pageQuerySchema } from './catalog.ts';
import { MAX_LINE_QUANTITY, type PaymentMethodName } from './form-rules.ts';
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

export const addToCartSchema = z.object({
  productId: shoppingId('productId'),
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
      z.enum(['stripe', 'cod', 'cash on delivery', 'card'], {
        error: 'selectedMethod must be Stripe or COD',
      }),
    )
    .transform((v): 'stripe' | 'cod' => (v === 'stripe' || v === 'card' ? 'stripe' : 'cod')),
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
    quantity: quantitySchema.optional(),
  })
  .transform((b, ctx) => {
    const raw = b.productId ?? (typeof b.product === 'string' ? b.product : b.product?._id);
    if (!raw || !UUID_RE.test(raw.trim())) {
      const message = raw ? 'product is not a valid product id' : 'product is required';
      ctx.addIssue({ code: 'custom', message, path: ['product'] });
      return z.NEVER;
    }
    return { productId: raw.trim().toLowerCase(), quantity: b.quantity ?? 1 };
  });
export type BuyNowInput = z.input<typeof buyNowSchema>;

export const orderItemParamsSchema = z.object({ itemId: shoppingId('itemId') });
export const orderParamsSchema = z.object({ orderId: shoppingId('orderId') });
export const sessionParamsSchema = z.object({
  sessionId: textField('sessionId').trim().min(1).max(255, 'sessionId is too long'),
});

/** `page`/`limit` of order lists (DESIGN §7): the same rules and messages as every other list. */
export const orderListQuerySchema = pageQuerySchema;

/** The product as it appears inside a cart line or an order line (SPEC §3): the catalogue's shape. */
export type ShoppingProduct = Product;

export interface CartLine {
  _id: string;
  productId: string;
  quantity: number;
  /** Rupees: price × quantity from the database. */
  amount: number;
  paymentMethod: PaymentMethodName | '';
  address: string;
  city: string;
  state: string;
  postalCode: string;
  product: [ShoppingProduct];
}

/** Rupees, computed from paise: GST = round(subtotal × 18%) paise, shipping free. */
export interface CartSummary {
  pieces: number;
  subtotal: number;
  gst: number;
  shipping: number;
  total: number;
}

export interface CartAnswer {
  success: true;
  userCartProducts: CartLine[];
  summary: CartSummary;
  checkout: {
    paymentMethod: PaymentMethodName | '';
    address: string;
    city: string;
    state: string;
    postalCode: string;
  };
}

export type OrderItemStatus = 'awaiting_payment' | 'pending' | 'shipped' | 'delivered' | 'cancelled';
export type PaymentStatus = 'awaiting_payment' | 'paid' | 'cod_due' | 'refunded' | 'failed';

/** One order item as `my-orders` lists it (`_id` is the order item id). */
export interface OrderLine {
  _id: string;
  orderId: string;
  productId: string;
  quantity: number;
  amount: number;
  paymentMethod: PaymentMethodName;
  paymentStatus: PaymentStatus;
  status: OrderItemStatus;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  date: string;
  product: [ShoppingProduct];
}

/** One item of a seller's product as `seller-orders` lists it. */
export interface SellerOrderLine extends OrderLine {
  customerName: string;
  customerMobile: string;
}

export interface ApiOrder {
  _id: string;
  paymentMethod: PaymentMethodName;
  paymentStatus: PaymentStatus;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  subtotal: number;
  gst: number;
  shipping: number;
  total: number;
  date: string;
  items: OrderLine[];
}

export interface CheckoutSessionAnswer {
  success: true;
  id: string;
  url: string;
  orderId: string;
}
