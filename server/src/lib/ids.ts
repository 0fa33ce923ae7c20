import { textField } from '@vastra/contracts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Row ids are UUIDs; anything else in an id position is a malformed request (400), not a miss (404). */
export const isId = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);

export const idSchema = (label = 'id') =>
  textField(label)
    .trim()
    .refine((v) => UUID_RE.test(v), `${label} is not a valid id`)
    .transform((v) => v.toLowerCase());
