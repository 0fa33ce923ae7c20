import { z } from 'zod';
import { isoDateSchema } from './answers.ts';
import {
  BANK_ACCOUNT_PATTERN,
  IFSC_PATTERN,
  REJECT_REASON_LIMITS,
  RETURN_NOTE_MAX,
  UPI_ID_PATTERN,
} from './return-rules.ts';
import { pagingFields } from './search.ts';
import { quantitySchema, shoppingId } from './shopping.ts';
import {
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  RETURN_KINDS,
  RETURN_REASONS,
  RETURN_STATUSES,
  type ReturnStatus,
  STORED_PAYMENT_METHODS,
} from './statuses.ts';
import { textField } from './text.ts';

/**
 * Returns and size exchanges of delivered items (issue 18, DESIGN §6): the shopper's request, the
 * seller's and the admin's decisions, and the return as every list shows it. Amounts are rupees.
 */

const blank = (v: unknown) => (v === '' ? undefined : v);

/**
 * Where a Cash On Delivery refund is paid: a UPI id, or a bank account (number, IFSC, holder's
 * name). Spaces and dashes in the account number are dropped; the IFSC is upper-cased.
 */
export const refundToSchema = z
  .object({
    upi: textField('UPI id')
      .trim()
      .refine((v) => UPI_ID_PATTERN.test(v), 'Enter a UPI id like name@bank')
      .optional(),
    accountNumber: textField('Account number')
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => BANK_ACCOUNT_PATTERN.test(v), 'Account number must be 9 to 18 digits')
      .optional(),
    ifsc: textField('IFSC')
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => IFSC_PATTERN.test(v), 'IFSC must be 11 characters like HDFC0001234')
      .optional(),
    accountName: textField('Account holder name')
      .trim()
      .min(2, 'Account holder name must be at least 2 characters')
      .max(80, 'Account holder name must be at most 80 characters')
      .optional(),
  })
  .superRefine((v, ctx) => {
    const bank = [v.accountNumber, v.ifsc, v.accountName].some((f) => f !== undefined);
    if (v.upi !== undefined && bank) {
      ctx.addIssue({ code: 'custom', message: 'Give a UPI id or a bank account, not both', path: ['upi'] });
    } else if (v.upi === undefined && !bank) {
      ctx.addIssue({ code: 'custom', message: 'Give a UPI id or a bank account', path: ['upi'] });
    } else if (bank) {
      const labels = { accountNumber: 'Account number', ifsc: 'IFSC', accountName: 'Account holder name' };
      for (const [key, label] of Object.entries(labels)) {
        if (v[key as keyof typeof labels] === undefined)
          ctx.addIssue({ code: 'custom', message: `${label} is required`, path: [key] });
      }
    }
  })
  .transform(
    (v): RefundTo =>
      v.upi !== undefined
        ? { upi: v.upi }
        : { accountNumber: v.accountNumber!, ifsc: v.ifsc!, accountName: v.accountName! },
  );
export type RefundTo = { upi: string } | { accountNumber: string; ifsc: string; accountName: string };

/** `POST /api/user/order-items/{itemId}/return`. */
export const returnRequestSchema = z
  .object({
    kind: z.enum(RETURN_KINDS, { error: 'kind must be refund or exchange' }),
    quantity: quantitySchema,
    reason: z.enum(RETURN_REASONS, { error: `reason must be one of ${RETURN_REASONS.join(', ')}` }),
    note: textField('Note')
      .trim()
      .max(RETURN_NOTE_MAX, `Note must be at most ${RETURN_NOTE_MAX} characters`)
      .optional(),
    /** Exchange: the size (and colour) wanted instead, another variant of the same product. */
    variantId: z.preprocess(blank, shoppingId('variantId').optional()),
    /** A Cash On Delivery refund: where to pay it. Ignored for an order paid online. */
    refundTo: refundToSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'exchange' && !v.variantId)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose the size or colour you want instead',
        path: ['variantId'],
      });
  });
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;
export type ReturnRequest = z.output<typeof returnRequestSchema>;

export const orderItemReturnParamsSchema = z.object({ itemId: shoppingId('itemId') });
export const returnParamsSchema = z.object({ returnId: shoppingId('returnId') });

/** Approve: the pickup, when the seller has arranged it (courier and AWB together, or neither). */
export const returnApproveSchema = z
  .object({
    courier: textField('Courier')
      .trim()
      .min(2, 'Courier must be at least 2 characters')
      .max(60, 'Courier must be at most 60 characters')
      .optional(),
    awb: textField('AWB number')
      .trim()
      .regex(/^[A-Za-z0-9-]{6,30}$/, 'AWB number must be 6 to 30 letters, digits or dashes')
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.courier && !b.awb) ctx.addIssue({ code: 'custom', message: 'Enter the AWB number', path: ['awb'] });
    if (b.awb && !b.courier)
      ctx.addIssue({ code: 'custom', message: 'Enter the courier', path: ['courier'] });
  })
  .optional();
