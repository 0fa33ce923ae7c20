import { type ReactNode, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../lib/auth.ts';

/**
 * SPEC §2: /seller-login and /seller-register send a logged-in user to /allProducts and a
 * logged-in seller to /seller-addProduct.
 */
export function useRedirectIfSignedIn() {
  const { role } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (role === 'user') navigate('/allProducts', { replace: true });
    else if (role === 'seller') navigate('/seller-addProduct', { replace: true });
  }, [role, navigate]);
}

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
