import type { SearchSort } from '@vastra/contracts';
import { badRequest } from '../../lib/errors.ts';

/**
 * Keyset pagination. A page's `nextCursor` names where its last product stands in the sort — its
 * sort values and id, e.g. [price, created, id] — and the next page starts after it: no offset to
 * skip over, so a deep page costs what the first does, and products added meanwhile (before or
 * after that point) neither repeat nor push others out of sight. Opaque to clients: base64url of
 * JSON `[sort, ...key]`, checked on the way back in (a bad one is a 400, never a query error).
 */

/** A product's place in a sort: the sort's values (numbers, a UTC timestamp with microseconds), then its id. */
export type SortKey = (string | number)[];

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What each sort's key holds, in order. */
const SHAPES: Record<SearchSort, readonly ('number' | 'timestamp' | 'uuid')[]> = {
  newest: ['timestamp', 'uuid'],
  price_asc: ['number', 'timestamp', 'uuid'],
  price_desc: ['number', 'timestamp', 'uuid'],
  rating: ['number', 'number', 'timestamp', 'uuid'],
  // The tier (0 named exactly as typed, 1 every word in the name, 2 the rest), then newest.
  relevance: ['number', 'timestamp', 'uuid'],
};

export function encodeCursor(sort: SearchSort, key: SortKey): string {
  return Buffer.from(JSON.stringify([sort, ...key])).toString('base64url');
}

const invalid = () => badRequest('cursor is not valid (pass the nextCursor of the same search)', 'cursor');

/** The key in `cursor`, which must have come from a page of the same sort. */
export function decodeCursor(cursor: string, sort: SearchSort): SortKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const shape = SHAPES[sort];
  if (!Array.isArray(parsed) || parsed[0] !== sort || parsed.length !== shape.length + 1) throw invalid();
  const key = parsed.slice(1) as unknown[];
  const fits = shape.every((kind, i) => {
    const v = key[i];
    if (kind === 'number') return typeof v === 'number' && Number.isFinite(v);
    return typeof v === 'string' && (kind === 'uuid' ? UUID : TIMESTAMP).test(v);
  });
  if (!fits) throw invalid();
  return key as SortKey;
}
