import {
  type AnchorHTMLAttributes,
  Children,
  type ComponentType,
  createContext,
  isValidElement,
  type MouseEvent,
  Component as ReactComponent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * The shop's router (ADR 019): paths, links, history, lazily loaded screens, scroll restoration and
 * the server's render, in the part of React Router's API the screens use (Link, NavLink, Navigate,
 * useNavigate, useLocation, useParams, useSearchParams, MemoryRouter, Routes). React Router's data
 * router cost the landing page 30 KB of its 100 KB gzip budget for features the shop does not use
 * (loaders, actions, fetchers); this is about 2 KB.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` attached (the login page reads `from`). */
  state: unknown;
  /** Unique per history entry: scroll positions are remembered by it. */
  key: string;
}

export type Action = 'PUSH' | 'REPLACE' | 'POP';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface History {
  readonly location: Location;
  readonly action: Action;
  /**
   * Called before a navigation moves: a promise holds it (and the address bar) until it settles, as
   * a browser keeps the old page's URL until the next page arrives. <Screens> loads the next screen.
   */
  prepare?: ((pathname: string) => Promise<unknown> | undefined) | undefined;
  navigate(to: string, options?: NavigateOptions): void;
  go(delta: number): void;
  subscribe(listener: () => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` (absolute, relative, `?query` or `#hash`) against the current location. */
function resolve(to: string, from: Pick<Location, 'pathname' | 'search'>) {
  const url = new URL(to, `http://local${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** A history whose entries live in memory: tests, and the server's render (one entry). */
export function createMemoryHistory(entries: string[] = ['/']): History {
  const stack: Location[] = entries.map((e) => ({
    ...resolve(e, { pathname: '/', search: '' }),
    state: null,
    key: newKey(),
  }));
  let index = stack.length - 1;
  let action: Action = 'POP';
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };
  const history: History = {
    get location() {
      return stack[index]!;
    },
    get action() {
      return action;
    },
    navigate: prepared(
      () => history,
      (to, options) => {
        const next = { ...resolve(to, stack[index]!), state: options.state ?? null, key: newKey() };
        if (options.replace) stack[index] = next;
        else stack.splice(++index, stack.length, next);
        action = options.replace ? 'REPLACE' : 'PUSH';
        notify();
      },
    ),
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), stack.length - 1);
      if (next === index) return;
      index = next;
      action = 'POP';
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return history;
}

/**
 * `navigate` that waits for `history.prepare` before moving; a later navigation supersedes one
 * still waiting (the last click wins).
 */
function prepared(
  self: () => History,
  move: (to: string, options: NavigateOptions) => void,
): History['navigate'] {
  let latest = 0;
  return (to, options = {}) => {
    const ticket = ++latest;
    const waiting = self().prepare?.(resolve(to, self().location).pathname);
    if (!waiting) return move(to, options);
    const go = () => {
      if (ticket === latest) move(to, options);
    };
    waiting.then(go, go);
  };
}

interface EntryState {
  key: string;
  usr: unknown;
}

/** The browser's history: pushState/replaceState, and popstate for back and forward. */
export function createBrowserHistory(): History {
  const read = (): Location => {
    const s = window.history.state as EntryState | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: s?.usr ?? null, key: s?.key ?? 'default' };
  };
  let location = read();
  let action: Action = 'POP';
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };
  window.addEventListener('popstate', () => {
    location = read();
    action = 'POP';
    notify();
  });
  const history: History = {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    navigate: prepared(
      () => history,
      (to, options) => {
        const target = resolve(to, location);
        const entry: EntryState = { key: newKey(), usr: options.state ?? null };
        const url = target.pathname + target.search + target.hash;
        const same = url === location.pathname + location.search + location.hash;
        // A link to the page already shown replaces it, as a browser does, instead of stacking copies.
        if (options.replace || same) window.history.replaceState(entry, '', url);
        else window.history.pushState(entry, '', url);
        action = options.replace || same ? 'REPLACE' : 'PUSH';
        location = read();
        notify();
      },
    ),
    go(delta) {
      window.history.go(delta);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return history;
}

interface RouterValue {
  history: History;
  location: Location;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('A link or route hook was used outside a router.');
  return value;
}

export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const location = useSyncExternalStore(
    history.subscribe,
    () => history.location,
    () => history.location,
  );
  const value = useMemo(() => ({ history, location }), [history, location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: string[];
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** `navigate('/path')`, `navigate('/path', { replace, state })`, `navigate(-1)`. */
export function useNavigate() {
  const { history } = useRouter();
  return useCallback(
    (to: string | number, options?: NavigateOptions) => {
      if (typeof to === 'number') history.go(to);
      else history.navigate(to, options);
    },
    [history],
  );
}

export function useParams<
  T extends Record<string, string | undefined> = Record<string, string | undefined>,
>() {
  return useContext(ParamsContext) as Readonly<Partial<T>>;
}

type SearchInit = URLSearchParams | Record<string, string> | string;

/** The query string, and a setter that navigates to the same path with another one (a new entry). */
export function useSearchParams() {
  const { location } = useRouter();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (init: SearchInit, options?: NavigateOptions) => {
      const query = new URLSearchParams(init).toString();
      navigate(location.pathname + (query ? `?${query}` : ''), options);
    },
    [navigate, location.pathname],
  );
  return [params, set] as const;
}

/**
 * Params of `pattern` (`/orders/:orderId`, a final `*`) in `pathname`, or null. Static segments match
 * without regard to case (/ALLPRODUCTS opens /allProducts) and a trailing slash is ignored.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w === '*') {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    const h = have[i];
    if (h === undefined) return null;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w.toLowerCase() !== h.toLowerCase()) return null;
  }
  return have.length === want.length ? params : null;
}

function isActive(to: string, pathname: string, end?: boolean) {
  const target = resolve(to, { pathname, search: '' }).pathname.toLowerCase().replace(/\/$/, '');
  const here = pathname.toLowerCase().replace(/\/$/, '');
  return here === target || (!end && here.startsWith(`${target}/`));
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** An `<a href>` that navigates in the page on a plain left click (new tab, modifiers: the browser's). */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { history, location } = useRouter();
  const href = useMemo(() => {
    if (to.startsWith('/')) return to;
    const r = resolve(to, location);
    return r.pathname + r.search + r.hash;
  }, [to, location]);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if (target && target !== '_self') return;
    e.preventDefault();
    history.navigate(to, { replace, state });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

/** A Link marked `active` (class) and `aria-current="page"` while its page is shown. */
export function NavLink({ end, className, ...rest }: LinkProps & { end?: boolean }) {
  const { location } = useRouter();
  const active = isActive(rest.to, location.pathname, end);
  const classes = [className, active && 'active'].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} className={classes} aria-current={active ? 'page' : undefined} />;
}

/** Navigates when rendered (in an effect: the server's render leaves the page as it is). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when rendered
  useEffect(() => navigate(to, { replace, state }), []);
  return null;
}

/** `<Route path element>` inside `<Routes>`: the first whose path matches renders. */
export function Route(_props: { path: string; element: ReactNode }): ReactNode {
  return null;
}

export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  for (const child of Children.toArray(children)) {
    if (!isValidElement<{ path: string; element: ReactNode }>(child)) continue;
    const params = matchPath(child.props.path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{child.props.element}</ParamsContext.Provider>;
  }
  return null;
}

// ——— Screens: the app's route table, each screen its own chunk ———

export interface ScreenRoute {
  /** Without the leading slash; '' is the landing page, '*' anything else. */
  path: string;
  /** The document title: absent for the shop's own, null when the screen sets it (a product). */
  title?: string | null;
  load: () => Promise<ComponentType>;
  /** Set once loaded: the screen renders from here without waiting again. */
  Component?: ComponentType;
}

export interface ScreenMatch {
  route: ScreenRoute;
  params: Record<string, string>;
}

/** The first route in table order matching `pathname` (static paths come before `:param` ones). */
export function matchScreen(routes: readonly ScreenRoute[], pathname: string): ScreenMatch | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/** Loads a screen's code once (the server's render and the browser's hydration wait for it). */
export async function loadScreen(route: ScreenRoute): Promise<ComponentType> {
  route.Component ??= await route.load();
  return route.Component;
}

interface Shown {
  match: ScreenMatch;
  Component: ComponentType;
  /** The location the screen was matched for: the page sees it until the next screen is ready. */
  location: Location;
}

interface ScreensValue {
  shown: Shown | null;
  /** The next screen's code is on its way (the old screen stays meanwhile). */
  pending: boolean;
  error: unknown;
  failed: boolean;
  errorElement: ReactNode;
  fallback: ReactNode;
}

const ScreensContext = createContext<ScreensValue | null>(null);
const ErrorContext = createContext<unknown>(undefined);

function useScreens() {
  const value = useContext(ScreensContext);
  if (!value) throw new Error('Outlet used outside <Screens>.');
  return value;
}

/** Remembered scroll positions by history entry, so back and forward return where the shopper was. */
const SCROLL_KEY = 'vastra-scroll';
let scrollPositions: Record<string, number> | undefined;
function positions() {
  if (!scrollPositions) {
    try {
      scrollPositions = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
    } catch {
      scrollPositions = {};
    }
  }
  return scrollPositions;
}

/**
 * Matches the location against `routes` and loads the screen's code when it is not loaded yet; until
 * it is, the previous screen stays, with the location it was shown for, and `pending` is set.
 * `<Outlet/>` renders the screen; an error while loading or rendering it renders `errorElement`
 * instead (useRouteError tells which).
 */
export function Screens({
  routes,
  errorElement,
  fallback,
  children,
}: {
  routes: readonly ScreenRoute[];
  errorElement: ReactNode;
  fallback: ReactNode;
  children?: ReactNode;
}) {
  const { history, location } = useRouter();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [error, setError] = useState<{ key: string; error: unknown } | null>(null);
  const [preparing, setPreparing] = useState(0);
  const last = useRef<Shown | null>(null);
  const match = useMemo(() => matchScreen(routes, location.pathname), [routes, location.pathname]);
  const Component = match?.route.Component;
  if (match && Component && last.current?.location !== location) {
    last.current = { match, Component, location };
  }
  const failed = error?.key === location.key;
  const shown = last.current;
  const loading = !!match && !Component && !failed;
  const pending = loading || preparing > 0;
  const committed = loading && shown ? shown.location : location;

  // A link's screen loads before the address bar moves; back and forward (already moved) load after.
  useEffect(() => {
    history.prepare = (pathname) => {
      const next = matchScreen(routes, pathname);
      if (!next || next.route.Component) return undefined;
      setPreparing((n) => n + 1);
      return loadScreen(next.route).finally(() => setPreparing((n) => n - 1));
    };
    return () => {
      history.prepare = undefined;
    };
  }, [history, routes]);

  useEffect(() => {
    if (!match || match.route.Component) return;
    let live = true;
    loadScreen(match.route).then(
      () => live && rerender(),
      (err: unknown) => live && setError({ key: location.key, error: err }),
    );
    return () => {
      live = false;
    };
  }, [match, location.key]);

  // Scroll: a new page starts at its top (or its #anchor), back and forward return to where it was.
  const previousKey = useRef(committed.key);
  useLayoutEffect(() => {
    if (previousKey.current === committed.key) return;
    previousKey.current = committed.key;
    const saved = positions()[committed.key];
    if (history.action === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (committed.hash) document.getElementById(committed.hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [committed, history]);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      positions()[history.location.key] = window.scrollY;
    };
    const persist = () => sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions()));
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
    };
  }, [history]);

  const value = useMemo(
    () => ({ shown, pending, failed, error: error?.error, errorElement, fallback }),
    [shown, pending, failed, error, errorElement, fallback],
  );
  const router = useMemo(() => ({ history, location: committed }), [history, committed]);
  return (
    <RouterContext.Provider value={router}>
      <ScreensContext.Provider value={value}>{children}</ScreensContext.Provider>
    </RouterContext.Provider>
  );
}

class Boundary extends ReactComponent<{ fallback: ReactNode; children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Something went wrong') };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return <ErrorContext.Provider value={error}>{this.props.fallback}</ErrorContext.Provider>;
  }
}

/** The screen for the location (an error on one page does not stick to the next). */
export function Outlet() {
  const { shown, failed, error, errorElement, fallback } = useScreens();
  if (failed) return <ErrorContext.Provider value={error}>{errorElement}</ErrorContext.Provider>;
  if (!shown) return fallback;
  const { Component, match } = shown;
  return (
    <Boundary key={shown.location.key} fallback={errorElement}>
      <ParamsContext.Provider value={match.params}>
        <Component />
      </ParamsContext.Provider>
    </Boundary>
  );
}

/** What the error element shows: the error that stopped the screen. */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

/** `loading` while the next screen's code downloads. */
export function useNavigation(): { state: 'idle' | 'loading' } {
  return { state: useScreens().pending ? 'loading' : 'idle' };
}

/** The route of the screen shown (its title). */
export function useScreenRoute(): ScreenRoute | undefined {
  return useScreens().shown?.match.route;
}
