import { useEffect, useRef } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { useLocation, useScreenRoute } from '../lib/router.tsx';

export const SHOP_TITLE = /*i18n*/ 'Vastra · Your One-Stop Online Shop';

/**
 * Gives every screen its own document title and, after a client-side navigation, moves focus to the
 * main content so keyboard and screen-reader users start at the new page instead of a stale link.
 */
export function useRouteTitleAndFocus() {
  const i18n = useI18n();
  const { pathname } = useLocation();
  // The route's title: a string, null when the screen sets its own (a product's name), or absent.
  const title = useScreenRoute()?.title;
  const first = useRef(true);
  const text = title ? `${i18n._(title)} · Vastra` : i18n._(SHOP_TITLE);

  useEffect(() => {
    if (title === null) return;
    document.title = text;
  }, [title, text]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page (pathname) changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
