import { type SQL, sql } from 'drizzle-orm';

/** Letters and digits in any script; everything else separates words. */
const WORD = /[\p{L}\p{N}]+/gu;
/** Operators of websearch_to_tsquery: a quoted phrase, `-word` (not), `or`. */
const OPERATORS = /"|(^|\s)-\S|\sor\s/i;
/**
 * Text PostgreSQL's parser splits exactly where `WORD` does: ASCII letters and digits between
 * spaces. (`t-shirt`, `3.5` or a mixed-script word can be one token to the parser but several here.)
 */
const PLAIN = /^[a-z0-9\s]+$/i;

export interface TextQuery {
  /** The condition on `products.search`: the tsquery the index looks up. */
  match: SQL;
  /** The tsquery results are ranked by. */
  rank: SQL;
}

/**
 * The tsquery for a shopper's search text: `websearch_to_tsquery` (stemmed, so "shirts" finds
 * "Shirt"; quotes, -word and `or` work as on a web search engine), ORed with a prefix query on the
 * last word so results appear while a word is still being typed ("kurt" finds "Kurta"). The prefix
 * query is built only from letters and digits, so nothing the user types can break its syntax.
 * Undefined when the text has no word at all (then there is no text filter).
 *
 * For plain text (ASCII words and spaces) the prefix query alone finds the same products: both
 * queries are the same stemmed words joined by AND, the prefix one with `:*` on the last word,
 * which matches everything the bare word does. Matching with it alone halves the index work and
 * gives the planner a true row estimate (the OR counts every product twice), so common words use
 * the index instead of a full scan. Ranking still uses the OR, so a whole-word match outranks a
 * product that only starts with the word.
 */
export function textQuery(q: string | undefined): TextQuery | undefined {
  if (!q) return undefined;
  const words = q.toLowerCase().match(WORD);
  if (!words || words.length === 0) return undefined;
  const web = sql`websearch_to_tsquery('english', ${q})`;
  const last = words[words.length - 1]!;
  if (OPERATORS.test(q) || last.length < 2) return { match: web, rank: web };
  const prefixText = [...words.slice(0, -1), `${last}:*`].join(' & ');
  const prefix = sql`to_tsquery('english', ${prefixText})`;
  const either = sql`(${web} || ${prefix})`;
  return { match: PLAIN.test(q) ? prefix : either, rank: either };
}
