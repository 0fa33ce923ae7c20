import { Layout } from './components/Layout.tsx';
import { RouteError } from './components/RouteError.tsx';
import { Spinner } from './components/Spinner.tsx';
import { LISTINGS } from './features/catalog/listings.ts';
import type { Role } from './lib/auth.ts';
import { lazyScreen } from './lib/lazy-screen.ts';
import { type ScreenRoute, Screens } from './lib/router.tsx';

const s = lazyScreen;

/** The one login screen, shown for a role: SPEC §2 keeps a path per role. */
const login = (role: Role) =>
  s('login', async () => {
    const { LoginScreen } = await import('./features/account/LoginScreen.tsx');
    return { default: () => <LoginScreen role={role} /> };
  });

/**
 * Every route of SPEC §2. Paths match case-insensitively, so /allproducts and /ALLPRODUCTS open the
 * same screen; the first route in this order that matches wins (static paths before `:param` ones).
 * Each screen is its own chunk.
 */
export const screens: ScreenRoute[] = [
  { path: '', load: s('landing', () => import('./features/catalog/LandingPage.tsx')) },
  { path: 'home-page', load: s('landing', () => import('./features/catalog/LandingPage.tsx')) },
  ...LISTINGS.map(
    (l): ScreenRoute => ({
      path: l.path.slice(1),
      title: l.title,
      load: s('listing', () => import('./features/catalog/ListingPage.tsx')),
    }),
  ),
  {
    path: 'search',
    title: 'Search',
    load: s('search', () => import('./features/search/SearchPage.tsx')),
  },
  {
    path: 'product-page',
    title: null,
    load: s('product', () => import('./features/catalog/ProductPage.tsx')),
  },
  {
    path: 'product-page/:id',
    title: null,
    load: s('product', () => import('./features/catalog/ProductPage.tsx')),
  },
  // Readable, shareable product URLs: /p/{slug}-{id} (the id decides; the canonical URL of a product).
  {
    path: 'p/:slug',
    title: null,
    load: s('product', () => import('./features/catalog/ProductPage.tsx')),
  },

  {
    path: 'cart-page',
    title: 'Cart',
    load: s('cart', () => import('./features/cart/CartPage.tsx')),
  },
  {
    path: 'shipping-address',
    title: 'Shipping Address',
    load: s('shipping', () => import('./features/cart/ShippingAddressPage.tsx')),
  },
  {
    path: 'place-order-page',
    title: 'Place Order',
    load: s('place-order', () => import('./features/cart/PlaceOrderPage.tsx')),
  },
  {
    path: 'order-success',
    title: 'Order confirmation',
    load: s('order-success', () => import('./features/cart/OrderSuccessPage.tsx')),
  },
  {
    path: 'order-successfull',
    title: 'Order confirmation',
    load: s('order-success', () => import('./features/cart/OrderSuccessPage.tsx')),
  },

  {
    path: 'register',
    title: 'Create Account',
    load: s('register', () => import('./features/account/RegisterPage.tsx')),
  },
  {
    path: 'login',
    title: 'Login',
    load: login('user'),
  },
  {
    path: 'wishlist',
    title: 'Wishlist',
    load: s('wishlist', () => import('./features/wishlist/WishlistPage.tsx')),
  },
  {
    path: 'my-orders',
    title: 'My Orders',
    load: s('my-orders', () => import('./features/orders/MyOrdersPage.tsx')),
  },
  {
    // Before orders/:orderId: the first match in table order wins.
    path: 'orders/confirm',
    title: 'Confirm your order',
    load: s('cod-confirm', () => import('./features/orders/CodConfirmLinkPage.tsx')),
  },
  {
    path: 'orders/:orderId',
    title: 'Order details',
    load: s('order', () => import('./features/orders/OrderPage.tsx')),
  },
  {
    path: 'orders/:orderId/return/:itemId',
    title: 'Return or exchange',
    load: s('return-request', () => import('./features/orders/ReturnRequestPage.tsx')),
  },
  {
    path: 'my-returns',
    title: 'My Returns',
    load: s('my-returns', () => import('./features/orders/MyReturnsPage.tsx')),
  },
  {
    path: 'profile',
    title: 'My Profile',
    load: s('profile', () => import('./features/account/ProfilePage.tsx')),
  },
  {
    path: 'update-profile',
    title: 'Edit Profile',
    load: s('update-profile', () => import('./features/account/UpdateProfilePage.tsx')),
  },
  {
    path: 'account/notifications',
    title: 'Notifications',
    load: s('notifications', () => import('./features/account/NotificationsPage.tsx')),
  },
  {
    path: 'forgot-password',
    title: 'Forgot password',
    load: s('forgot-password', () => import('./features/account/ForgotPasswordPage.tsx')),
  },
  {
    path: 'reset-password',
    title: 'Choose a new password',
    load: s('reset-password', () => import('./features/account/ResetPasswordPage.tsx')),
  },
  {
    path: 'verify-email',
    title: 'Confirm your e-mail',
    load: s('verify-email', () => import('./features/account/VerifyEmailPage.tsx')),
  },
  {
    path: 'addresses',
    title: 'My Addresses',
    load: s('addresses', () => import('./features/addresses/AddressBookPage.tsx')),
  },

  // Seller and admin screens: owned by features/seller and features/admin.
  {
    path: 'seller-login',
    title: 'Seller Login',
    load: login('seller'),
  },
  {
    path: 'seller-register',
    title: 'Seller Registration',
    load: s('seller-register', () => import('./features/seller/SellerRegisterPage.tsx')),
  },
  {
    path: 'seller-profile',
    title: 'Seller Profile',
    load: s('seller-profile', () => import('./features/seller/SellerProfilePage.tsx')),
  },
  {
    path: 'seller-dashboard',
    title: 'Seller Dashboard',
    load: s('seller-dashboard', () => import('./features/seller/SellerDashboardPage.tsx')),
  },
  {
    path: 'seller-catalogue',
    title: 'Bulk upload',
    load: s('seller-catalogue', () => import('./features/seller/SellerCataloguePage.tsx')),
  },
  {
    path: 'seller-addProduct',
    title: 'Add Product',
    load: s('seller-add', () => import('./features/seller/SellerAddProductPage.tsx')),
  },
  {
    path: 'seller-allProducts',
    title: 'My Products',
    load: s('seller-products', () => import('./features/seller/SellerProductsPage.tsx')),
  },
  {
    path: 'update-product',
    title: 'Update Product',
    load: s('seller-update', () => import('./features/seller/SellerUpdateProductPage.tsx')),
  },
  {
    path: 'update-product/:id',
    title: 'Update Product',
    load: s('seller-update', () => import('./features/seller/SellerUpdateProductPage.tsx')),
  },
  {
    path: 'seller-orders',
    title: 'Seller Orders',
    load: s('seller-orders', () => import('./features/seller/SellerOrdersPage.tsx')),
  },
  {
    path: 'seller-returns',
    title: 'Returns',
    load: s('seller-returns', () => import('./features/seller/SellerReturnsPage.tsx')),
  },
  {
    path: 'seller-payments',
    title: 'Payments',
    load: s('seller-payments', () => import('./features/seller/SellerPaymentsPage.tsx')),
  },
  {
    path: 'seller-sales',
    title: 'Sale events',
    load: s('seller-sales', () => import('./features/seller/SellerSalesPage.tsx')),
  },
  {
    path: 'seller-sales/:id',
    title: 'Sale prices',
    load: s('seller-sale-prices', () => import('./features/seller/SalePricesPage.tsx')),
  },
  {
    path: 'seller-coupons',
    title: 'My coupons',
    load: s('seller-coupons', () => import('./features/seller/SellerCouponsPage.tsx')),
  },
  {
    path: 'admin-login',
    title: 'Admin Login',
    load: login('admin'),
  },
  {
    path: 'dashboard',
    title: 'Dashboard',
    load: s('dashboard', () => import('./features/admin/DashboardPage.tsx')),
  },
  {
    path: 'dashboard/returns',
    title: 'Returns',
    load: s('admin-returns', () => import('./features/admin/AdminReturnsPage.tsx')),
  },
  {
    path: 'dashboard/payouts',
    title: 'Payouts',
    load: s('admin-payouts', () => import('./features/admin/AdminPayoutsPage.tsx')),
  },
  {
    path: 'dashboard/audit-log',
    title: 'Audit log',
    load: s('admin-audit-log', () => import('./features/admin/AdminAuditLogPage.tsx')),
  },
  {
    path: 'dashboard/sale-events',
    title: 'Sale events',
    load: s('admin-sale-events', () => import('./features/admin/AdminSaleEventsPage.tsx')),
  },
  {
    path: 'dashboard/coupons',
    title: 'Coupons',
    load: s('admin-coupons', () => import('./features/admin/AdminCouponsPage.tsx')),
  },
  // Admin lists behind the dashboard's 'view' links: sellers, users, products, orders, messages.
  {
    path: 'dashboard/:list',
    title: 'Dashboard',
    load: s('admin-list', () => import('./features/admin/AdminListPage.tsx')),
  },

  {
    path: 'contacts',
    title: 'Contact Us',
    load: s('contacts', () => import('./features/static/ContactsPage.tsx')),
  },
  {
    path: 'Terms-Of-Service',
    title: 'Terms of Service',
    load: s('terms', () => import('./features/static/TermsPage.tsx')),
  },
  {
    path: 'Privacy-Policy',
    title: 'Privacy Policy',
    load: s('privacy', () => import('./features/static/PrivacyPage.tsx')),
  },
  {
    path: 'Cancel-Refund-Policy',
    title: 'Cancellation & Refund Policy',
    load: s('refund', () => import('./features/static/RefundPolicyPage.tsx')),
  },
  {
    path: '*',
    title: 'Page not found',
    load: s('not-found', () => import('./features/static/NotFoundPage.tsx')),
  },
];

/** The whole app inside a router: the layout, and in it the screen for the location. */
export function App({ routes = screens }: { routes?: readonly ScreenRoute[] }) {
  return (
    // Errors render inside the layout, so header, menu and footer stay usable.
    <Screens routes={routes} errorElement={<RouteError />} fallback={<Spinner label="Loading Vastra" />}>
      <Layout />
    </Screens>
  );
}
