import { useState } from 'react';
import { currentSession } from './auth.ts';
import { Navigate } from './router.tsx';

/**
 * SPEC §2: /register, /login, /seller-login and /seller-register send a logged-in user to
 * /allProducts and a logged-in seller to /seller-addProduct "on load". Only the session at mount
 * counts, so logging in on the page itself leaves the redirect to the page's own success handler.
 */
export function RedirectIfLoggedIn() {
  const [role] = useState(() => currentSession().role);
  if (role === 'user') return <Navigate to="/allProducts" replace />;
  if (role === 'seller') return <Navigate to="/seller-addProduct" replace />;
  return null;
}
