import { formatRupees } from '../../lib/format.ts';
import type { AuditEntry } from './money-api.ts';

/** How the audit log reads each admin action the server records. */
const ACTIONS: Record<string, string> = {
  payout: /*i18n*/ 'Payout recorded',
  commissions: /*i18n*/ 'Commission rates changed',
  'user.suspend': /*i18n*/ 'Shopper suspended',
  'user.reinstate': /*i18n*/ 'Shopper reinstated',
  'user.cod_hold_lift': /*i18n*/ 'COD hold lifted',
  'seller.suspend': /*i18n*/ 'Seller suspended',
  'seller.reinstate': /*i18n*/ 'Seller reinstated',
  'product.hide': /*i18n*/ 'Product hidden',
  'product.remove': /*i18n*/ 'Product removed',
  'order_item.cancel': /*i18n*/ 'Order item cancelled',
};

/** An action the log names; one added on the server later reads as its code until named here. */
export const actionLabel = (action: string) => ACTIONS[action] ?? action;

const TARGETS: Record<string, string> = {
  user: /*i18n*/ 'Shopper',
  seller: /*i18n*/ 'Seller',
  product: /*i18n*/ 'Product',
  order_item: /*i18n*/ 'Order item',
  commissions: /*i18n*/ 'Commission rates',
};
export const targetLabel = (kind: string) => TARGETS[kind] ?? kind;

type Line = { label: string; value: string };

interface RateChange {
  scope?: unknown;
  key?: unknown;
  percent?: unknown;
}

/** A commission change: 'Mens: 12%', 'Seller 1a2b3c4d: default again'. */
function rateLine(c: RateChange): Line {
  const key = String(c.key ?? '');
  return {
    label: c.scope === 'seller' ? `Seller ${key.slice(0, 8)}` : key,
    value: typeof c.percent === 'number' ? `${c.percent}%` : 'default again',
  };
}

/** What an action changed, as lines to show (amounts in rupees, rate changes one per line). */
export function detailLines(entry: Pick<AuditEntry, 'detail'>): Line[] {
  const detail = entry.detail ?? {};
  return Object.entries(detail).flatMap(([key, value]): Line[] => {
    if (key === 'changes' && Array.isArray(value)) return value.map((c) => rateLine(c as RateChange));
    if (key === 'amount' && typeof value === 'number')
      return [{ label: 'amount', value: formatRupees(value) }];
    if (value === null || value === undefined) return [];
    return [{ label: key, value: typeof value === 'object' ? JSON.stringify(value) : String(value) }];
  });
}

const when = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** '24 Nov 2026, 03:30 pm' in India's time. */
export function formatWhen(date: string): string {
  const d = new Date(date);
  return Number.isNaN(d.getTime()) ? '' : when.format(d);
}
