/** The ten listing screens of SPEC §2 and the legacy endpoint each one reads. */
export interface ListingDef {
  path: string;
  title: string;
  endpoint: string;
}

export const LISTINGS: readonly ListingDef[] = [
  { path: '/allProducts', title: /*i18n*/ 'All Products', endpoint: '/api/get-all-Products' },
  { path: '/mens-allProducts', title: /*i18n*/ "Men's Collection", endpoint: '/api/get-mens-all-Products' },
  {
    path: '/womens-allProducts',
    title: /*i18n*/ "Women's Collection",
    endpoint: '/api/get-womens-all-Products',
  },
  { path: '/kids-allProducts', title: /*i18n*/ "Kid's Collection", endpoint: '/api/get-kids-all-Products' },
  { path: '/mens-shirts', title: /*i18n*/ "Men's Shirts", endpoint: '/api/get-mens-shirts' },
  { path: '/mens-pants', title: /*i18n*/ "Men's Pants", endpoint: '/api/get-mens-pants' },
  { path: '/mens-hoodies', title: /*i18n*/ "Men's Hoodies", endpoint: '/api/get-mens-hoodies' },
  { path: '/womens-tops', title: /*i18n*/ "Women's Tops", endpoint: '/api/get-womens-tops' },
  { path: '/womens-pants', title: /*i18n*/ "Women's Pants", endpoint: '/api/get-womens-pants' },
  { path: '/womens-dresses', title: /*i18n*/ "Women's Dresses", endpoint: '/api/get-womens-dresses' },
];

/** The listing for a URL path, compared case-insensitively like the router. */
export function listingFor(pathname: string): ListingDef | undefined {
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return LISTINGS.find((l) => l.path.toLowerCase() === p);
}
