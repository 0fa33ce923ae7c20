import type { I18n } from '@lingui/core';
import type { CartOffer } from '@vastra/contracts';
import { formatRupees } from './format.ts';

/**
 * A coupon's terms in the shopper's language ("10% off · up to Rs. 300 · above Rs. 1,499"): the
 * server's `description` is English only.
 */
export function offerText(
  i18n: I18n,
  o: Pick<CartOffer, 'kind' | 'value' | 'maxDiscount' | 'minCartValue'>,
): string {
  const rs = (n: number) => formatRupees(n, i18n.locale);
  const parts = [
    o.kind === 'percent'
      ? i18n._('{percent}% off', { percent: o.value })
      : i18n._('{amount} off', { amount: rs(o.value) }),
  ];
  if (o.kind === 'percent' && o.maxDiscount != null)
    parts.push(i18n._('up to {amount}', { amount: rs(o.maxDiscount) }));
  if (o.minCartValue > 0) parts.push(i18n._('above {amount}', { amount: rs(o.minCartValue) }));
  return parts.join(' · ');
}
