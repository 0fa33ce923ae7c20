import type { ReactNode } from 'react';
import { useSession } from '../../lib/auth.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { Link } from '../../lib/router.tsx';

/**
 * Seller-centre screens need a seller login; anyone else gets a way to log in instead of a
 * failed request (the server refuses them anyway).
 */
export function SellerOnly({ children }: { children: ReactNode }) {
  const i18n = useI18n();
  const { role } = useSession();
  if (role === 'seller') return children;
  return (
    <section className="page narrow center">
      <h1>{i18n._('Seller centre')}</h1>
      <p>{i18n._('Please log in with your seller account to continue.')}</p>
      <Link to="/seller-login" className="btn btn-primary">
        {i18n._('Seller login')}
      </Link>
    </section>
  );
}
