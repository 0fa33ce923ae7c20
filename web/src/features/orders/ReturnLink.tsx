import type { OrderLine } from '@vastra/contracts';
import { returnWindowEnd } from '@vastra/contracts/constants';
import { formatDay } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Link } from '../../lib/router.tsx';
import { useSiteInfo } from '../../lib/site.ts';

/**
 * "Return or exchange" on a delivered item while its return window is open, with the day it
 * closes (the window the server enforces: RETURN_WINDOW_DAYS, from GET /api/site); after that, the
 * day it closed.
 */
export function ReturnLink({ line }: { line: OrderLine }) {
  const i18n = useI18n();
  const site = useSiteInfo();
  if (line.status !== 'delivered' || !line.deliveredAt || !site.data) return null;
  const ends = returnWindowEnd(line.deliveredAt, site.data.returnWindowDays);
  const name = line.product[0]?.productName ?? 'this item';
  if (Date.now() > ends.getTime()) {
    return (
      <p className="muted return-window" data-testid="return-window">
        {i18n._('Return window closed on')} {formatDay(ends.toISOString(), i18n.locale)}
      </p>
    );
  }
  return (
    <div className="return-link">
      <Link
        to={`/orders/${line.orderId}/return/${line._id}`}
        className="btn btn-sm"
        aria-label={`${i18n._('Return or exchange')} ${name}`}
      >
        {i18n._('Return or exchange')}
      </Link>
      <span className="muted return-window" data-testid="return-window">
        {i18n._('by')} {formatDay(ends.toISOString(), i18n.locale)}
      </span>
    </div>
  );
}
