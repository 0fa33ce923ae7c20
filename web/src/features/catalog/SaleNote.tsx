import type { ProductSale } from '@vastra/contracts';
import { SaleBadge } from '../../components/SaleBadge.tsx';
import { INTL_LOCALE, localeOf, useI18n } from '../../lib/i18n.tsx';

/** '23 Nov, 10:00 am' in the shop's time zone, in the shopper's language. */
export function formatSaleTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
}

/**
 * The product page's sale: its badge (name, time left) and, when the shopper sees it before it
 * opens to everyone (early access for signed-in shoppers), when that is.
 */
export function SaleNote({ sale }: { sale: ProductSale | null }) {
  const i18n = useI18n();
  if (!sale) return null;
  return (
    <div className="sale-note">
      <SaleBadge sale={sale} />
      {sale.earlyAccess && (
        <p className="early-access" data-testid="early-access">
          {i18n._('Early access for you: the sale opens to all on {when}', {
            when: formatSaleTime(sale.startsAt, INTL_LOCALE[localeOf(i18n)]),
          })}
        </p>
      )}
    </div>
  );
}
