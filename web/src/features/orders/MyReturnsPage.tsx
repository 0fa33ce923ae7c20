import { ReturnsList } from '../../components/ReturnsList.tsx';
import { useSession } from '../../lib/auth.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Link, Navigate } from '../../lib/router.tsx';

/**
 * /my-returns: the shopper's returns and exchanges, newest first, each with where it stands: the
 * seller's decision and its date, the pickup, the refund (and where a COD refund is paid), the
 * exchange on its way, and the credit note once issued.
 */
export default function MyReturnsPage() {
  const i18n = useI18n();
  const { role } = useSession();
  if (role !== 'user') return <Navigate to="/login" replace />;
  return (
    <ReturnsList
      as="user"
      empty={
        <div className="empty">
          <p>{i18n._('No returns yet. A delivered item can be returned or exchanged from My Orders.')}</p>
          <Link to="/my-orders" className="btn btn-primary">
            {i18n._('My Orders')}
          </Link>
        </div>
      }
    />
  );
}
