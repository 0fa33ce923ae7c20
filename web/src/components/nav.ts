import type { SessionRole } from '../lib/auth.ts';

export interface NavLink {
  to: string;
  label: string;
}
export interface NavGroup {
  title: string;
  links: NavLink[];
}

/**
 * The side menu of SPEC §2 "Navigation" for each session role. Cart is hidden for sellers and
 * admins; My Orders is for users only; the account group depends on who is logged in.
 */
export function menuFor(role: SessionRole): NavGroup[] {
  const shop: NavLink[] = [{ to: '/home-page', label: 'Home' }];
  if (role === 'user' || role === 'visitor') shop.push({ to: '/cart-page', label: 'Cart' });
  shop.push({ to: '/kids-allProducts', label: "Kid's" }, { to: '/allProducts', label: 'All Products' });

  const groups: NavGroup[] = [
    { title: 'Shop', links: shop },
    {
      title: "Men's",
      links: [
        { to: '/mens-allProducts', label: "All Men's" },
        { to: '/mens-shirts', label: 'Shirts' },
        { to: '/mens-pants', label: 'Pants' },
        { to: '/mens-hoodies', label: 'Hoodies' },
      ],
    },
    {
      title: "Women's",
      links: [
        { to: '/womens-allProducts', label: "All Women's" },
        { to: '/womens-tops', label: 'Tops' },
        { to: '/womens-pants', label: 'Pants' },
        { to: '/womens-dresses', label: 'Dresses' },
      ],
    },
    { title: 'Help', links: [{ to: '/contacts', label: 'Contact Us' }] },
  ];
  groups.push({ title: 'Account', links: accountLinks(role) });
  return groups;
}

function accountLinks(role: SessionRole): NavLink[] {
  switch (role) {
    case 'user':
      return [
        { to: '/profile', label: 'Profile' },
        { to: '/my-orders', label: 'My Orders' },
        { to: '/my-returns', label: 'My Returns' },
        { to: '/wishlist', label: 'Wishlist' },
      ];
    case 'seller':
      return [
        { to: '/seller-profile', label: 'Profile' },
        { to: '/seller-orders', label: 'Orders' },
        { to: '/seller-returns', label: 'Returns' },
        { to: '/seller-payments', label: 'Payments' },
        { to: '/seller-addProduct', label: 'Add Product' },
        { to: '/seller-allProducts', label: 'All Products' },
      ];
    case 'admin':
      return [
        { to: '/dashboard', label: 'Dashboard' },
        { to: '/dashboard/payouts', label: 'Payouts' },
        { to: '/dashboard/audit-log', label: 'Audit log' },
      ];
    default:
      return [
        { to: '/login', label: 'Login' },
        { to: '/seller-login', label: 'Seller' },
        { to: '/admin-login', label: 'Admin' },
      ];
  }
}

/** Footer product links. */
export const FOOTER_PRODUCT_LINKS: NavLink[] = [
  { to: '/allProducts', label: 'All Products' },
  { to: '/mens-allProducts', label: "Men's" },
  { to: '/womens-allProducts', label: "Women's" },
  { to: '/kids-allProducts', label: "Kid's" },
];

/** SPEC §2 footer links. */
export const FOOTER_POLICY_LINKS: NavLink[] = [
  { to: '/Cancel-Refund-Policy', label: 'Cancellation & Refund Policy' },
  { to: '/Privacy-Policy', label: 'Privacy Policy' },
  { to: '/Terms-Of-Service', label: 'Terms of Service' },
  { to: '/contacts', label: 'Contact Us' },
];
