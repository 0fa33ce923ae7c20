import { z } from 'zod';
import { isoDateSchema } from './answers.ts';
import { rupees } from './catalog.ts';
import { CATEGORIES, SUB_CATEGORIES } from './catalog-constants.ts';
import { COUPON_FUNDERS, COUPON_KINDS, type CouponFunder, type CouponKind } from './constants.ts';
import type { Locale } from './locale.ts';
import { textField } from './text.ts';

/**
 * Offers (DESIGN §11 "Discounts", docs/decisions/023-offers.md): sale events with sale prices per
 * size, and coupons. The rules here are the only place a sale price or a coupon's discount is
 * decided: the catalogue, the cart, both checkouts and the web all call them.
 */

// ---------------------------------------------------------------------------------------------
// Sale prices
// ---------------------------------------------------------------------------------------------

/** One sale price of a size, with its event's window (ISO times), as the catalogue rows carry it. */
export interface SaleOffer {
  eventId: string;
  name: string;
  salePaise: number;
  startsAt: string;
  /** Signed-in shoppers see the sale from here, before `startsAt`; null: no early access. */
  earlyAccessAt: string | null;
  endsAt: string;
}

/** When a sale opens for this shopper: early access for a signed-in one, else its start. */
const opensAt = (s: SaleOffer, signedIn: boolean) =>
  Date.parse(signedIn && s.earlyAccessAt ? s.earlyAccessAt : s.startsAt);

/** Whether the sale is open for this shopper at `now`: from its opening up to (not at) its end. */
export const isSaleOpen = (s: SaleOffer, now: Date, signedIn: boolean) =>
  opensAt(s, signedIn) <= now.getTime() && now.getTime() < Date.parse(s.endsAt);

/**
 * The sale price a shopper pays for a size now: the lowest of its events open for them (ties: the
 * event ending first, then by id), or undefined outside every window. Orders are always signed in.
 */
export function openSale(
  sales: readonly SaleOffer[] | null | undefined,
  now: Date,
  signedIn: boolean,
): SaleOffer | undefined {
  let best: SaleOffer | undefined;
  for (const s of sales ?? []) {
    if (!isSaleOpen(s, now, signedIn)) continue;
    if (
      !best ||
      s.salePaise < best.salePaise ||
      (s.salePaise === best.salePaise &&
        (s.endsAt < best.endsAt || (s.endsAt === best.endsAt && s.eventId < best.eventId)))
    )
      best = s;
  }
  return best;
}

/** Whether a sale open now is only open because the shopper is signed in (early access). */
export const inEarlyAccess = (s: SaleOffer, now: Date) => now.getTime() < Date.parse(s.startsAt);

/** Who is looking, and when: what decides which sale prices apply. */
export interface PriceView {
  now: Date;
  signedIn: boolean;
}

/** A size's price as a shopper pays it: its sale price while a sale is open for them, else its own. */
export function priceOf(
  variant: { pricePaise: number; sales?: readonly SaleOffer[] | null },
  view: PriceView,
): { pricePaise: number; regularPaise: number; sale: SaleOffer | undefined } {
  // A sale price the seller's own price has since gone below is no sale: the lower price stands.
  const sale = openSale(
    variant.sales?.filter((s) => s.salePaise < variant.pricePaise),
    view.now,
    view.signedIn,
  );
  return { pricePaise: sale?.salePaise ?? variant.pricePaise, regularPaise: variant.pricePaise, sale };
}

/** The least discount a sale price must give, in percent off the MRP (or the price without one). */
export const SALE_MIN_DISCOUNT_PERCENT_DEFAULT = 10;

/**
 * Why a seller's sale price is refused, or undefined when it may be used: below the size's own
 * price, and at least `minPercent` off its MRP (its price when it has none).
 */
