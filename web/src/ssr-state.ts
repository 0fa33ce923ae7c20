/**
 * The server-rendered page's data, as TanStack Query entries: the server fills them from the same
 * API answers the screens would fetch (entry-server.tsx) and the browser seeds its query cache with
 * them before hydrating (main.tsx), so the first render matches the HTML without a request.
 */
export interface SsrQuery {
  key: readonly unknown[];
  data: unknown;
}

/** The id of the JSON script that carries the queries into the page. */
export const SSR_STATE_ID = 'ssr-state';

/**
 * Dispatched on `document` once a server-rendered page has hydrated: the page's boot script
 * (server/src/lib/page-boot.ts) then replays the buttons pressed before.
 */
export const APP_HYDRATED_EVENT = 'vastra:hydrated';

/** The query key of a listing page (ListingPage.tsx). */
export const listingKey = (endpoint: string, page: number) => ['products', endpoint, page] as const;
