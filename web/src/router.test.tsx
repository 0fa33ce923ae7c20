import { describe, expect, it } from 'vitest';
import { CATEGORY_BAR, FOOTER_SELL_LINKS, menuFor } from './components/nav.ts';
import { matchScreen } from './lib/router.tsx';
import { screens } from './router.tsx';

/** The path pattern of the deepest route matched for a URL. */
function matched(url: string): string | undefined {
  const path = matchScreen(screens, url)?.route.path;
  return path === '' ? '(index)' : path;
}

describe('routes', () => {
  it('declares every SPEC §2 screen', () => {
    const spec = [
      '/home-page',
      '/allProducts',
      '/mens-allProducts',
      '/womens-allProducts',
      '/kids-allProducts',
      '/mens-shirts',
      '/mens-pants',
      '/mens-hoodies',
      '/womens-tops',
      '/womens-pants',
      '/womens-dresses',
      '/product-page',
      '/cart-page',
      '/shipping-address',
      '/place-order-page',
      '/order-success',
      '/order-successfull',
      '/register',
      '/login',
      '/my-orders',
      '/profile',
      '/update-profile',
      '/seller-login',
      '/seller-register',
      '/seller-profile',
      '/seller-addProduct',
      '/seller-allProducts',
      '/update-product',
      '/seller-orders',
      '/admin-login',
      '/dashboard',
      '/contacts',
      '/Terms-Of-Service',
      '/Privacy-Policy',
      '/Cancel-Refund-Policy',
    ];
    for (const path of spec) expect(matched(path), path).toBe(path.slice(1));
    expect(matched('/')).toBe('(index)');
  });

  it('matches paths case-insensitively', () => {
    expect(matched('/ALLPRODUCTS')).toBe('allProducts');
    expect(matched('/terms-of-service')).toBe('Terms-Of-Service');
    expect(matched('/Seller-AddProduct')).toBe('seller-addProduct');
    expect(matched('/Product-Page/abc')).toBe('product-page/:id');
  });

  it('gives each screen its own document title', () => {
    const title = (url: string) => {
      return matchScreen(screens, url)?.route.title;
    };
    expect(title('/cart-page')).toBe('Cart');
    expect(title('/Mens-Shirts')).toBe("Men's Shirts");
    expect(title('/Cancel-Refund-Policy')).toBe('Cancellation & Refund Policy');
    expect(title('/no-such-page')).toBe('Page not found');
    // The product page names the product itself; the landing page keeps the shop's title.
    expect(title('/product-page/abc')).toBeNull();
    expect(title('/home-page')).toBeUndefined();
  });

  it('sends unknown paths to the not-found screen', () => {
    expect(matched('/no-such-page')).toBe('*');
    expect(matched('/allProducts/extra')).toBe('*');
  });
});

describe('returns screens', () => {
  it('has a route for the shopper’s request and list, the seller’s queue and the admin’s list', () => {
    expect(matched('/orders/abc/return/def')).toBe('orders/:orderId/return/:itemId');
    expect(matched('/my-returns')).toBe('my-returns');
    expect(matched('/seller-returns')).toBe('seller-returns');
    // Not one of the dashboard's data-table lists.
    expect(matched('/dashboard/returns')).toBe('dashboard/returns');
    expect(matched('/dashboard/orders')).toBe('dashboard/:list');
  });

  it('links them from the shopper’s and the seller’s menus', () => {
    const links = (role: Parameters<typeof menuFor>[0]) =>
      menuFor(role).flatMap((g) => g.links.map((l) => l.to));
    expect(links('user')).toContain('/my-returns');
    expect(links('seller')).toContain('/seller-returns');
    expect(links('visitor')).not.toContain('/my-returns');
  });
});

describe('side menu', () => {
  const links = (role: Parameters<typeof menuFor>[0]) =>
    menuFor(role).flatMap((g) => g.links.map((l) => l.to));

  it('hides Cart from sellers and admins and shows My Orders to users only', () => {
    expect(links('visitor')).toContain('/cart-page');
    expect(links('user')).toEqual(expect.arrayContaining(['/cart-page', '/my-orders', '/profile']));
    expect(links('seller')).not.toContain('/cart-page');
    expect(links('admin')).not.toContain('/cart-page');
    expect(links('visitor')).not.toContain('/my-orders');
    expect(links('seller')).not.toContain('/my-orders');
  });

  it('gives each role its own account links', () => {
    expect(links('visitor')).toEqual(expect.arrayContaining(['/login', '/register']));
    // Issue 21: the Seller and Admin logins moved from the shopper's menu to the footer.
    expect(links('visitor')).not.toContain('/seller-login');
    expect(links('visitor')).not.toContain('/admin-login');
    expect(FOOTER_SELL_LINKS.map((l) => l.to)).toEqual(['/seller-register', '/seller-login', '/admin-login']);
    expect(links('seller')).toEqual(
      expect.arrayContaining([
        '/seller-profile',
        '/seller-orders',
        '/seller-addProduct',
        '/seller-allProducts',
      ]),
    );
    expect(links('admin')).toContain('/dashboard');
    expect(links('user')).not.toContain('/login');
  });
});

describe('marketplace money screens', () => {
  const links = (role: Parameters<typeof menuFor>[0]) =>
    menuFor(role).flatMap((g) => g.links.map((l) => l.to));

  it('has the seller’s Payments and the admin’s Payouts and Audit log, linked from their menus', () => {
    expect(matched('/seller-payments')).toBe('seller-payments');
    // Not dashboard data-table lists.
    expect(matched('/dashboard/payouts')).toBe('dashboard/payouts');
    expect(matched('/dashboard/audit-log')).toBe('dashboard/audit-log');
    expect(links('seller')).toContain('/seller-payments');
    expect(links('admin')).toEqual(expect.arrayContaining(['/dashboard/payouts', '/dashboard/audit-log']));
    expect(links('user')).not.toContain('/seller-payments');
  });
});

describe('category bar (issue 21)', () => {
  it('has Men, Women and Kids from the contracts, each with its sub-category listings', () => {
    expect(CATEGORY_BAR.map((c) => [c.link.label, c.links.map((l) => l.to)])).toEqual([
      ['Men', ['/mens-allProducts', '/mens-shirts', '/mens-pants', '/mens-hoodies']],
      ['Women', ['/womens-allProducts', '/womens-tops', '/womens-pants', '/womens-dresses']],
      ['Kids', []],
    ]);
    for (const c of CATEGORY_BAR) {
      for (const l of [c.link, ...c.links]) expect(matched(l.to)).toBe(l.to.slice(1));
    }
  });
});
