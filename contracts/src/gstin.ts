/**
 * GSTIN (GST identification number) checks without zod, so the seller form, the server's schemas
 * and the seed share one rule. A GSTIN is 15 characters: a state code (01–38), the holder's PAN,
 * an entity number (1–9, A–Z), the letter Z, and a mod-36 check character that catches most
 * single-character typing mistakes.
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const ENTITY_PATTERN = /^[1-9A-Z]$/;
const FIRST_STATE_CODE = 1;
const LAST_STATE_CODE = 38;

/** What a person typed, trimmed and in capitals: GSTINs are printed in capitals, typed any way. */
export const normaliseGstin = (value: string): string => value.trim().toUpperCase();

/** The two-digit GST state code a GSTIN starts with ('29' for Karnataka). */
export const gstinStateCode = (gstin: string): string => normaliseGstin(gstin).slice(0, 2);

const isStateCode = (code: string): boolean =>
  /^[0-9]{2}$/.test(code) && Number(code) >= FIRST_STATE_CODE && Number(code) <= LAST_STATE_CODE;

/**
 * The check character of a GSTIN's first 14 characters (the GST portal's mod-36 scheme): each
 * character's place in 0-9A-Z is multiplied by 1, 2, 1, 2… from the left, each product's quotient
 * and remainder by 36 are added up, and the check character makes the sum a multiple of 36.
 * Undefined when a character is not a digit or capital letter.
 */
function checkCharacter(first14: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const value = ALPHABET.indexOf(first14[i]!);
    if (value < 0) return undefined;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/**
 * Why a GSTIN is not valid, as a form shows it next to the field; undefined when it is valid.
 * The checks go from the start of the number to its end, so the message names the first mistake.
 */
export function gstinProblem(value: string): string | undefined {
  const gstin = normaliseGstin(value);
  if (gstin.length !== 15) return 'GSTIN must be 15 characters';
  if (!isStateCode(gstin.slice(0, 2))) return 'GSTIN must start with a state code 01–38';
  if (!PAN_PATTERN.test(gstin.slice(2, 12))) {
    return "GSTIN's characters 3–12 must be a PAN (5 letters, 4 digits, 1 letter)";
  }
  if (!ENTITY_PATTERN.test(gstin[12]!)) return "GSTIN's 13th character must be 1–9 or A–Z";
  if (gstin[13] !== 'Z') return "GSTIN's 14th character must be Z";
  if (checkCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return "GSTIN's check digit does not match: check for a typing mistake";
  }
  return undefined;
}

/** True when the GSTIN (trimmed, any case) is well formed and its check character matches. */
export const isValidGstin = (value: string): boolean => gstinProblem(value) === undefined;

/** The 15-character GSTIN whose first 14 characters are given: how demo GSTINs are made. */
export function withCheckDigit(first14: string): string {
  const start = normaliseGstin(first14);
  const check = start.length === 14 ? checkCharacter(start) : undefined;
  if (check === undefined) throw new RangeError(`Not the first 14 characters of a GSTIN: ${first14}`);
  return start + check;
}

/**
 * The shop's own GSTIN when `SHOP_GSTIN` is not set: a made-up Karnataka number that passes the
 * check, so pages and invoices never show one a GST officer's software would reject as mistyped.
 * `withCheckDigit('29AAFCV1234M1Z')`.
 */
export const SHOP_GSTIN_DEFAULT = '29AAFCV1234M1Z1';

/**
 * A made-up but valid GSTIN for the seed's demo sellers: state code, PAN `AAACV` + the index in
 * four digits + a letter that changes with the index, entity 1, Z, check character. The same
 * arguments always give the same GSTIN, so re-seeding does not change printed invoices.
 */
export function demoGstin(stateCode: string, index: number): string {
  if (!isStateCode(stateCode)) throw new RangeError(`Not a GST state code: ${stateCode}`);
  if (!Number.isInteger(index) || index < 0 || index > 9999) {
    throw new RangeError(`A demo GSTIN index is 0–9999, not ${index}`);
  }
  const panLetter = ALPHABET[10 + (index % 26)];
  return withCheckDigit(`${stateCode}AAACV${String(index).padStart(4, '0')}${panLetter}1Z`);
}
