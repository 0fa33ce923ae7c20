import { textField } from '@vastra/contracts';
import { z } from 'zod';

export const INVALID_CARD = 'Enter a valid card number';

/** Expiry and CVC are not checked (no card network behind this page), only that they are short text. */
const cardDetail = (label: string) =>
  textField(label, `${label} must be text`).max(20, `${label} is too long`).optional();

/**
 * The test payment page's Pay form (a form post, or JSON from a script): a wrong type anywhere, a
 * repeated field or a malformed card number is refused with a message the page shows, never a 500.
 */
export const payFormSchema = z.object(
  {
    cardNumber: textField('Card number', INVALID_CARD)
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => /^\d{12,19}$/.test(v), INVALID_CARD),
    expiry: cardDetail('Expiry'),
    cvc: cardDetail('CVC'),
  },
  { error: INVALID_CARD },
);

/**
 * A form body as fields; a field sent more than once keeps all its values (an array), so the schema
 * refuses it instead of one value silently winning.
 */
export function parseFormFields(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return fields;
}
