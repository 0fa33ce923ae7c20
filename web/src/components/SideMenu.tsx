import { useEffect, useRef } from 'react';
import { useSession } from '../lib/auth.ts';
import { useI18n } from '../lib/i18n.tsx';
import { useSellerReturnsToAct } from '../lib/return-counts.ts';
import { Link, useLocation } from '../lib/router.tsx';
import { CloseIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';
import { menuFor } from './nav.ts';
import { SearchForm } from './SearchForm.tsx';
import { useLogout } from './useLogout.ts';

/**
 * Off-canvas menu (SPEC §2 "Navigation"). A modal <dialog> gives focus trapping, Escape to close
 * and an inert page behind it for free.
 */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const i18n = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const session = useSession();
  const signOut = useLogout();
  const location = useLocation();
  const returnsToAct = useSellerReturnsToAct(open && session.role === 'seller');

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close();
  }, [open]);

  // Following a link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    onClose();
  }, [location.key]);

  const logout = () => {
    onClose();
    signOut();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse convenience; Escape (native) and the Close button cover keyboards
    <dialog
      ref={ref}
      className="side-menu"
      aria-label={i18n._('Main menu')}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself) closes the menu.
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="side-menu-panel">
        <div className="side-menu-top">
          <Link to="/home-page" aria-label={i18n._('Vastra home')}>
            <Logo />
          </Link>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={i18n._('Close menu')}>
            <CloseIcon />
          </button>
        </div>
        <p className="side-menu-who">
          {session.role === 'visitor'
            ? i18n._('Hello, Guest')
            : i18n._('Hello, {name}', { name: session.name || i18n._('there') })}
        </p>
        <SearchForm id="menu-search" className="menu-search" onDone={onClose} />
        <nav aria-label={i18n._('Site')}>
          {menuFor(session.role).map((g) => (
            <div className="side-menu-group" key={g.title}>
              <h2>{i18n._(g.title)}</h2>
              <ul>
                {g.links.map((l) => (
                  <li key={l.to + l.label}>
                    <Link to={l.to}>
                      {i18n._(l.label)}
                      {l.to === '/seller-returns' && returnsToAct > 0 && (
                        <span className="badge menu-badge">
                          {returnsToAct}
                          <span className="visually-hidden"> {i18n._('waiting for you')}</span>
                        </span>
                      )}
                    </Link>
                  </li>
                ))}
                {g.title === 'Account' && session.role !== 'visitor' && (
                  <li>
                    <button type="button" className="link-btn" onClick={logout}>
                      {i18n._('Logout')}
                    </button>
                  </li>
                )}
              </ul>
            </div>
          ))}
        </nav>
      </div>
    </dialog>
  );
}
