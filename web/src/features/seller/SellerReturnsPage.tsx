import { ReturnsList } from '../../components/ReturnsList.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { SellerOnly } from './session.tsx';
import './seller.css';

/**
 * /seller-returns: returns of the seller's items, the ones to decide first. Approve (with the
 * pickup), reject with a reason, and mark the parcel received in good condition or not; the shop
 * restocks, refunds or ships the exchange when it is received.
 */
export default function SellerReturnsPage() {
  const i18n = useI18n();
  return (
    <SellerOnly>
      <ReturnsList as="seller" empty={<p className="card center">{i18n._('No returns here.')}</p>} />
    </SellerOnly>
  );
}
