import type { FastifyReply } from 'fastify';
import { sendDownload } from './http.ts';

/** A cell as an export hands it over: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/** Characters a spreadsheet may read as the start of a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number as the exports write money and counts: "12", "-12.50". */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell, safe to open in a spreadsheet. Names, addresses and product texts are typed by people,
 * and `=HYPERLINK(…)` in a company name would run as a formula in Excel or Sheets: text starting
 * like a formula gets a leading apostrophe, shown as text and never run. A plain decimal number is
 * left as it is even with its minus sign ("-12.50" in a money column is a value, not a formula), so
 * every amount still reads and sums as a number. Then quoted when it holds a comma, a quote or a
 * line break (RFC 4180).
 */
function csvCell(value: CsvCell): string {
  const text = value == null ? '' : String(value);
  const safe = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The one CSV writer every export uses: a header line, then the rows, every cell through
 * `csvCell`, CRLF line ends as spreadsheets expect.
 */
export function csvFile(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Paise as rupees with two decimals, for CSV files: 106082 → "1060.82", -1250 → "-12.50". */
export const rupeesText = (paise: number) => (paise / 100).toFixed(2);

/** Answers with a CSV file to download (sendDownload). */
export const sendCsv = (reply: FastifyReply, fileName: string, csv: string) =>
  sendDownload(reply, 'text/csv; charset=utf-8', fileName, csv);
