import { type SQL, sql } from 'drizzle-orm';

/** Letters and digits in any script; everything else separates words. */
const WORD = /[\p{L}\p{N}]+/gu;
/** Operators of websearch_to_tsquery: a quoted phrase, `-word` (not), `or`. */
const OPERATORS = /"|(^|\s)-\S|\sor\s/i;

/**
 * The tsquery for a shopper's search text: `websearch_to_tsquery` (stemmed, so "shirts" finds
 * "Shirt"; quotes, -word and `or` work as on a web search engine), ORed with a prefix query on the
 * last word so results appear while a word is still being typed ("kurt" finds "Kurta"). The prefix
 * query is built only from letters and digits, so nothing the user types can break its syntax.
 * Undefined when the text has no word at all (then there is no text filter).
 */
export function textQuery(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const words = q.toLowerCase().match(WORD);
  if (!words || words.length === 0) return undefined;
  const web = sql`websearch_to_tsquery('english', ${q})`;
  const last = words[words.length - 1]!;
  if (OPERATORS.test(q) || last.length < 2) return web;
  const prefix = [...words.slice(0, -1), `${last}:*`].join(' & ');
  return sql`(${web} || to_tsquery('english', ${prefix}))`;
}