export type ReturnApproveInput = z.input<typeof returnApproveSchema>;

export const returnRejectSchema = z.object({
  reason: textField('Reason')
    .trim()
    .min(REJECT_REASON_LIMITS.min, `Reason must be at least ${REJECT_REASON_LIMITS.min} characters`)
    .max(REJECT_REASON_LIMITS.max, `Reason must be at most ${REJECT_REASON_LIMITS.max} characters`),
});
export type ReturnRejectInput = z.input<typeof returnRejectSchema>;

export const returnReceiveSchema = z.object({
  conditionOk: z.boolean({ error: 'conditionOk must be true or false' }),
});
export type ReturnReceiveInput = z.input<typeof returnReceiveSchema>;

/** Admin: a COD refund paid by hand (UPI or bank transfer), with the transfer's reference (UTR). */
export const codRefundPaidSchema = z.object({
  reference: textField('Reference')
    .trim()
    .min(4, 'Reference must be at least 4 characters')
    .max(40, 'Reference must be at most 40 characters'),
});
export type CodRefundPaidInput = z.input<typeof codRefundPaidSchema>;

/** `?status=&itemId=&page=&limit=` of the return lists. */
export const returnListQuerySchema = z.object({
  status: z.preprocess(
    blank,
    z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
  ),
  itemId: z.preprocess(blank, shoppingId('itemId').optional()),
  ...pagingFields,
});
export type ReturnListQuery = z.output<typeof returnListQuerySchema>;

const refundToAnswerSchema = z.union([
  z.object({ upi: z.string() }),
  z.object({ accountNumber: z.string(), ifsc: z.string(), accountName: z.string() }),
]);

/** One return as the shopper, the seller and the admin see it. */
export const returnViewSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  /** `VA-1A2B3C4D`. */
  orderNumber: z.string(),
  itemId: z.string(),
  productId: z.string().nullable(),
  productName: z.string(),
  image: z.string(),
  size: z.string(),
  color: z.string(),
  /** Units of the item bought, and the price of one as paid (rupees). */
  itemQuantity: z.int(),
  unitPrice: z.number(),
  kind: z.enum(RETURN_KINDS),
  quantity: z.int(),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  status: z.enum(RETURN_STATUSES),
  /** Exchange: the size and colour sent instead. */
  exchange: z.object({ variantId: z.string().nullable(), size: z.string(), color: z.string() }).nullable(),
  paymentMethod: z.enum(STORED_PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** A COD refund's destination: shown to the shopper and the admin, never to the seller. */
  refundTo: refundToAnswerSchema.nullable(),
  pickup: z.object({ courier: z.string(), awb: z.string() }).nullable(),
  rejectReason: z.string().nullable(),
  /** Set once the parcel came back: false closes the return without restock or refund. */
  conditionOk: z.boolean().nullable(),
  /**
   * The money: online orders are refunded through the provider (`pending` until it confirms); a
   * COD refund is `pending` until the shop has paid it to `refundTo`.
   */
  refund: z
    .object({
      amount: z.number(),
      method: z.enum(['online', 'cod']),
      status: z.enum(REFUND_STATUSES),
      reference: z.string().nullable(),
    })
    .nullable(),
  creditNoteId: z.string().nullable(),
  /** Exchange: the no-charge order item that ships the new size. */
  exchangeItemId: z.string().nullable(),
  decidedBy: z.enum(['seller', 'admin']).nullable(),
  decidedAt: isoDateSchema.nullable(),
  receivedAt: isoDateSchema.nullable(),
  closedAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  /** The seller's time to approve or reject ends then; after it an admin may decide. */
  decisionDue: isoDateSchema,
  customerName: z.string(),
  companyName: z.string(),
});
export type ReturnView = z.infer<typeof returnViewSchema>;

export const returnCountsSchema = z.object({
  requested: z.int(),
  approved: z.int(),
  rejected: z.int(),
  received: z.int(),
  refunded: z.int(),
  exchanged: z.int(),
} satisfies Record<ReturnStatus, z.ZodType>);
export type ReturnCounts = z.infer<typeof returnCountsSchema>;

/** A page of returns (newest first) and how many there are in each state (`X-Total-Count` too). */
export const returnListAnswerSchema = z.object({
  success: z.literal(true),
  returns: z.array(returnViewSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
  counts: returnCountsSchema,
});
export type ReturnListAnswer = z.infer<typeof returnListAnswerSchema>;

/** The answer of every move: the return as it now stands. */
export const returnAnswerSchema = z.object({ success: z.literal(true), return: returnViewSchema });
export type ReturnAnswer = z.infer<typeof returnAnswerSchema>;
