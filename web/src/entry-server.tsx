import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { documentTitle, pageOf } from './components/useRouteTitle.ts';
import { createI18n, DEFAULT_LOCALE, loadCatalog, parseLocale } from './lib/i18n.tsx';
import { createMemoryHistory, loadScreen, matchScreen, Router } from './lib/router.tsx';
import { Providers } from './providers.tsx';
import { App, screens } from './router.tsx';
import type { SsrQuery } from './ssr-state.ts';

/**
 * The server's renderer (built by `vite build --ssr` into web/dist-ssr, loaded by the server's web
 * module): the same routes and screens as the browser, rendered with React's own renderToString from
 * the API answers the screens would fetch, which the page then carries for hydration (main.tsx).
 */

export interface RenderResult {
  /** The markup of #root. */
  html: string;
  /** 404 when no screen matches; the page still renders (the not-found screen). */
  status: number;
  /** The document title in the page's language, as the screen sets it (none: the screen names itself). */
  title?: string;
}

export async function render(
  url: string,
  queries: readonly SsrQuery[],
  options: { lang?: string } = {},
): Promise<RenderResult> {
  // The shopper's language (the server reads the `lang` cookie, as the browser does before hydrating).
  const locale = parseLocale(options.lang) ?? DEFAULT_LOCALE;
  const i18n = createI18n(locale, await loadCatalog(locale));
  const history = createMemoryHistory([url]);
  // Each screen's code is loaded once for the process, then kept.
  const match = matchScreen(screens, history.location.pathname);
  if (match) await loadScreen(match.route);
  // Nothing is fetched on the server: the queries are the answers the caller already has.
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  for (const q of queries) client.setQueryData(q.key, q.data);
  const tree = () => (
    <Providers client={client} i18n={i18n}>
      <Router history={history}>
        <App />
      </Router>
    </Providers>
  );
  // renderToString writes the page in one piece, with no inline script (the page's CSP forbids them).
  // A Suspense boundary whose code is not loaded yet (the landing page's carousel, the first time)
  // would be sent as its fallback: then prerender, which waits for it, loads it, and the page is
  // rendered again whole. (prerender's own output moves large boundaries into place with scripts.)
  let html = renderToString(tree());
  if (html.includes('<!--$!')) {
    const { prelude } = await prerenderToNodeStream(tree());
    for await (const _ of prelude) {
      // drained: only the loading mattered
    }
    html = renderToString(tree());
  }
  client.clear();
  return {
    html,
    status: !match || match.route.path === '*' ? 404 : 200,
    title: documentTitle(i18n, match?.route.title, pageOf(new URL(url, 'http://localhost').search)),
  };
}
