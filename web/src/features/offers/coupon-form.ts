import type { CouponInput } from '@vastra/contracts';
import type { OffersRole } from './api.ts';

/** What the coupon form holds: text as typed, the choices as picked. */
export interface CouponFormValues {
  code: string;
  kind: 'percent' | 'flat';
  value: string;
  minCartValue: string;
  maxDiscount: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perUserLimit: string;
  firstOrderOnly: boolean;
  categories: string[];
  fundedBy: 'platform' | 'seller';
}

export type CouponField = Exclude<keyof CouponFormValues, 'firstOrderOnly'>;

export const EMPTY_COUPON: CouponFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  minCartValue: '',
  maxDiscount: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perUserLimit: '',
  firstOrderOnly: false,
  categories: [],
  fundedBy: 'platform',
};

/** A `datetime-local` value (the browser's time zone) as an ISO instant; '' stays unset. */
export function isoOfLocal(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

const WHOLE = /^\d+$/;

/**
 * What the form can tell before sending: a code, a value, whole numbers where the server wants
 * them. The rest (ranges, dates, the code's letters) is the server's to say, beside the field.
 */
export function couponFormErrors(v: CouponFormValues): Partial<Record<CouponField, string>> {
  const errors: Partial<Record<CouponField, string>> = {};
  if (!v.code.trim()) errors.code = /*i18n*/ 'Enter a code';
  if (!v.value.trim()) errors.value = /*i18n*/ 'Enter how much it takes off';
  for (const f of ['usageLimit', 'perUserLimit'] as const)
    if (v[f].trim() && !WHOLE.test(v[f].trim())) errors[f] = /*i18n*/ 'Enter a whole number';
  return errors;
}

/** The `POST /api/{admin|seller}/coupons` body: empty fields unset; a seller's coupon is its own to fund. */
export function couponInputOf(v: CouponFormValues, as: OffersRole): CouponInput {
  const text = (s: string) => (s.trim() ? s.trim() : null);
  const whole = (s: string) => (s.trim() ? Number(s.trim()) : null);
  return {
    code: v.code.trim(),
    kind: v.kind,
    value: v.value.trim(),
    minCartValue: text(v.minCartValue),
    maxDiscount: v.kind === 'percent' ? text(v.maxDiscount) : null,
    startsAt: isoOfLocal(v.startsAt),
    endsAt: isoOfLocal(v.endsAt),
    usageLimit: whole(v.usageLimit),
    perUserLimit: whole(v.perUserLimit),
    firstOrderOnly: v.firstOrderOnly,
    categories: v.categories.length ? (v.categories as CouponInput['categories']) : null,
    ...(as === 'admin' ? { fundedBy: v.fundedBy } : {}),
  };
}
