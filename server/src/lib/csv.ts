/** One CSV line: fields quoted when they hold a comma, quote or line break (RFC 4180). */
export const csvLine = (fields: readonly (string | number)[]) =>
  fields
    .map((f) => {
      const s = String(f);
      return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    })
    .join(',');

/**
 * A text cell a spreadsheet must not run as a formula: names and addresses are typed by people,
 * and `=HYPERLINK(…)` opened in Excel would be an attack. Such cells get a leading apostrophe.
 */
export const safeCell = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** Paise as rupees with two decimals, for CSV files: 106082 → "1060.82". */
export const rupeesText = (paise: number) => (paise / 100).toFixed(2);

/** A whole CSV file (CRLF line ends, as spreadsheets expect). */
export const csvFile = (lines: readonly string[]) => `${lines.join('\r\n')}\r\n`;
