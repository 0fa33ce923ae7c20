import { type SQL, sql } from 'drizzle-orm';

/** Letters (with their combining marks: Devanagari vowel signs) and digits in any script; everything else separates words. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
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
  /** The full tsquery (every form of the text): relevance asks it of the product's name. */
  rank: SQL;
}

/**
 * Other words a typed word may stand for: its synonyms (synonyms.ts) and the catalogue words it
 * is a typo of (typos.ts). `prefix` terms also match words they begin (a correction of the word
 * still being typed); the rest match whole words.
 */
export interface WordAlternatives {
  whole: string[];
  prefix: string[];
}
export type Expand = (word: string) => WordAlternatives | undefined;

const noExpansion: Expand = () => undefined;

/** A term of to_tsquery's syntax: quoted (so nothing in it is an operator), `:*` for a prefix. */
const term = (text: string, prefix: boolean) => `'${text.replace(/'/g, "''")}'${prefix ? ':*' : ''}`;

/** The words of the search text as `WORD` splits them, lower case. */
export const wordsOf = (q: string): string[] => q.toLowerCase().match(WORD) ?? [];

/**
 * The tsquery for a shopper's search text: `websearch_to_tsquery` (stemmed, so "shirts" finds
 * "Shirt"; quotes, -word and `or` work as on a web search engine), ORed with a prefix query on the
 * last word so results appear while a word is still being typed ("kurt" finds "Kurta"). The prefix
 * query is built from quoted words, so nothing the user types can break its syntax; each word is
 * ORed with what `expand` gives for it (synonyms, corrections of a typo). Undefined when the text
 * has no word at all (then there is no text filter). Text with operators is taken literally.
 *
 * For plain text (ASCII words and spaces) the prefix query alone finds the same products: both
 * queries are the same stemmed words joined by AND, the prefix one with `:*` on the last word,
 * which matches everything the bare word does. Matching with it alone halves the work of matching.
 */
export function textQuery(q: string | undefined, expand: Expand = noExpansion): TextQuery | undefined {
  if (!q) return undefined;
  const words = wordsOf(q);
  if (words.length === 0) return undefined;
  const web = sql`websearch_to_tsquery('english', ${q})`;
  const last = words.length - 1;
  if (OPERATORS.test(q) || words[last]!.length < 2) return { match: web, rank: web };
  const prefixText = words
    .map((word, i) => {
      const more = expand(word);
      const terms = [
        term(word, i === last),
        ...(more?.whole ?? []).map((t) => term(t, false)),
        ...(more?.prefix ?? []).map((t) => term(t, i === last)),
      ];
      return terms.length === 1 ? terms[0] : `(${terms.join(' | ')})`;
    })
    .join(' & ');
  const prefix = sql`to_tsquery('english', ${prefixText})`;
  const either = sql`(${web} || ${prefix})`;
  return { match: PLAIN.test(q) ? prefix : either, rank: either };
}
