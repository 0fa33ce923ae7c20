import { z } from 'zod';

/** U+0000: PostgreSQL cannot store it in text, so a request carrying it would fail deep inside a query. */
const NUL = '\u0000';
/**
 * Half of a UTF-16 surrogate pair with no other half: not Unicode text. JSON's `"\ud800"` escape
 * makes one; PostgreSQL refuses it in a JSON column, and it cannot be written as UTF-8 at all.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored as it is: no NUL character, no lone surrogate. */
export const isStorableText = (text: string) => !text.includes(NUL) && !LONE_SURROGATE.test(text);

/** The refusal of text `isStorableText` says no to. */
export const notAllowedText = (label: string) => `${label} contains a character that is not allowed`;

/**
 * A required text field, `error` being the message for a missing value or one that is not text.
 * Requests are checked for NUL and lone surrogates once, for every field, before any schema runs
 * (the server's `refuseUnstorableText`); the refinement here covers text that arrives another way,
 * such as a catalogue CSV's cells.
 */
export const textField = (label: string, error = `${label} is required`) =>
  z.string({ error }).refine(isStorableText, notAllowedText(label));
