/**
 * An amount written out as a GST invoice prints it, in the Indian system (thousand, lakh, crore):
 * a tax invoice carries its total in words so a figure cannot be altered unnoticed.
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

const CRORE = 10_000_000;
const LAKH = 100_000;

/** 1–99: "Seven", "Nineteen", "Forty-Five". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

/**
 * A whole number above zero in words. Above 99 crore the crores are themselves written out
 * ("One Thousand Two Hundred Crore"), as Indian banks write cheques.
 */
function wholeInWords(n: number): string {
  const parts: string[] = [];
  const crores = Math.floor(n / CRORE);
  if (crores > 0) parts.push(`${wholeInWords(crores)} Crore`);
  const groups: [number, string][] = [
    [Math.floor(n / LAKH) % 100, 'Lakh'],
    [Math.floor(n / 1000) % 100, 'Thousand'],
    [Math.floor(n / 100) % 10, 'Hundred'],
  ];
  for (const [count, name] of groups) if (count > 0) parts.push(`${belowHundred(count)} ${name}`);
  if (n % 100 > 0) parts.push(belowHundred(n % 100));
  return parts.join(' ');
}

/**
 * "Rupees One Lakh Two Thousand Three Hundred Forty-Five and Fifty Paise Only" for 10234550 paise.
 * Takes paise, a whole number, so no rounding happens here: the caller's total is what is written.
 */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`An amount in words needs whole, non-negative paise, not ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : wholeInWords(rupees);
  const paiseWords = rest === 0 ? '' : ` and ${belowHundred(rest)} Paise`;
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}
