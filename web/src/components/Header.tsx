import { useSession } from '../lib/auth.ts';
import { useCartPieces } from '../lib/cart.ts';
import { useI18n } from '../lib/i18n.tsx';
import { Link } from '../lib/router.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { CategoryBar } from './CategoryBar.tsx';
import { CartIcon, MenuIcon } from './icons.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { SearchForm } from './SearchForm.tsx';

/**
 * Top bar on every page: menu button, logo, search, language, account menu and cart with its piece
 * count; on wide screens the category bar below it (issue 21).
 */
export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const i18n = useI18n();
  const { role } = useSession();
  const pieces = useCartPieces();
  const showCart = role === 'user' || role === 'visitor';
  return (
    <header className="site-header">
      <div className="header-inner">
        <button type="button" className="icon-btn" onClick={onOpenMenu} aria-label={i18n._('Open menu')}>
          <MenuIcon />
        </button>
        <Link to="/home-page" className="header-logo" aria-label={i18n._('Vastra home')}>
          <Logo />
        </Link>
        <SearchForm className="header-search" id="header-search" />
        <div className="header-actions">
          <LanguageSwitch />
          <AccountMenu />
          {showCart && (
            <Link
              to="/cart-page"
              className="header-cart"
              aria-label={i18n._('Cart, {pieces} items', { pieces })}
              data-testid="header-cart"
            >
              <CartIcon />
              <span className="header-cart-label">{i18n._('Cart')}</span>
              {/* The count is drawn by CSS (attr), so the visible text is "Cart", which the accessible
                  name "Cart, 2 items" contains (speech control; axe's label-content-name-mismatch). */}
              {pieces > 0 && <span className="badge" data-count={pieces} aria-hidden="true" />}
            </Link>
          )}
        </div>
      </div>
      <CategoryBar />
    </header>
  );
}
