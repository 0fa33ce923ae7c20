import { useEffect, useId, useRef, useState } from 'react';
import { useSession } from '../lib/auth.ts';
import { useI18n } from '../lib/i18n.tsx';
import { Link, useLocation } from '../lib/router.tsx';
import { UserIcon } from './icons.tsx';
import { accountLinks } from './nav.ts';
import { useLogout } from './useLogout.ts';

/**
 * The header's account menu on wide screens: a visitor gets Login; whoever is signed in gets their
 * account links (profile, orders, wishlist…) and Logout, as in the side menu.
 */
export function AccountMenu() {
  const i18n = useI18n();
  const session = useSession();
  const logout = useLogout();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation only
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('focusin', away);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('focusin', away);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (session.role === 'visitor') {
    return (
      <Link to="/login" className="header-account header-link">
        <UserIcon />
        <span>{i18n._('Login')}</span>
      </Link>
    );
  }
  return (
    <div className="header-account account-menu" ref={ref}>
      <button
        type="button"
        className="header-link"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <UserIcon />
        <span>{i18n._('Account')}</span>
      </button>
      {open && (
        <div className="account-panel" id={panelId}>
          <p className="account-who">{session.name || i18n._('there')}</p>
          <ul>
            {accountLinks(session.role).map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{i18n._(l.label)}</Link>
              </li>
            ))}
            <li>
              <button type="button" className="link-btn" onClick={logout}>
                {i18n._('Logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
