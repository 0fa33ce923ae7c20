import type { ProductSale } from '@vastra/contracts';
import { useI18n } from '../lib/i18n.tsx';
import { timeLeft, useMinute } from '../lib/time-left.ts';

/**
 * A sale open on a product: its event's name and the time left ("Ends in 5h 12m"); nothing once it
 * has ended (the price shown may be a minute old). The countdown is the browser's, so it may
 * differ from the server's render by a minute: React is told not to mind.
 */
export function SaleBadge({ sale }: { sale: ProductSale | null | undefined }) {
  const i18n = useI18n();
  const now = useMinute();
  const left = sale && timeLeft(sale.endsAt, now);
  if (!sale || !left) return null;
  const { d, h, m } = left;
  const ends = d
    ? i18n._('Ends in {d}d {h}h', { d, h })
    : h
      ? i18n._('Ends in {h}h {m}m', { h, m })
      : i18n._('Ends in {m}m', { m });
  return (
    <p className="sale-badge" data-testid="sale-badge">
      <span className="sale-name">
        {sale.earlyAccess && `${i18n._('Early access')} · `}
        {sale.name}
      </span>{' '}
      <span className="sale-ends" suppressHydrationWarning>
        {ends}
      </span>
    </p>
  );
}
