import { useI18n } from '../../lib/i18n.tsx';
import { Link } from '../../lib/router.tsx';
import { CouponsManager } from '../offers/CouponsManager.tsx';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import './admin.css';

/** /dashboard/coupons: the platform's coupons (and sellers'), create one, switch one off or on. */
export default function AdminCouponsPage() {
  const i18n = useI18n();
  return (
    <AdminOnly>
      <section className="page admin-page">
        <nav aria-label={i18n._('Breadcrumb')} className="muted admin-crumbs">
          <Link to="/dashboard">{i18n._('Dashboard')}</Link> / {i18n._('Coupons')}
        </nav>
        <div className="page-head">
          <h1>{i18n._('Coupons')}</h1>
          <Link to="/dashboard/sale-events" className="btn btn-sm">
            {i18n._('Sale events')}
          </Link>
        </div>
        <CouponsManager as="admin" LoadError={AdminLoadError} />
      </section>
    </AdminOnly>
  );
}
