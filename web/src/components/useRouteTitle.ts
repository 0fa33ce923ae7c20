import type { I18n } from '@lingui/core';
import { useEffect, useRef } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { useLocation, useScreenRoute } from '../lib/router.tsx';

export const SHOP_TITLE = /*i18n*/ 'Vastra · Your One-Stop Online Shop';

/** The page number a URL's query asks for (`?page=2`), 1 when none or not a page number. */
export function pageOf(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * The document title for a route's title, in the interface's language: '{title} · Vastra' (with
 * '· Page N' past the first page, as the server's English head has it), the shop's own title when
 * the route has none, undefined when the screen names itself (a product). The server's render gives
 * it to the page's head too (entry-server.tsx).
 */
export function documentTitle(
  i18n: Pick<I18n, '_'>,
  title: string | null | undefined,
  page = 1,
): string | undefined {
  if (title === null) return undefined;
  if (!title) return i18n._(SHOP_TITLE);
  const paged = page > 1 ? ` · ${i18n._('Page {page}', { page })}` : '';
  return `${i18n._(title)}${paged} · Vastra`;
}

/**
 * Gives every screen its own document title and, after a client-side navigation, moves focus to the
 * main content so keyboard and screen-reader users start at the new page instead of a stale link.
 */
export function useRouteTitleAndFocus() {
  const i18n = useI18n();
  const { pathname, search } = useLocation();
  // The route's title: a string, null when the screen sets its own (a product's name), or absent.
  const title = useScreenRoute()?.title;
  const first = useRef(true);
  const text = documentTitle(i18n, title, pageOf(search));

  useEffect(() => {
    if (text !== undefined) document.title = text;
  }, [text]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page (pathname) changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}
