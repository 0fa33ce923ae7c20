import { z } from 'zod';
import { isoDateSchema } from './answers.ts';
import { CATEGORIES } from './catalog-constants.ts';
import { LEDGER_KINDS } from './statuses.ts';
import { textField } from './text.ts';

/** Marketplace money (DESIGN §11): the seller's balance, ledger and payouts; amounts in rupees. */

/** `GET /api/seller/balance`. */
export const sellerBalanceAnswerSchema = z.object({
  success: z.literal(true),
  /** Settled and not yet paid out. */
  payable: z.number(),
  /** Delivered, within the return window. */
  pending: z.number(),
  currency: z.literal('INR'),
});
export type SellerBalanceAnswer = z.infer<typeof sellerBalanceAnswerSchema>;

export const ledgerEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed from the seller's side: credits positive, debits negative. */
  amount: z.number(),
  orderItemId: z.string().nullable(),
  returnId: z.string().nullable(),
  payoutId: z.string().nullable(),
  settlesAt: isoDateSchema,
  date: isoDateSchema,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** `?month=YYYY-MM` (India time); absent: every entry. */
export const monthQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
    .optional(),
});
export const requiredMonthQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM'),
});

/** `GET /api/seller/ledger`. */
export const ledgerAnswerSchema = z.object({
  success: z.literal(true),
  entries: z.array(ledgerEntrySchema),
  payable: z.number(),
  pending: z.number(),
});
export type LedgerAnswer = z.infer<typeof ledgerAnswerSchema>;

const rupeeAmount = z
  .number({ error: 'Amount must be a number' })
  .positive('Amount must be more than zero')
  .max(2_00_00_000, 'Amount is too large')
  .refine(
    (v) => Math.round(v * 100) === v * 100 || Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
    'At most 2 decimals',
  );

/** `POST /api/admin/payouts`. */
export const payoutRequestSchema = z.object({
  sellerId: textField('sellerId').uuid('sellerId is not a valid id'),
  amount: rupeeAmount,
  reference: textField('Reference')
    .trim()
    .min(4, 'Reference (UTR) is required')
    .max(64, 'Reference is too long'),
  idempotencyKey: textField('idempotencyKey')
    .trim()
    .min(8, 'idempotencyKey must be at least 8 characters')
    .max(100),
});
export type PayoutRequestInput = z.input<typeof payoutRequestSchema>;

export const payoutSchema = z.object({
  _id: z.string(),
  sellerId: z.string(),
  companyName: z.string(),
  amount: z.number(),
  reference: z.string(),
  date: isoDateSchema,
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutAnswerSchema = z.object({
  success: z.literal(true),
  payout: payoutSchema,
  repeated: z.boolean(),
});
export const payoutListAnswerSchema = z.object({ success: z.literal(true), payouts: z.array(payoutSchema) });
export const payoutsDueAnswerSchema = z.object({
  success: z.literal(true),
  sellers: z.array(
    z.object({
      sellerId: z.string(),
      companyName: z.string(),
      gstin: z.string().nullable(),
      /** The seller confirmed their e-mail address: a payout is refused (409) until they have. */
      verified: z.boolean(),
      payable: z.number(),
      pending: z.number(),
    }),
  ),
});

const percent = z
  .number({ error: 'Commission must be a number' })
  .min(0, 'Commission cannot be negative')
  .max(100, 'Commission is at most 100%');

/** `PUT /api/admin/commissions`: percent per category and per seller; null removes a rate. */
export const commissionsSchema = z.object({
  categories: z.partialRecord(z.enum(CATEGORIES), percent.nullable()).optional(),
  sellers: z.record(z.string().uuid('Seller id is not a valid id'), percent.nullable()).optional(),
});
export type CommissionsInput = z.input<typeof commissionsSchema>;

export const commissionsAnswerSchema = z.object({
  success: z.literal(true),
  defaultPercent: z.number(),
  categories: z.record(z.string(), z.number()),
  sellers: z.record(z.string(), z.number()),
});
export type CommissionsAnswer = z.infer<typeof commissionsAnswerSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  adminEmail: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  date: isoDateSchema,
});
export const auditLogAnswerSchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
});

export const hideProductSchema = z.object({
  reason: textField('Reason').trim().min(3, 'Say why the product is hidden').max(500, 'Reason is too long'),
});
