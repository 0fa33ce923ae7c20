import { Link } from 'react-router';
import { useSession } from '../lib/auth.ts';
import { useCartPieces } from '../lib/cart.ts';
import { CartIcon, MenuIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';
import { SearchForm } from './SearchForm.tsx';

/** Top bar on every page: menu button, logo, search, cart with its piece count. */
export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { role } = useSession();
  const pieces = useCartPieces();
  const showCart = role === 'user' || role === 'visitor';
  return (
    <header className="site-header">
      <div className="header-inner">
        <button type="button" className="icon-btn" onClick={onOpenMenu} aria-label="Open menu">
          <MenuIcon />
        </button>
        <Link to="/home-page" className="header-logo" aria-label="Vastra home">
          <Logo />
        </Link>
        <SearchForm className="header-search" id="header-search" />
        {showCart && (
          <Link to="/cart-page" className="header-cart" aria-label={`Cart, ${pieces} items`}>
            <CartIcon />
            <span className="header-cart-label">Cart</span>
            {pieces > 0 && <span className="badge">{pieces}</span>}
          </Link>
        )}
      </div>
    </header>
  );
}
