import { type LegacyListQuery, PAGE_DEFAULT_LIMIT } from '@vastra/contracts';

/** Which end of a list comes first (by creation time; ids break ties). */
export type ListOrder = 'newest' | 'oldest';

/** One page of a list, in the given order. */
export interface ListPage {
  page: number;
  limit: number;
  order: ListOrder;
}

/** The original client sends neither `page` nor `limit`: it wants the whole list. */
export const wantsWholeList = (query: LegacyListQuery) =>
  query.page === undefined && query.limit === undefined;

/**
 * Answers a SPEC §7 list that the original server sent oldest first (its client reverses it to show
 * the newest first): the cart, `my-orders`, `seller-orders` and the seller's `get-products`.
 *
 * Without `page`/`limit` (the original client, which cannot page) the answer is the newest `cap`
 * rows put oldest first, so a long list loses its oldest rows, never its newest, as the reviews
 * list does. With either, oldest-first pages, coherent with `X-Total-Count`.
 */
export async function readOldestFirst<T>(
  query: LegacyListQuery,
  cap: number,
  read: (page: ListPage) => Promise<{ items: T[]; total: number }>,
): Promise<{ items: T[]; total: number }> {
  if (wantsWholeList(query)) {
    const { items, total } = await read({ page: 1, limit: cap, order: 'newest' });
    return { items: items.reverse(), total };
  }
  return read({ page: query.page ?? 1, limit: query.limit ?? PAGE_DEFAULT_LIMIT, order: 'oldest' });
}
