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

/** UPI ids as banks issue them: name@handle. On the test page `failure@upi` fails, any other pays. */
const VPA_RE = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;
export const TEST_VPA_OK = 'success@upi';
export const TEST_VPA_FAILS = 'failure@upi';

export const upiFormSchema = z.object(
  {
    method: z.literal('upi'),
    vpa: textField('UPI id', 'Enter a UPI id like name@bank')
      .trim()
      .toLowerCase()
      .refine((v) => VPA_RE.test(v), 'Enter a UPI id like name@bank'),
  },
  { error: 'Enter a UPI id like name@bank' },
);

/** Netbanking on the test page: a list of banks, one of which fails. */
export const TEST_BANKS = {
  sbi: 'State Bank of India',
  hdfc: 'HDFC Bank',
  icici: 'ICICI Bank',
  fail: 'Test Bank (payment fails)',
} as const;

export const netbankingFormSchema = z.object(
  { method: z.literal('netbanking'), bank: z.enum(Object.keys(TEST_BANKS) as [keyof typeof TEST_BANKS]) },
  { error: 'Choose your bank' },
);

export type TestPayment =
  | { method: 'card'; declined: boolean }
  | { method: 'upi'; declined: boolean }
  | { method: 'netbanking'; declined: boolean };

/**
 * The page's three forms by their `method` field (none: the card form, as before UPI came): the
 * payment it asks for and whether the test rules decline it, or the message to show.
 */
export function readTestPayment(
  body: Record<string, unknown>,
  declinedCard: string,
): { ok: true; payment: TestPayment } | { ok: false; message: string } {
  const fail = (error: z.ZodError) => ({ ok: false as const, message: error.issues[0]!.message });
  if (body.method === 'upi') {
    const upi = upiFormSchema.safeParse(body);
    if (!upi.success) return fail(upi.error);
    return { ok: true, payment: { method: 'upi', declined: upi.data.vpa === TEST_VPA_FAILS } };
  }
  if (body.method === 'netbanking') {
    const bank = netbankingFormSchema.safeParse(body);
    if (!bank.success) return fail(bank.error);
    return { ok: true, payment: { method: 'netbanking', declined: bank.data.bank === 'fail' } };
  }
  const { method: _method, ...card } = body;
  const parsed = payFormSchema.safeParse(card);
  if (!parsed.success) return fail(parsed.error);
  return { ok: true, payment: { method: 'card', declined: parsed.data.cardNumber === declinedCard } };
}
