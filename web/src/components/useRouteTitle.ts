import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useI18n } from '../lib/i18n.tsx';

export const SHOP_TITLE = /*i18n*/ 'Vastra · Your One-Stop Online Shop';

/**
 * Route `handle.title` of the deepest match: a string, `null` when the screen sets its own title
 * (the product page names the product), or absent for the shop's default title.
 */
export interface RouteHandle {
  title?: string | null;
}

/**
 * Gives every screen its own document title and, after a client-side navigation, moves focus to the
 * main content so keyboard and screen-reader users start at the new page instead of a stale link.
 */
export function useRouteTitleAndFocus() {
  const i18n = useI18n();
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const title = handle?.title;
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
