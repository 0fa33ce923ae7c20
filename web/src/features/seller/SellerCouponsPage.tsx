import { useI18n } from '../../lib/i18n.tsx';
import { Link } from '../../lib/router.tsx';
import { CouponsManager } from '../offers/CouponsManager.tsx';
import { SellerOnly } from './session.tsx';
import './seller.css';

/** /seller-coupons: the seller's own coupons, for its products and paid for by it. */
export default function SellerCouponsPage() {
  const i18n = useI18n();
  return (
    <SellerOnly>
      <section className="page seller-page">
        <div className="page-head">
          <h1>{i18n._('My coupons')}</h1>
          <Link to="/seller-sales" className="btn btn-sm">
            {i18n._('Sale events')}
          </Link>
        </div>
        <p className="muted">
          {i18n._('Your coupons take money off your products only; the discount is yours to give.')}
        </p>
        <CouponsManager as="seller" />
      </section>
    </SellerOnly>
  );
}
