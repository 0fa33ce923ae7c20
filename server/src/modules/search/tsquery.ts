/**
 * A tsquery as PostgreSQL prints it (`'shirt':* & ( 'kurta' | 'kurti' ) & !'silk'`), parsed so the
 * in-memory index (memory-index.ts) can match it against the lexemes PostgreSQL stored. The
 * database still does the language work — splitting, stemming, stop words, the synonyms and typos
 * the query was built with — and prints the result; this only reads its syntax. Phrases (`<->`,
 * `<N>`) need word positions, which the index does not keep: `parseTsquery` says so (undefined) and
 * PostgreSQL matches them instead (search-products.ts, `phraseMatches`), except the phrase of one
 * hyphenated word (`compoundPhrase`).
 */
export type TsNode =
  | { op: 'term'; lexeme: string; prefix: boolean }
  | { op: 'not'; arg: TsNode }
  | { op: 'and' | 'or'; args: [TsNode, TsNode] };

type Token =
  | { kind: 'term'; lexeme: string; prefix: boolean }
  | { kind: '&' | '|' | '!' | '(' | ')' }
  | { kind: 'phrase'; distance: number };

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ') {
      i++;
    } else if (c === '&' || c === '|' || c === '!' || c === '(' || c === ')') {
      tokens.push({ kind: c });
      i++;
    } else if (c === '<') {
      const end = text.indexOf('>', i);
      if (end < 0) return undefined;
      const inside = text.slice(i + 1, end);
      const distance = inside === '-' ? 1 : /^\d+$/.test(inside) ? Number(inside) : Number.NaN;
      if (!(distance >= 1)) return undefined;
      tokens.push({ kind: 'phrase', distance });
      i = end + 1;
    } else if (c === "'") {
      let lexeme = '';
      i++;
      for (;;) {
        if (i >= text.length) return undefined;
        const ch = text[i]!;
        if (ch === "'" && text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
        } else if (ch === '\\' && i + 1 < text.length) {
          lexeme += text[i + 1];
          i += 2;
        } else if (ch === "'") {
          i++;
          break;
        } else {
          lexeme += ch;
          i++;
        }
      }
      // Flags after the lexeme: `:*` (prefix) and weights (A–D, which a search never sets).
      let prefix = false;
      if (text[i] === ':') {
        i++;
        while (i < text.length && /[*A-Da-d]/.test(text[i]!)) {
          if (text[i] === '*') prefix = true;
          else return undefined;
          i++;
        }
      }
      tokens.push({ kind: 'term', lexeme, prefix });
    } else {
      return undefined;
    }
  }
  return tokens;
}

/**
 * The query, or undefined when it has no lexeme (only stop words: PostgreSQL matches nothing
 * certain then) or holds what the index cannot answer (phrases).
 */
export function parseTsquery(text: string): TsNode | undefined {
  const tokens = tokenize(text);
  if (!tokens || tokens.length === 0) return undefined;
  let at = 0;
  const peek = () => tokens[at];
  // Precedence as PostgreSQL's: ! binds tightest, then &, then |.
  const primary = (): TsNode | undefined => {
    const t = tokens[at++];
    if (!t) return undefined;
    if (t.kind === 'term') return { op: 'term', lexeme: t.lexeme, prefix: t.prefix };
    if (t.kind === '!') {
      const arg = primary();
      return arg && { op: 'not', arg };
    }
    if (t.kind === '(') {
      const inner = or();
      if (!inner || tokens[at++]?.kind !== ')') return undefined;
      return inner;
    }
    return undefined;
  };
  // A phrase binds tighter than & and looser than !; only a hyphenated word's own phrase is read.
  const phrase = (): TsNode | undefined => {
    const first = primary();
    const parts: { node: TsNode | undefined; distance: number }[] = [];
    for (let next = peek(); first && next?.kind === 'phrase'; next = peek()) {
      at++;
      parts.push({ node: primary(), distance: next.distance });
    }
    return parts.length === 0 ? first : compoundPhrase(first, parts);
  };
  const and = (): TsNode | undefined => {
    let left = phrase();
    while (left && peek()?.kind === '&') {
      at++;
      const right = phrase();
      left = right && { op: 'and', args: [left, right] };
    }
    return left;
  };
  const or = (): TsNode | undefined => {
    let left = and();
    while (left && peek()?.kind === '|') {
      at++;
      const right = and();
      left = right && { op: 'or', args: [left, right] };
    }
    return left;
  };
  const tree = or();
  return tree && at === tokens.length ? tree : undefined;
}

/**
 * A phrase PostgreSQL makes of one hyphenated word: `t-shirt` is `'t-shirt' <2> 'shirt'` (the
 * whole word, then its parts at the positions that follow it, stop words counted, stemmed). A
 * product has the whole word's lexeme only where its text has that word, and then always its parts
 * right after it, so the phrase matches exactly the products with the whole word: it is that term.
 * Any other phrase (quotes the shopper typed, parts that are not the word's) needs positions:
 * undefined.
 */
function compoundPhrase(
  first: TsNode | undefined,
  parts: { node: TsNode | undefined; distance: number }[],
): TsNode | undefined {
  if (first?.op !== 'term' || first.prefix || !first.lexeme.includes('-')) return undefined;
  const segments = first.lexeme.split('-');
  let offset = 0;
  for (const { node, distance } of parts) {
    offset += distance;
    if (node?.op !== 'term' || node.prefix || node.lexeme === '') return undefined;
    const segment = segments[offset - 1];
    // Stemmed: a prefix of its segment, or changed in its last letter at most ("ready" → "readi").
    if (
      segment === undefined ||
      !(
        segment.startsWith(node.lexeme) ||
        (segment.length > 2 && node.lexeme.startsWith(segment.slice(0, -1)))
      )
    )
      return undefined;
  }
  return first;
}
