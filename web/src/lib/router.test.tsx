import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  createMemoryHistory,
  Link,
  matchPath,
  NavLink,
  Outlet,
  Router,
  type ScreenRoute,
  Screens,
  useLocation,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from './router.tsx';

/** A promise the test settles: a screen's chunk still downloading. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function Pending() {
  return useNavigation().state === 'loading' ? <p>Loading next page</p> : null;
}

function Failure() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : 'failed'}</p>;
}

function app(history: ReturnType<typeof createMemoryHistory>, routes: ScreenRoute[]) {
  return render(
    <Router history={history}>
      <Screens routes={routes} errorElement={<Failure />} fallback={<p>Starting</p>}>
        <Pending />
        <Outlet />
      </Screens>
    </Router>,
  );
}

describe('matchPath', () => {
  it('matches static segments without regard to case and ignores a trailing slash', () => {
    expect(matchPath('allProducts', '/ALLPRODUCTS')).toEqual({});
    expect(matchPath('allProducts', '/allProducts/')).toEqual({});
    expect(matchPath('allProducts', '/allProducts/extra')).toBeNull();
    expect(matchPath('', '/')).toEqual({});
    expect(matchPath('', '/x')).toBeNull();
  });

  it('decodes params and takes the rest for *', () => {
    expect(matchPath('orders/:orderId/return/:itemId', '/Orders/a%20b/return/7')).toEqual({
      orderId: 'a b',
      itemId: '7',
    });
    expect(matchPath('p/:slug', '/p/%E0%A4%95')).toEqual({ slug: 'क' });
    expect(matchPath('p/:slug', '/p/%E0%A4')).toBeNull();
    expect(matchPath('*', '/no/such/page')).toEqual({ '*': 'no/such/page' });
  });
});

describe('screens', () => {
  it('keeps the shown page, with its own location, until the next one has loaded', async () => {
    const history = createMemoryHistory(['/a']);
    const next = deferred<ComponentType>();
    function A() {
      return <h1>Page A at {useLocation().pathname}</h1>;
    }
    function B() {
      return <h1>Page B {useParams().id}</h1>;
    }
    app(history, [
      { path: 'a', load: async () => A },
      { path: 'b/:id', load: () => next.promise },
    ]);
    expect(await screen.findByRole('heading', { name: 'Page A at /a' })).toBeInTheDocument();

    act(() => history.navigate('/b/42'));
    // Page A still shows, and the address stays, while B's code downloads (as a browser keeps the
    // old page's URL until the next page arrives).
    expect(screen.getByRole('heading', { name: 'Page A at /a' })).toBeInTheDocument();
    expect(screen.getByText('Loading next page')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/a');

    await act(async () => next.resolve(B));
    expect(history.location.pathname).toBe('/b/42');
    expect(screen.getByRole('heading', { name: 'Page B 42' })).toBeInTheDocument();
    expect(screen.queryByText('Loading next page')).not.toBeInTheDocument();

    // Back: A again, from its loaded code, at once.
    act(() => history.go(-1));
    expect(screen.getByRole('heading', { name: 'Page A at /a' })).toBeInTheDocument();
  });

  it('on back to a page whose code is not loaded, shows the old page with its own location meanwhile', async () => {
    const history = createMemoryHistory(['/b', '/a']);
    const later = deferred<ComponentType>();
    function A() {
      return <h1>Page A at {useLocation().pathname}</h1>;
    }
    app(history, [
      { path: 'a', load: async () => A },
      { path: 'b', load: () => later.promise },
    ]);
    expect(await screen.findByRole('heading', { name: 'Page A at /a' })).toBeInTheDocument();
    act(() => history.go(-1));
    expect(history.location.pathname).toBe('/b');
    expect(screen.getByRole('heading', { name: 'Page A at /a' })).toBeInTheDocument();
    expect(screen.getByText('Loading next page')).toBeInTheDocument();
    await act(async () => later.resolve(() => <h1>Page B</h1>));
    expect(screen.getByRole('heading', { name: 'Page B' })).toBeInTheDocument();
  });

  it('shows the error element for a page that fails, and the next page normally', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const history = createMemoryHistory(['/broken']);
    const Broken = () => {
      throw new Error('No such order');
    };
    const Fine = () => <h1>Fine</h1>;
    app(history, [
      { path: 'broken', load: async () => Broken },
      { path: 'fine', load: async () => Fine },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('No such order');
    act(() => history.navigate('/fine'));
    expect(await screen.findByRole('heading', { name: 'Fine' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts a new page at the top and returns to the remembered position on back', async () => {
    const history = createMemoryHistory(['/a']);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const A = () => <h1>A</h1>;
    const B = () => <h1>B</h1>;
    app(history, [
      { path: 'a', load: async () => A },
      { path: 'b', load: async () => B },
    ]);
    await screen.findByRole('heading', { name: 'A' });
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    fireEvent.scroll(window);
    act(() => history.navigate('/b'));
    await screen.findByRole('heading', { name: 'B' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => history.go(-1));
    await screen.findByRole('heading', { name: 'A' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

describe('links', () => {
  function Here() {
    const location = useLocation();
    const [params, setParams] = useSearchParams();
    return (
      <>
        <p>
          At {location.pathname}
          {location.search}
        </p>
        <p>Page {params.get('page') ?? '1'}</p>
        <button type="button" onClick={() => setParams({ page: '2' })}>
          Next
        </button>
        <button type="button" onClick={() => setParams({})}>
          First
        </button>
        <Link to="/cart-page" state={{ from: '/here' }}>
          Cart
        </Link>
        <NavLink to="/mens-allProducts">Men</NavLink>
        <NavLink to="/mens-allProducts/shirts" end>
          Shirts
        </NavLink>
      </>
    );
  }

  it('navigates in the page on a plain click and leaves modified clicks to the browser', () => {
    const history = createMemoryHistory(['/mens-allProducts/shirts']);
    render(
      <Router history={history}>
        <Here />
      </Router>,
    );
    const cart = screen.getByRole('link', { name: 'Cart' });
    expect(cart).toHaveAttribute('href', '/cart-page');
    // NavLink: a parent is active for its sub-pages unless `end`; both mark the current page.
    expect(screen.getByRole('link', { name: 'Men' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Shirts' })).toHaveAttribute('aria-current', 'page');

    fireEvent.click(cart, { ctrlKey: true });
    expect(history.location.pathname).toBe('/mens-allProducts/shirts');
    fireEvent.click(cart);
    expect(history.location.pathname).toBe('/cart-page');
    expect(history.location.state).toEqual({ from: '/here' });
    expect(screen.getByRole('link', { name: 'Shirts' })).not.toHaveAttribute('aria-current');
  });

  it('sets the query string as a new history entry, and clears it', () => {
    const history = createMemoryHistory(['/allProducts']);
    render(
      <Router history={history}>
        <Here />
      </Router>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByText('At /allProducts?page=2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(history.location.search).toBe('');
    act(() => history.go(-1));
    expect(screen.getByText('Page 2')).toBeInTheDocument();
  });
});
