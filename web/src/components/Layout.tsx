import { useCallback, useState } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { Outlet, useNavigation } from '../lib/router.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SideMenu } from './SideMenu.tsx';
import { Toasts } from './Toasts.tsx';
import { useRouteTitleAndFocus } from './useRouteTitle.ts';

/** Shell of every page: header, off-canvas menu, toasts (5 s, top-right), content, footer. */
export function Layout() {
  const i18n = useI18n();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const navigation = useNavigation();
  useRouteTitleAndFocus();
  return (
    <>
      <a href="#main" className="skip-link">
        {i18n._('Skip to content')}
      </a>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={i18n._('Loading page')} />
      )}
      <Header onOpenMenu={() => setMenuOpen(true)} />
      <SideMenu open={menuOpen} onClose={closeMenu} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <Toasts />
    </>
  );
}