export function salePriceRefusal(
  salePaise: number,
  variant: { pricePaise: number; mrpPaise: number | null },
  minPercent: number,
): string | undefined {
  if (salePaise >= variant.pricePaise) return 'The sale price must be below the regular price';
  const reference = variant.mrpPaise ?? variant.pricePaise;
  if (salePaise * 100 > reference * (100 - minPercent))
    return `The sale price must be at least ${minPercent}% off the MRP`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

/** A coupon's terms as the rules read them (money in paise). */
export interface CouponTerms {
  id: string;
  code: string;
  kind: CouponKind;
  /** Percent (1–100) for `percent`, paise for `flat`. */
  value: number;
  minCartPaise: number;
  maxDiscountPaise: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  usedCount: number;
  perUserLimit: number | null;
  firstOrderOnly: boolean;
  /** Categories or sub-categories it is for; null or empty: every product (of its seller). */
  categories: string[] | null;
  /** A seller's own coupon applies to that seller's products only. */
  sellerId: string | null;
  fundedBy: CouponFunder;
  active: boolean;
}

/** What a coupon is checked against about the shopper. */
export interface CouponShopper {
  /** Orders this shopper already placed with this coupon. */
  usesByShopper: number;
  /** Whether the shopper has placed any order before. */
  hasOrdered: boolean;
}

/** A line a coupon may apply to, at the price the shopper pays for it (sale price included). */
export interface CouponLine {
  key: string;
  amountPaise: number;
  sellerId: string;
  category: string;
  subCategory: string;
}

export const COUPON_REFUSALS = [
  'not_found',
  'inactive',
  'not_started',
  'expired',
  'used_up',
  'already_used',
  'first_order',
  'not_for_these',
  'minimum',
] as const;
export type CouponRefusalReason = (typeof COUPON_REFUSALS)[number];

export type CouponVerdict =
  | {
      ok: true;
      discountPaise: number;
      /** Each line's share of the discount, in the lines' order (0 for lines it does not apply to). */
      shares: number[];
    }
  | { ok: false; reason: CouponRefusalReason; message: string; missingPaise?: number };

const rupeesText = (paise: number) =>
  `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

/** The refusal of a code that names no coupon. */
export const couponNotFound = (code: string, locale: Locale = 'en') => ({
  ok: false as const,
  reason: 'not_found' as const,
  message: couponRefusalText('not_found', normaliseCode(code), locale),
});

/** Whether a line is one a coupon is for: its seller's (a seller's coupon) and its categories. */
const couponCovers = (c: CouponTerms, l: CouponLine) =>
  (c.sellerId === null || c.sellerId === l.sellerId) &&
  (!c.categories ||
    c.categories.length === 0 ||
    c.categories.includes(l.category) ||
    c.categories.includes(l.subCategory));

/**
 * A coupon on a cart: refused with the reason a shopper can act on, or its discount shared over the
 * lines it applies to. The minimum is on those lines' value; a percent discount is rounded down to
 * the paisa and capped at `maxDiscountPaise`; a flat one never exceeds the lines' value.
 */
export function couponVerdict(
  c: CouponTerms,
  lines: readonly CouponLine[],
  shopper: CouponShopper,
  now: Date,
  locale: Locale = 'en',
): CouponVerdict {
  const no = (
    reason: CouponRefusalReason,
    extra: { date?: string; missingPaise?: number } = {},
  ): CouponVerdict => ({
    ok: false,
    reason,
    message: couponRefusalText(reason, c.code, locale, { ...extra, minPaise: c.minCartPaise }),
    ...(extra.missingPaise === undefined ? {} : { missingPaise: extra.missingPaise }),
  });
  if (!c.active) return no('inactive');
  if (c.startsAt && now < c.startsAt)
    return no('not_started', { date: c.startsAt.toISOString().slice(0, 10) });
  if (c.endsAt && now >= c.endsAt) return no('expired');
  if (c.usageLimit !== null && c.usedCount >= c.usageLimit) return no('used_up');
  if (c.perUserLimit !== null && shopper.usesByShopper >= c.perUserLimit) return no('already_used');
  if (c.firstOrderOnly && shopper.hasOrdered) return no('first_order');
  const covered = lines.map((l) => couponCovers(c, l));
  const eligiblePaise = lines.reduce((s, l, i) => s + (covered[i] ? l.amountPaise : 0), 0);
  if (eligiblePaise === 0) return no('not_for_these');
  if (eligiblePaise < c.minCartPaise) return no('minimum', { missingPaise: c.minCartPaise - eligiblePaise });
  let discountPaise = c.kind === 'percent' ? Math.floor((eligiblePaise * c.value) / 100) : c.value;
  if (c.maxDiscountPaise !== null) discountPaise = Math.min(discountPaise, c.maxDiscountPaise);
  discountPaise = Math.min(discountPaise, eligiblePaise);
  const shares = shareByWeight(
    discountPaise,
    lines.map((l, i) => ({ key: l.key, weight: covered[i] ? l.amountPaise : 0 })),
  );
  return { ok: true, discountPaise, shares };
}

/**
 * Why a coupon gives nothing, in the shopper's language (the cart shows it beside the code). The
 * server writes it: the reason's details (a date, the amount missing) are known only there.
 */
export function couponRefusalText(
  reason: CouponRefusalReason,
  code: string,
  locale: Locale,
  d: { date?: string; missingPaise?: number; minPaise?: number } = {},
): string {
  const missing = rupeesText(d.missingPaise ?? 0);
  const min = rupeesText(d.minPaise ?? 0);
  if (locale === 'hi') {
    switch (reason) {
      case 'not_found':
        return `"${code}" नाम का कोई कूपन नहीं है`;
      case 'inactive':
        return `${code} अब चालू नहीं है`;
      case 'not_started':
        return `${code} ${d.date} से इस्तेमाल किया जा सकता है`;
      case 'expired':
        return `${code} की अवधि समाप्त हो चुकी है`;
      case 'used_up':
        return `${code} का इस्तेमाल पूरा हो चुका है`;
      case 'already_used':
        return `आप ${code} पहले ही इस्तेमाल कर चुके हैं`;
      case 'first_order':
        return `${code} केवल आपके पहले ऑर्डर के लिए है`;
      case 'not_for_these':
        return `${code} आपके कार्ट के उत्पादों पर लागू नहीं होता`;
      case 'minimum':
        return `${code} इस्तेमाल करने के लिए ${missing} और जोड़ें (न्यूनतम ${min})`;
    }
  }
  switch (reason) {
    case 'not_found':
      return `There is no coupon "${code}"`;
    case 'inactive':
      return `${code} is no longer active`;
    case 'not_started':
      return `${code} can be used from ${d.date}`;
    case 'expired':
      return `${code} has expired`;
    case 'used_up':
      return `${code} has been used up`;
    case 'already_used':
      return `You have already used ${code}`;
    case 'first_order':
      return `${code} is for your first order only`;
    case 'not_for_these':
      return `${code} is not for the products in your cart`;
    case 'minimum':
      return `Add ${missing} more to use ${code} (minimum ${min})`;
  }
}

/**
 * Splits `total` paise over parts in proportion to their weights: each gets its share rounded
 * down, and the paise left go one each to the largest remainders (ties by key), so the parts add
 * up to `total` exactly. A part of weight 0 gets nothing.
 */
export function shareByWeight(total: number, parts: readonly { key: string; weight: number }[]): number[] {
  const sum = parts.reduce((s, p) => s + p.weight, 0);
  if (sum === 0) return parts.map(() => 0);
  const T = BigInt(total);
  const W = BigInt(sum);
  const exact = parts.map((p) => T * BigInt(p.weight));
  const shares = exact.map((e) => Number(e / W));
  let left = total - shares.reduce((s, n) => s + n, 0);
  const order = parts
    .map((p, i) => ({ i, rem: exact[i]! % W, key: p.key, weight: p.weight }))
    .filter((p) => p.weight > 0)
    .sort((a, b) => (a.rem > b.rem ? -1 : a.rem < b.rem ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

/** Coupon codes are case-insensitive: stored and compared upper-case. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

// ---------------------------------------------------------------------------------------------
// API shapes
// ---------------------------------------------------------------------------------------------

const isoTime = (label: string) =>
  textField(label)
    .trim()
    .refine(
      (v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v),
      `${label} must be an ISO date and time`,
    )
    .transform((v) => new Date(v));

const nameField = textField('Name')
  .trim()
  .min(1, 'Name is required')
  .max(120, 'Name must be at most 120 characters');

/** `POST /api/admin/sale-events`. */
export const saleEventInputSchema = z
  .object({
    name: nameField,
    startsAt: isoTime('startsAt'),
    endsAt: isoTime('endsAt'),
    earlyAccessAt: isoTime('earlyAccessAt').nullable().optional(),
  })
  .refine((e) => e.endsAt > e.startsAt, { message: 'endsAt must be after startsAt', path: ['endsAt'] })
  .refine((e) => !e.earlyAccessAt || e.earlyAccessAt < e.startsAt, {
    message: 'earlyAccessAt must be before startsAt',
    path: ['earlyAccessAt'],
  });
export type SaleEventInput = z.input<typeof saleEventInputSchema>;

/** `PATCH /api/admin/sale-events/{id}`: rename, move, or end now (`endNow: true`). */
export const saleEventPatchSchema = z.object({
  name: nameField.optional(),
  startsAt: isoTime('startsAt').optional(),
  endsAt: isoTime('endsAt').optional(),
  earlyAccessAt: isoTime('earlyAccessAt').nullable().optional(),
  endNow: z.literal(true).optional(),
});
export type SaleEventPatch = z.input<typeof saleEventPatchSchema>;

export const saleEventSchema = z.object({
  _id: z.string(),
  name: z.string(),
  startsAt: isoDateSchema,
  endsAt: isoDateSchema,
  earlyAccessAt: isoDateSchema.nullable(),
  /** `upcoming`, `early_access`, `running`, `ended` at the time of the answer. */
  status: z.enum(['upcoming', 'early_access', 'running', 'ended']),
  /** Sizes with a sale price in it (all sellers for the admin, the seller's own for a seller). */
  prices: z.int(),
});
export type SaleEvent = z.infer<typeof saleEventSchema>;

/** `PUT /api/seller/sale-events/{id}/prices`: the seller's sale prices (rupees); replaces its set. */
export const salePricesInputSchema = z.object({
  items: z
    .array(
      z.object({
        variantId: z.string().trim().uuid('variantId is not a valid id'),
        salePrice: rupees('salePrice'),
      }),
    )
    .max(2000, 'At most 2,000 prices at once'),
});
export type SalePricesInput = z.input<typeof salePricesInputSchema>;

export const sellerSalePriceSchema = z.object({
  variantId: z.string(),
  productId: z.string(),
  productName: z.string(),
  size: z.string(),
  color: z.string(),
  price: z.number(),
  mrp: z.number().nullable(),
  salePrice: z.number(),
});

const percentOrRupees = z.union([z.number(), textField('value').trim()]);

/** `POST /api/admin/coupons` and `POST /api/seller/coupons` (the seller's `fundedBy` is always seller). */
export const couponInputSchema = z
  .object({
    code: textField('code')
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,20}$/, 'code must be 3–20 letters, digits, - or _')
      .transform(normaliseCode),
    kind: z.enum(COUPON_KINDS, { error: 'kind must be percent or flat' }),
    value: percentOrRupees
      .transform(Number)
      .refine((v) => Number.isFinite(v) && v > 0, 'value must be more than 0'),
    minCartValue: rupees('minCartValue').optional().nullable(),
    maxDiscount: rupees('maxDiscount').optional().nullable(),
    startsAt: isoTime('startsAt').optional().nullable(),
    endsAt: isoTime('endsAt').optional().nullable(),
    usageLimit: z
      .int('usageLimit must be a whole number')
      .min(1, 'usageLimit must be at least 1')
      .optional()
      .nullable(),
    perUserLimit: z
      .int('perUserLimit must be a whole number')
      .min(1, 'perUserLimit must be at least 1')
      .optional()
      .nullable(),
    firstOrderOnly: z.boolean('firstOrderOnly must be true or false').optional(),
    categories: z
      .array(z.enum([...CATEGORIES, ...SUB_CATEGORIES], { error: 'categories has an unknown category' }))
      .max(50)
      .optional()
      .nullable(),
    fundedBy: z.enum(COUPON_FUNDERS, { error: 'fundedBy must be platform or seller' }).optional(),
  })
  .refine((c) => c.kind !== 'percent' || (Number.isInteger(c.value) && c.value <= 100), {
    message: 'A percent value must be a whole number from 1 to 100',
    path: ['value'],
  })
  .refine((c) => c.kind !== 'flat' || Math.abs(Math.round(c.value * 100) - c.value * 100) < 1e-6, {
    message: 'value can have at most 2 decimals',
    path: ['value'],
  })
  .refine((c) => !c.startsAt || !c.endsAt || c.endsAt > c.startsAt, {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  });
export type CouponInput = z.input<typeof couponInputSchema>;

export const couponPatchSchema = z.object({ active: z.boolean('active must be true or false') });

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Percent for `percent`, rupees for `flat`. */
  value: z.number(),
  minCartValue: z.number(),
  maxDiscount: z.number().nullable(),
  startsAt: isoDateSchema.nullable(),
  endsAt: isoDateSchema.nullable(),
  usageLimit: z.int().nullable(),
  perUserLimit: z.int().nullable(),
  firstOrderOnly: z.boolean(),
  categories: z.array(z.string()),
  fundedBy: z.enum(COUPON_FUNDERS),
  sellerId: z.string().nullable(),
  active: z.boolean(),
  used: z.int(),
});
export type Coupon = z.infer<typeof couponSchema>;

/** `POST /api/user/cart/coupon`. */
export const applyCouponSchema = z.object({
  code: textField('code')
    .trim()
    .min(1, 'Enter a coupon code')
    .max(40, 'code is too long')
    .transform(normaliseCode),
});

/** The coupon on a cart (rupees), or why it no longer applies. */
export const cartCouponSchema = z.object({
  code: z.string(),
  discount: z.number(),
  fundedBy: z.enum(COUPON_FUNDERS),
  /** Why the coupon gives nothing on the cart as it is now (null while it applies). */
  message: z.string().nullable(),
});
export type CartCoupon = z.infer<typeof cartCouponSchema>;

/** One offer a shopper can use on this cart (`GET /api/user/cart/offers`), best saving first. */
export const cartOfferSchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  minCartValue: z.number(),
  maxDiscount: z.number().nullable(),
  discount: z.number(),
  description: z.string(),
});
export type CartOffer = z.infer<typeof cartOfferSchema>;

/** A short text for a coupon: "10% off up to Rs. 300 above Rs. 1,499" (in the shopper's language). */
export function describeCoupon(
  c: Pick<CouponTerms, 'kind' | 'value' | 'maxDiscountPaise' | 'minCartPaise'>,
  locale: Locale = 'en',
) {
  const value = c.kind === 'percent' ? `${c.value}%` : rupeesText(c.value);
  const capped = c.kind === 'percent' && c.maxDiscountPaise !== null;
  if (locale === 'hi') {
    const cap = capped ? `, अधिकतम ${rupeesText(c.maxDiscountPaise!)}` : '';
    const min = c.minCartPaise > 0 ? `, ${rupeesText(c.minCartPaise)} से ऊपर` : '';
    return `${value} की छूट${cap}${min}`;
  }
  const cap = capped ? ` up to ${rupeesText(c.maxDiscountPaise!)}` : '';
  const min = c.minCartPaise > 0 ? ` above ${rupeesText(c.minCartPaise)}` : '';
  return `${value} off${cap}${min}`;
}

// ---------------------------------------------------------------------------------------------
// A cart or an order, priced
// ---------------------------------------------------------------------------------------------

/** A line to price: its size (with its sale prices), how many, and what a coupon looks at. */
export interface LineToPrice {
  key: string;
  quantity: number;
  variant: { pricePaise: number; sales?: readonly SaleOffer[] | null };
  sellerId: string;
  category: string;
  subCategory: string;
}

/** A coupon on a cart, with what it is checked against about the shopper. */
export interface CouponOnCart {
  terms: CouponTerms;
  shopper: CouponShopper;
}

export interface PricedLine {
  /** What one piece costs the shopper now: the open sale price, else the size's price. */
  unitPaise: number;
  regularPaise: number;
  sale: SaleOffer | undefined;
  /** The line's share of the coupon's discount (0 without one, or when it does not apply). */
  discountPaise: number;
}

/**
 * The one pricing of a cart, used by the cart's answer and by both checkouts: each line at the price
 * the shopper pays now (`priceOf`), then the coupon on those prices (`couponVerdict`). The tax
 * follows from these (contracts/src/tax.ts `taxLines` with each line's discount).
 */
export function priceCart(
  lines: readonly LineToPrice[],
  view: PriceView,
  coupon: CouponOnCart | null,
  /** The language of a refusal's message. */
  locale: Locale = 'en',
): { lines: PricedLine[]; coupon: CouponVerdict | null } {
  const priced = lines.map((l) => {
    const p = priceOf(l.variant, view);
    return { unitPaise: p.pricePaise, regularPaise: p.regularPaise, sale: p.sale, discountPaise: 0 };
  });
  if (!coupon) return { lines: priced, coupon: null };
  const verdict = couponVerdict(
    coupon.terms,
    lines.map((l, i) => ({
      key: l.key,
      amountPaise: priced[i]!.unitPaise * l.quantity,
      sellerId: l.sellerId,
      category: l.category,
      subCategory: l.subCategory,
    })),
    coupon.shopper,
    view.now,
    locale,
  );
  if (verdict.ok) for (const [i, share] of verdict.shares.entries()) priced[i]!.discountPaise = share;
  return { lines: priced, coupon: verdict };
}

/** Answer of `GET /api/user/cart/offers`. */
export const cartOffersAnswerSchema = z.object({
  success: z.literal(true),
  offers: z.array(cartOfferSchema),
});
export type CartOffersAnswer = z.infer<typeof cartOffersAnswerSchema>;

/** `GET /api/offers/best?productId=&variantId=`: the best coupon on one piece, for the product page. */
export const bestOfferQuerySchema = z.object({
  productId: textField('productId').trim().uuid('productId is not a valid id'),
  variantId: textField('variantId').trim().uuid('variantId is not a valid id').optional(),
});

/** The best offer on one piece: `price` is what it comes to with the coupon (rupees). */
export const bestOfferAnswerSchema = z.object({
  success: z.literal(true),
  offer: cartOfferSchema.extend({ price: z.number() }).nullable(),
});
export type BestOfferAnswer = z.infer<typeof bestOfferAnswerSchema>;
