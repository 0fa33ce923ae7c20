import { z } from 'zod';

/** U+0000: PostgreSQL cannot store it in text, so a request carrying it would fail deep inside a query. */
const NUL = '\u0000';

/**
 * Where every text field of a request starts (body, query string and path alike): a string that
 * holds no NUL character, refused with a message naming the field (DESIGN §4: bad input gets a
 * clear 4xx, never a 500). `error` is the message for a missing value or one that is not text.
 */
export const textField = (label: string, error = `${label} is required`) =>
  z.string({ error }).refine((v) => !v.includes(NUL), `${label} contains a character that is not allowed`);
