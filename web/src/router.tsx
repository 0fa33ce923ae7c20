import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/Layout.tsx';
import { RouteError } from './components/RouteError.tsx';
import { Spinner } from './components/Spinner.tsx';
import { LISTINGS } from './features/catalog/listings.ts';
import { lazyScreen } from './lib/lazy-screen.ts';

const s = lazyScreen;

/**
 * Every route of SPEC §2. React Router matches paths case-insensitively unless a route sets
 * `caseSensitive`, so /allproducts and /ALLPRODUCTS open the same screen. Each screen is its own chunk.
 */
export const screens: RouteObject[] = [
  { index: true, lazy: s('landing', () => import('./features/catalog/LandingPage.tsx')) },
  { path: 'home-page', lazy: s('landing', () => import('./features/catalog/LandingPage.tsx')) },
  ...LISTINGS.map(
    (l): RouteObject => ({
      path: l.path.slice(1),
      handle: { title: l.title },
      lazy: s('listing', () => import('./features/catalog/ListingPage.tsx')),
    }),
  ),
  {
    path: 'search',
    handle: { title: 'Search' },
    lazy: s('search', () => import('./features/search/SearchPage.tsx')),
  },
  {
    path: 'product-page',
    handle: { title: null },
    lazy: s('product', () => import('./features/catalog/ProductPage.tsx')),
  },
  {
    path: 'product-page/:id',
    handle: { title: null },
    lazy: s('product', () => import('./features/catalog/ProductPage.tsx')),
  },
  // Readable, shareable product URLs: /p/{slug}-{id} (the id decides; the canonical URL of a product).
  {
    path: 'p/:slug',
    handle: { title: null },
    lazy: s('product', () => import('./features/catalog/ProductPage.tsx')),
  },

  {
    path: 'cart-page',
    handle: { title: 'Cart' },
    lazy: s('cart', () => import('./features/cart/CartPage.tsx')),
  },
  {
    path: 'shipping-address',
    handle: { title: 'Shipping Address' },
    lazy: s('shipping', () => import('./features/cart/ShippingAddressPage.tsx')),
  },
  {
    path: 'place-order-page',
    handle: { title: 'Place Order' },
    lazy: s('place-order', () => import('./features/cart/PlaceOrderPage.tsx')),
  },
  {
    path: 'order-success',
    handle: { title: 'Order confirmation' },
    lazy: s('order-success', () => import('./features/cart/OrderSuccessPage.tsx')),
  },
  {
    path: 'order-successfull',
    handle: { title: 'Order confirmation' },
    lazy: s('order-success', () => import('./features/cart/OrderSuccessPage.tsx')),
  },

  {
    path: 'register',
    handle: { title: 'Create Account' },
    lazy: s('register', () => import('./features/account/RegisterPage.tsx')),
  },
  {
    path: 'login',
    handle: { title: 'Login' },
    lazy: s('login', () => import('./features/account/LoginPage.tsx')),
  },
  {
    path: 'wishlist',
    handle: { title: 'Wishlist' },
    lazy: s('wishlist', () => import('./features/wishlist/WishlistPage.tsx')),
  },
  {
    path: 'my-orders',
    handle: { title: 'My Orders' },
    lazy: s('my-orders', () => import('./features/orders/MyOrdersPage.tsx')),
  },
  {
    path: 'orders/:orderId',
    handle: { title: 'Order details' },
    lazy: s('order', () => import('./features/orders/OrderPage.tsx')),
  },
  {
    path: 'orders/:orderId/return/:itemId',
    handle: { title: 'Return or exchange' },
    lazy: s('return-request', () => import('./features/orders/ReturnRequestPage.tsx')),
  },
  {
    path: 'my-returns',
    handle: { title: 'My Returns' },
    lazy: s('my-returns', () => import('./features/orders/MyReturnsPage.tsx')),
  },
  {
    path: 'profile',
    handle: { title: 'My Profile' },
    lazy: s('profile', () => import('./features/account/ProfilePage.tsx')),
  },
  {
    path: 'update-profile',
    handle: { title: 'Edit Profile' },
    lazy: s('update-profile', () => import('./features/account/UpdateProfilePage.tsx')),
  },
  {
    path: 'forgot-password',
    handle: { title: 'Forgot password' },
    lazy: s('forgot-password', () => import('./features/account/ForgotPasswordPage.tsx')),
  },
  {
    path: 'reset-password',
    handle: { title: 'Choose a new password' },
    lazy: s('reset-password', () => import('./features/account/ResetPasswordPage.tsx')),
  },
  {
    path: 'verify-email',
    handle: { title: 'Confirm your e-mail' },
    lazy: s('verify-email', () => import('./features/account/VerifyEmailPage.tsx')),
  },
  {
    path: 'addresses',
    handle: { title: 'My Addresses' },
    lazy: s('addresses', () => import('./features/addresses/AddressBookPage.tsx')),
  },

  // Seller and admin screens: owned by features/seller and features/admin.
  {
    path: 'seller-login',
    handle: { title: 'Seller Login' },
    lazy: s('seller-login', () => import('./features/seller/SellerLoginPage.tsx')),
  },
  {
    path: 'seller-register',
    handle: { title: 'Seller Registration' },
    lazy: s('seller-register', () => import('./features/seller/SellerRegisterPage.tsx')),
  },
  {
    path: 'seller-profile',
    handle: { title: 'Seller Profile' },
    lazy: s('seller-profile', () => import('./features/seller/SellerProfilePage.tsx')),
  },
  {
    path: 'seller-dashboard',
    handle: { title: 'Seller Dashboard' },
    lazy: s('seller-dashboard', () => import('./features/seller/SellerDashboardPage.tsx')),
  },
  {
    path: 'seller-catalogue',
    handle: { title: 'Bulk upload' },
    lazy: s('seller-catalogue', () => import('./features/seller/SellerCataloguePage.tsx')),
  },
  {
    path: 'seller-addProduct',
    handle: { title: 'Add Product' },
    lazy: s('seller-add', () => import('./features/seller/SellerAddProductPage.tsx')),
  },
  {
    path: 'seller-allProducts',
    handle: { title: 'My Products' },
    lazy: s('seller-products', () => import('./features/seller/SellerProductsPage.tsx')),
  },
  {
    path: 'update-product',
    handle: { title: 'Update Product' },
    lazy: s('seller-update', () => import('./features/seller/SellerUpdateProductPage.tsx')),
  },
  {
    path: 'update-product/:id',
    handle: { title: 'Update Product' },
    lazy: s('seller-update', () => import('./features/seller/SellerUpdateProductPage.tsx')),
  },
  {
    path: 'seller-orders',
    handle: { title: 'Seller Orders' },
    lazy: s('seller-orders', () => import('./features/seller/SellerOrdersPage.tsx')),
  },
  {
    path: 'seller-returns',
    handle: { title: 'Returns' },
    lazy: s('seller-returns', () => import('./features/seller/SellerReturnsPage.tsx')),
  },
  {
    path: 'seller-payments',
    handle: { title: 'Payments' },
    lazy: s('seller-payments', () => import('./features/seller/SellerPaymentsPage.tsx')),
  },
  {
    path: 'admin-login',
    handle: { title: 'Admin Login' },
    lazy: s('admin-login', () => import('./features/admin/AdminLoginPage.tsx')),
  },
  {
    path: 'dashboard',
    handle: { title: 'Dashboard' },
    lazy: s('dashboard', () => import('./features/admin/DashboardPage.tsx')),
  },
  {
    path: 'dashboard/returns',
    handle: { title: 'Returns' },
    lazy: s('admin-returns', () => import('./features/admin/AdminReturnsPage.tsx')),
  },
  {
    path: 'dashboard/payouts',
    handle: { title: 'Payouts' },
    lazy: s('admin-payouts', () => import('./features/admin/AdminPayoutsPage.tsx')),
  },
  {
    path: 'dashboard/audit-log',
    handle: { title: 'Audit log' },
    lazy: s('admin-audit-log', () => import('./features/admin/AdminAuditLogPage.tsx')),
  },
  // Admin lists behind the dashboard's 'view' links: sellers, users, products, orders, messages.
  {
    path: 'dashboard/:list',
    handle: { title: 'Dashboard' },
    lazy: s('admin-list', () => import('./features/admin/AdminListPage.tsx')),
  },

  {
    path: 'contacts',
    handle: { title: 'Contact Us' },
    lazy: s('contacts', () => import('./features/static/ContactsPage.tsx')),
  },
  {
    path: 'Terms-Of-Service',
    handle: { title: 'Terms of Service' },
    lazy: s('terms', () => import('./features/static/TermsPage.tsx')),
  },
  {
    path: 'Privacy-Policy',
    handle: { title: 'Privacy Policy' },
    lazy: s('privacy', () => import('./features/static/PrivacyPage.tsx')),
  },
  {
    path: 'Cancel-Refund-Policy',
    handle: { title: 'Cancellation & Refund Policy' },
    lazy: s('refund', () => import('./features/static/RefundPolicyPage.tsx')),
  },
  {
    path: '*',
    handle: { title: 'Page not found' },
    lazy: s('not-found', () => import('./features/static/NotFoundPage.tsx')),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    hydrateFallbackElement: <Spinner label="Loading Vastra" />,
    // Errors render inside the layout, so header, menu and footer stay usable.
    children: [{ errorElement: <RouteError />, children: screens }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
