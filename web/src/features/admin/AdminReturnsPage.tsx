import { ReturnsList } from '../../components/ReturnsList.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { AdminLoadError, AdminOnly } from './AdminOnly.tsx';
import './admin.css';

/**
 * /dashboard/returns: every return, newest first, by state. The admin decides requests sellers
 * left past RETURN_DECISION_DAYS, overrules rejections, refunds, and records COD refunds paid.
 */
export default function AdminReturnsPage() {
  const i18n = useI18n();
  return (
    <AdminOnly>
      <ReturnsList
        as="admin"
        LoadError={AdminLoadError}
        empty={<p className="card center">{i18n._('No returns here.')}</p>}
      />
    </AdminOnly>
  );
}
