import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { browserLocale, createI18n, loadCatalog } from './lib/i18n.tsx';
import { queryClient } from './lib/query.ts';
import { Providers } from './providers.tsx';
import { createAppRouter, routes } from './router.tsx';
import { SSR_STATE_ID, type SsrQuery } from './ssr-state.ts';
import './styles/global.css';

/** Seeds the query cache with the answers the server rendered the page from (entry-server.tsx). */
function seedQueries() {
  const script = document.getElementById(SSR_STATE_ID);
  if (!script?.textContent) return;
  try {
    for (const q of JSON.parse(script.textContent) as SsrQuery[]) queryClient.setQueryData(q.key, q.data);
  } catch {
    // A page without usable data: the screens fetch as usual.
  }
}

/**
 * Loads the code of the screens the URL matches before hydrating: the router would otherwise render
 * its fallback first and replace the server's HTML (a flash and a layout shift).
 */
async function loadMatchedScreens() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start() {
  const root = document.getElementById('root')!;
  // The remembered language (the server rendered the page in it, from the same cookie).
  const locale = browserLocale();
  const i18n = createI18n(locale, await loadCatalog(locale).catch(() => ({})));
  const app = () => (
    <Providers client={queryClient} i18n={i18n}>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  );
  if (!root.firstElementChild) {
    createRoot(root).render(app());
    return;
  }
  seedQueries();
  await loadMatchedScreens().catch(() => undefined);
  hydrateRoot(root, app());
}

void start();
