import {
  CATEGORIES,
  type Category,
  SUB_CATEGORIES,
  SUB_CATEGORY_PARENT,
  type SubCategory,
} from '@vastra/contracts/constants';
import type { SessionRole } from '../lib/auth.ts';

export interface NavLink {
  to: string;
  label: string;
}
export interface NavGroup {
  title: string;
  links: NavLink[];
}

// Labels are English message ids, each marked with an i18n comment for `lingui extract`; the
// components show `i18n._(label)`.

/**
 * The side menu of SPEC §2 "Navigation" for each session role. Cart is hidden for sellers and
 * admins; My Orders is for users only; the account group depends on who is logged in.
 */
export function menuFor(role: SessionRole): NavGroup[] {
  const shop: NavLink[] = [{ to: '/home-page', label: /*i18n*/ 'Home' }];
  if (role === 'user' || role === 'visitor') shop.push({ to: '/cart-page', label: /*i18n*/ 'Cart' });
  shop.push(
    { to: '/kids-allProducts', label: /*i18n*/ "Kid's" },
    { to: '/allProducts', label: /*i18n*/ 'All Products' },
  );

  const groups: NavGroup[] = [
    { title: /*i18n*/ 'Shop', links: shop },
    {
      title: /*i18n*/ "Men's",
      links: [
        { to: '/mens-allProducts', label: /*i18n*/ "All Men's" },
        { to: '/mens-shirts', label: /*i18n*/ 'Shirts' },
        { to: '/mens-pants', label: /*i18n*/ 'Pants' },
        { to: '/mens-hoodies', label: /*i18n*/ 'Hoodies' },
      ],
    },
    {
      title: /*i18n*/ "Women's",
      links: [
        { to: '/womens-allProducts', label: /*i18n*/ "All Women's" },
        { to: '/womens-tops', label: /*i18n*/ 'Tops' },
        { to: '/womens-pants', label: /*i18n*/ 'Pants' },
        { to: '/womens-dresses', label: /*i18n*/ 'Dresses' },
      ],
    },
    { title: /*i18n*/ 'Help', links: [{ to: '/contacts', label: /*i18n*/ 'Contact Us' }] },
  ];
  groups.push({ title: /*i18n*/ 'Account', links: accountLinks(role) });
  return groups;
}

export function accountLinks(role: SessionRole): NavLink[] {
  switch (role) {
    case 'user':
      return [
        { to: '/profile', label: /*i18n*/ 'Profile' },
        { to: '/my-orders', label: /*i18n*/ 'My Orders' },
        { to: '/my-returns', label: /*i18n*/ 'My Returns' },
        { to: '/wishlist', label: /*i18n*/ 'Wishlist' },
        { to: '/account/notifications', label: /*i18n*/ 'Notifications' },
      ];
    case 'seller':
      return [
        { to: '/seller-dashboard', label: /*i18n*/ 'Dashboard' },
        { to: '/seller-profile', label: /*i18n*/ 'Profile' },
        { to: '/seller-orders', label: /*i18n*/ 'Orders' },
        { to: '/seller-returns', label: /*i18n*/ 'Returns' },
        { to: '/seller-payments', label: /*i18n*/ 'Payments' },
        { to: '/seller-sales', label: /*i18n*/ 'Sale events' },
        { to: '/seller-coupons', label: /*i18n*/ 'My coupons' },
        { to: '/seller-addProduct', label: /*i18n*/ 'Add Product' },
        { to: '/seller-allProducts', label: /*i18n*/ 'All Products' },
      ];
    case 'admin':
      return [
        { to: '/dashboard', label: /*i18n*/ 'Dashboard' },
        { to: '/dashboard/payouts', label: /*i18n*/ 'Payouts' },
        { to: '/dashboard/sale-events', label: /*i18n*/ 'Sale events' },
        { to: '/dashboard/coupons', label: /*i18n*/ 'Coupons' },
        { to: '/dashboard/audit-log', label: /*i18n*/ 'Audit log' },
      ];
    default:
      // Seller and Admin logins live in the footer's "Sell on Vastra" (issue 21): shoppers are not
      // offered them beside their own login.
      return [
        { to: '/login', label: /*i18n*/ 'Login' },
        { to: '/register', label: /*i18n*/ 'Create Account' },
      ];
  }
}

