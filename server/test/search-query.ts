import { productSearchQuerySchema } from '@vastra/contracts';

/** A search's query string as the route parses it (repeated keys become arrays). */
export function parseSearchQuery(query: string) {
  const params = new URLSearchParams(query);
  const raw: Record<string, string | string[]> = {};
  for (const k of new Set(params.keys()))
    raw[k] = params.getAll(k).length > 1 ? params.getAll(k) : params.get(k)!;
  return productSearchQuerySchema.parse(raw);
}
