import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/auth.ts';

/**
 * Seller-centre screens need a seller login; anyone else gets a way to log in instead of a
 * failed request (the server refuses them anyway).
 */
export function SellerOnly({ children }: { children: ReactNode }) {
  const { role } = useSession();
  if (role === 'seller') return children;
  return (
    <section className="page narrow center">
      <h1>Seller centre</h1>
      <p>Please log in with your seller account to continue.</p>
      <Link to="/seller-login" className="btn btn-primary">
        Seller login
      </Link>
    </section>
  );
}
