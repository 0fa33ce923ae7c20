import type { SaleEvent } from '@vastra/contracts';
import { QueryState } from '../../components/QueryState.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { Link } from '../../lib/router.tsx';
import { useSaleEvents } from '../offers/api.ts';
import { SaleEventsTable } from '../offers/SaleEventsTable.tsx';
import { SellerOnly } from './session.tsx';
import './seller.css';
import '../offers/offers.css';

/** /seller-sales: the shop's sale events; each opens the grid of the seller's sale prices in it. */
export default function SellerSalesPage() {
  return (
    <SellerOnly>
      <SaleEvents />
    </SellerOnly>
  );
}

function SaleEvents() {
  const i18n = useI18n();
  const events = useSaleEvents('seller');
  const label = (e: SaleEvent) => (e.status === 'ended' ? i18n._('View prices') : i18n._('Set sale prices'));
  return (
    <section className="page seller-page">
      <div className="page-head">
        <h1>{i18n._('Sale events')}</h1>
        <Link to="/seller-coupons" className="btn btn-sm">
          {i18n._('My coupons')}
        </Link>
      </div>
      <p className="muted">
        {i18n._('Vastra runs the sales; you choose which of your sizes are in each one, and at what price.')}
      </p>
      <QueryState
        query={events}
        loading={i18n._('Loading sale events')}
        isEmpty={(list) => list.length === 0}
        empty={<p className="card center">{i18n._('No sale events yet.')}</p>}
      >
        {(list) => (
          <SaleEventsTable
            events={list}
            pricesLabel={/*i18n*/ 'Your sizes in it'}
            action={(e) => (
              <Link
                to={`/seller-sales/${e._id}`}
                className="btn btn-sm btn-primary"
                // The visible label first, so speech control finds it; then which sale.
                aria-label={`${label(e)}, ${e.name}`}
              >
                {label(e)}
              </Link>
            )}
          />
        )}
      </QueryState>
    </section>
  );
}