/** Footer product links. */
export const FOOTER_PRODUCT_LINKS: NavLink[] = [
  { to: '/allProducts', label: /*i18n*/ 'All Products' },
  { to: '/mens-allProducts', label: /*i18n*/ "Men's" },
  { to: '/womens-allProducts', label: /*i18n*/ "Women's" },
  { to: '/kids-allProducts', label: /*i18n*/ "Kid's" },
];

/** SPEC §2 footer links. */
export const FOOTER_POLICY_LINKS: NavLink[] = [
  { to: '/Cancel-Refund-Policy', label: /*i18n*/ 'Cancellation & Refund Policy' },
  { to: '/Privacy-Policy', label: /*i18n*/ 'Privacy Policy' },
  { to: '/Terms-Of-Service', label: /*i18n*/ 'Terms of Service' },
  { to: '/contacts', label: /*i18n*/ 'Contact Us' },
];

/** Footer "Sell on Vastra": where sellers and the admin log in. */
export const FOOTER_SELL_LINKS: NavLink[] = [
  { to: '/seller-register', label: /*i18n*/ 'Become a seller' },
  { to: '/seller-login', label: /*i18n*/ 'Seller' },
  { to: '/admin-login', label: /*i18n*/ 'Admin' },
];

/** A category of the desktop category bar with its sub-category listings. */
export interface CategoryMenu {
  category: Category;
  link: NavLink;
  /** Sub-category listings; empty when the category has just one (Kids). */
  links: NavLink[];
}

const CATEGORY_LINK: Record<Category, NavLink> = {
  Mens: { to: '/mens-allProducts', label: /*i18n*/ 'Men' },
  Womens: { to: '/womens-allProducts', label: /*i18n*/ 'Women' },
  Kids: { to: '/kids-allProducts', label: /*i18n*/ 'Kids' },
};

/** The listing screen of each sub-category of the contracts (SPEC §2 listing routes). */
const SUB_CATEGORY_LINK: Record<SubCategory, NavLink> = {
  gentsShirt: { to: '/mens-shirts', label: /*i18n*/ 'Shirts' },
  gentsPant: { to: '/mens-pants', label: /*i18n*/ 'Pants' },
  gentsHoody: { to: '/mens-hoodies', label: /*i18n*/ 'Hoodies' },
  girlsTop: { to: '/womens-tops', label: /*i18n*/ 'Tops' },
  LadiesPant: { to: '/womens-pants', label: /*i18n*/ 'Pants' },
  LadiesDress: { to: '/womens-dresses', label: /*i18n*/ 'Dresses' },
  KidsWear: { to: '/kids-allProducts', label: /*i18n*/ 'Kids Wear' },
};

const ALL_OF: Record<Category, string> = {
  Mens: /*i18n*/ "All Men's",
  Womens: /*i18n*/ "All Women's",
  Kids: /*i18n*/ "All Kid's",
};

/** The desktop category bar: Men, Women, Kids from the contracts, each with its sub-categories. */
export const CATEGORY_BAR: CategoryMenu[] = CATEGORIES.map((category) => {
  const link = CATEGORY_LINK[category];
  const subs = SUB_CATEGORIES.filter((s) => SUB_CATEGORY_PARENT[s] === category)
    .map((s) => SUB_CATEGORY_LINK[s])
    .filter((l) => l.to !== link.to);
  return {
    category,
    link,
    links: subs.length ? [{ to: link.to, label: ALL_OF[category] }, ...subs] : [],
  };
});
