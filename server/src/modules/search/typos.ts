import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { synonymsOf } from './synonyms.ts';
import type { Expand } from './text-query.ts';
import { wordsOf } from './text-query.ts';

/**
 * Typo tolerance. A typed word of 3 letters or more that begins no word of the catalogue
 * (search_words) is probably misspelt: the database offers the catalogue words most like it by
 * trigrams (`search_word_candidates`, migration 0014), and the word also matches those within one
 * edit of it (two for words of 6 letters or more), a swap of two neighbouring letters counting as
 * one ("shrit" → "shirt", "kruta" → "kurta", "jeens" → "jeans"). Trigrams alone would rank "suit"
 * above "shirt" for "shrit"; edits alone would need every word compared.
 */

/** A `text[]` literal of the values, each a bound parameter. */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

const MIN_LENGTH = 3;
/** A correction must keep to the typed word's script and shape: letters, marks, digits, inner hyphens. */
const SAFE_WORD = /^[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*$/u;

/** Edits allowed for a typed word: one for short words, two from 6 letters (Elasticsearch's AUTO fuzziness). */
const allowedEdits = (word: string) => ([...word].length >= 6 ? 2 : 1);

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d = Array.from({ length: x.length + 1 }, (_, i) => [i, ...Array<number>(y.length).fill(0)]);
  for (let j = 1; j <= y.length; j++) d[0]![j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

/** The closest candidates within the allowed edits (all of them when several are as close). */
export function closest(typed: string, candidates: string[]): string[] {
  const within = candidates
    .filter((c) => SAFE_WORD.test(c))
    .map((word) => ({ word, edits: editDistance(typed, word) }))
    .filter((c) => c.edits > 0 && c.edits <= allowedEdits(typed));
  const fewest = Math.min(...within.map((c) => c.edits));
  return within.filter((c) => c.edits === fewest).map((c) => c.word);
}

/**
 * What each word of the search text also matches: its synonyms, and for a word that begins no
 * catalogue word, its corrections (with their synonyms). One statement when the text has a word
 * to check, none otherwise.
 */
export async function expansionsOf(db: DbOrTx, q: string | undefined): Promise<Expand> {
  const words = q ? [...new Set(wordsOf(q))] : [];
  // A word with synonyms is one we know: never a typo.
  const suspect = words.filter(
    (w) => [...w].length >= MIN_LENGTH && !/^\p{N}+$/u.test(w) && synonymsOf(w).length === 0,
  );
  const corrections = new Map<string, string[]>();
  if (suspect.length > 0) {
    const rows = await db
      .select({ typed: sql<string>`typed`, word: sql<string>`word` })
      .from(sql`search_word_candidates(${textArray(suspect)})`);
    const candidates = new Map<string, string[]>();
    for (const { typed, word } of rows) candidates.set(typed, [...(candidates.get(typed) ?? []), word]);
    for (const [typed, list] of candidates) corrections.set(typed, closest(typed, list));
  }
  return (word) => {
    const fixed = corrections.get(word) ?? [];
    const whole = [...new Set([...synonymsOf(word), ...fixed.flatMap(synonymsOf)])].filter(
      (w) => w !== word && !fixed.includes(w),
    );
    if (whole.length === 0 && fixed.length === 0) return undefined;
    return { whole, prefix: fixed };
  };
}
