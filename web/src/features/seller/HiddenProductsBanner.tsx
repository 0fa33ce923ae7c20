import { Link } from 'react-router';
import { useSellerProfile } from './api.ts';

/** Where the profile's GST registration is: the banner's link goes straight to its form. */
export const GST_SECTION = 'gst';

/**
 * Shown on the seller's screens while they may not publish (`india` GST mode without a GSTIN):
 * saved products stay hidden from shoppers, and this says why and where to fix it.
 */
export function HiddenProductsBanner() {
  const profile = useSellerProfile();
  if (!profile.data || profile.data.canPublish) return null;
  return (
    <div className="gst-banner" role="status">
      <p className="gst-banner-text">
        <strong>Your products are hidden from shoppers until you add your GSTIN.</strong>
      </p>
      <Link to={`/seller-profile#${GST_SECTION}`} className="btn btn-sm">
        Add your GSTIN
      </Link>
    </div>
  );
}
