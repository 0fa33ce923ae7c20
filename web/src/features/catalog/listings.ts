/** The ten listing screens of SPEC §2 and the legacy endpoint each one reads. */
export interface ListingDef {
  path: string;
  title: string;
  endpoint: string;
}

export const LISTINGS: readonly ListingDef[] = [
  { path: '/allProducts', title: 'All Products', endpoint: '/api/get-all-Products' },
  { path: '/mens-allProducts', title: "Men's Collection", endpoint: '/api/get-mens-all-Products' },
  { path: '/womens-allProducts', title: "Women's Collection", endpoint: '/api/get-womens-all-Products' },
  { path: '/kids-allProducts', title: "Kid's Collection", endpoint: '/api/get-kids-all-Products' },
  { path: '/mens-shirts', title: "Men's Shirts", endpoint: '/api/get-mens-shirts' },
  { path: '/mens-pants', title: "Men's Pants", endpoint: '/api/get-mens-pants' },
  { path: '/mens-hoodies', title: "Men's Hoodies", endpoint: '/api/get-mens-hoodies' },
  { path: '/womens-tops', title: "Women's Tops", endpoint: '/api/get-womens-tops' },
  { path: '/womens-pants', title: "Women's Pants", endpoint: '/api/get-womens-pants' },
  { path: '/womens-dresses', title: "Women's Dresses", endpoint: '/api/get-womens-dresses' },
];

/** The listing for a URL path, compared case-insensitively like the router. */
export function listingFor(pathname: string): ListingDef | undefined {
  const p = pathname.replace(/\/+$/, '').toLowerCase();
  return LISTINGS.find((l) => l.path.toLowerCase() === p);
}
