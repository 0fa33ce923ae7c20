/**
 * `@vastra/contracts/constants`: the contract's labels and limits without zod. The web app imports
 * from here (the package root also carries the zod schemas, which would add zod to its bundle);
 * nothing in this entry may import zod or a module that does.
 */

export * from './amount-in-words.ts';
export * from './catalog-constants.ts';
export * from './couriers.ts';
export * from './dashboard-days.ts';
export * from './delivery-rules.ts';
export * from './form-rules.ts';
export * from './gst-rates.ts';
export * from './gstin.ts';
export * from './india.ts';
export * from './order-number.ts';
export * from './product-url.ts';
export * from './return-rules.ts';
export * from './shipment-rules.ts';
export * from './sizes.ts';
export * from './statuses.ts';
export * from './tax.ts';
export * from './tax-constants.ts';
export * from './totals.ts';

/** Coupons (offers.ts): a percent or a flat amount off, borne by the platform or by the seller. */
export const COUPON_KINDS = ['percent', 'flat'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_FUNDERS = ['platform', 'seller'] as const;
export type CouponFunder = (typeof COUPON_FUNDERS)[number];
export * from './phone-rules.ts';
