/**
 * A tsquery as PostgreSQL prints it (`'shirt':* & ( 'kurta' | 'kurti' ) & !'silk'`), parsed so the
 * in-memory index (memory-index.ts) can match it against the lexemes PostgreSQL stored. The
 * database still does the language work — splitting, stemming, stop words, the synonyms and typos
 * the query was built with — and prints the result; this only reads its syntax. Phrases (`<->`,
 * `<N>`) need word positions, which the index does not keep: `parseTsquery` says so (undefined) and
 * the search runs in SQL instead.
 */
export type TsNode =
  | { op: 'term'; lexeme: string; prefix: boolean }
  | { op: 'not'; arg: TsNode }
  | { op: 'and' | 'or'; args: [TsNode, TsNode] };

type Token =
  | { kind: 'term'; lexeme: string; prefix: boolean }
  | { kind: '&' | '|' | '!' | '(' | ')' | 'phrase' };

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
      tokens.push({ kind: 'phrase' });
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
  if (!tokens || tokens.length === 0 || tokens.some((t) => t.kind === 'phrase')) return undefined;
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
  const and = (): TsNode | undefined => {
    let left = primary();
    while (left && peek()?.kind === '&') {
      at++;
      const right = primary();
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
