import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { browserLocale, createI18n, loadCatalog } from './lib/i18n.tsx';
import { queryClient } from './lib/query.ts';
import { BrowserRouter, loadScreen, matchScreen } from './lib/router.tsx';
import { Providers } from './providers.tsx';
import { App, screens } from './router.tsx';
import { APP_HYDRATED_EVENT, SSR_STATE_ID, type SsrQuery } from './ssr-state.ts';
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
 * Loads the code of the screen the URL matches before hydrating: the router would otherwise render
 * its fallback first and replace the server's HTML (a flash and a layout shift).
 */
async function loadMatchedScreen() {
  const match = matchScreen(screens, window.location.pathname);
  if (match) await loadScreen(match.route);
}

/** Tells the page's boot script the app has hydrated (its effects run once the root has committed). */
function Hydrated() {
  useEffect(() => {
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, []);
  return null;
}

async function start() {
  const root = document.getElementById('root')!;
  // The remembered language (the server rendered the page in it, from the same cookie).
  const locale = browserLocale();
  // The screen's code and the language's messages download together; a screen that cannot be
  // downloaded shows its error (with Retry) once the router tries again.
  const [messages] = await Promise.all([
    loadCatalog(locale).catch(() => ({})),
    loadMatchedScreen().catch(() => undefined),
  ]);
  const i18n = createI18n(locale, messages);
  const app = () => (
    <Providers client={queryClient} i18n={i18n}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
      <Hydrated />
    </Providers>
  );
  if (!root.firstElementChild) {
    createRoot(root).render(app());
    return;
  }
  // A server-rendered page's boot script (server/src/lib/page-boot.ts) loaded this after its first
  // photo was painted: hydrating, a long task on a slow phone, no longer holds that paint.
  seedQueries();
  hydrateRoot(root, app());
}

void start();
