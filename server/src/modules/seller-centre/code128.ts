/**
 * Code 128 (code set B: printable ASCII) drawn as bars, so a label's order number scans at any
 * courier's desk without a barcode library. Each symbol is six widths (bar, space, bar…, in modules);
 * the table is the standard's, values 0–106 (103 and 105, starts A and C, are not used here).
 */
// biome-ignore format: the standard's table, ten symbols a line
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131',
] as const;
const START_B = '211214';
const STOP = '2331112';
const START_B_VALUE = 104;

/** The symbol values of `text` in code set B with its check symbol (no start or stop). */
export function code128Values(text: string): number[] {
  const values = [...text].map((ch) => {
    const code = ch.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 B cannot encode ${JSON.stringify(ch)}`);
    return code - 32;
  });
  const check = values.reduce((sum, v, i) => sum + v * (i + 1), START_B_VALUE) % 103;
  return [...values, check];
}

/** Alternating bar/space widths in modules, starting with a bar: start B, the data, check, stop. */
export function code128Widths(text: string): number[] {
  const symbols = [START_B, ...code128Values(text).map((v) => PATTERNS[v]!), STOP];
  return symbols.flatMap((s) => [...s].map(Number));
}

/** Reads widths back into text (for tests: proves the bars say what was meant). */
export function decodeCode128(widths: readonly number[]): string {
  const pattern = (i: number) => widths.slice(i, i + 6).join('');
  if (pattern(0) !== START_B) throw new Error('not a code set B barcode');
  const values: number[] = [];
  for (let i = 6; i < widths.length - 7; i += 6) {
    const v = PATTERNS.indexOf(pattern(i) as (typeof PATTERNS)[number]);
    if (v < 0) throw new Error(`unknown symbol at ${i}`);
    values.push(v);
  }
  const check = values.pop()!;
  const expected = values.reduce((sum, v, i) => sum + v * (i + 1), START_B_VALUE) % 103;
  if (check !== expected) throw new Error('bad check symbol');
  return String.fromCharCode(...values.map((v) => v + 32));
}

/** Quiet zone on each side, in modules (the standard asks for at least 10). */
export const QUIET_ZONE = 10;
