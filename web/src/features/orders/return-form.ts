import type { OrderLine, ReturnRequestInput, Variant } from '@vastra/contracts';
import {
  BANK_ACCOUNT_PATTERN,
  exchangeAtSamePrice,
  IFSC_PATTERN,
  RETURN_NOTE_MAX,
  type ReturnKind,
  type ReturnReason,
  UPI_ID_PATTERN,
} from '@vastra/contracts/constants';

/** The return form's values as typed. */
export interface ReturnFormValues {
  quantity: number;
  reason: ReturnReason | '';
  kind: ReturnKind;
  variantId: string;
  note: string;
  /** COD refund: to a UPI id or a bank account. */
  payTo: 'upi' | 'bank';
  upi: string;
  accountNumber: string;
  ifsc: string;
  accountName: string;
}

/** The field names errors are keyed by: the request's paths, as the server names them. */
export const RETURN_FIELDS = [
  'quantity',
  'reason',
  'variantId',
  'note',
  'refundTo',
  'refundTo.upi',
  'refundTo.accountNumber',
  'refundTo.ifsc',
  'refundTo.accountName',
] as const;
export type ReturnField = (typeof RETURN_FIELDS)[number];

export const emptyReturnForm = (kind: ReturnKind): ReturnFormValues => ({
  quantity: 1,
  reason: '',
  kind,
  variantId: '',
  note: '',
  payTo: 'upi',
  upi: '',
  accountNumber: '',
  ifsc: '',
  accountName: '',
});

/**
 * Other sizes and colours of the product the shopper may exchange for: those at the same price as
 * the size sent back (the server refuses any other, ADR 020; a size no longer sold counts at what
 * was paid), in stock or not (the form shows which are out).
 */
export function exchangeChoices(
  variants: readonly Variant[],
  line: Pick<OrderLine, 'variantId' | 'amount' | 'quantity'>,
) {
  const returnedPrice =
    variants.find((v) => v._id === line.variantId)?.price ??
    Math.round((line.amount * 100) / line.quantity) / 100;
  return variants.filter((v) => v._id !== line.variantId && exchangeAtSamePrice(returnedPrice, v.price));
}

/**
 * The same rules the server applies (contracts' patterns), checked before sending so the shopper
 * sees each problem beside its field at once. Empty when the form may be sent.
 */
export function returnFormProblems(v: ReturnFormValues, needsDestination: boolean) {
  const problems: Partial<Record<ReturnField, string>> = {};
  if (!v.reason) problems.reason = /*i18n*/ 'Choose a reason';
  if (v.kind === 'exchange' && !v.variantId)
    problems.variantId = /*i18n*/ 'Choose the size or colour you want instead';
  if (v.note.trim().length > RETURN_NOTE_MAX)
    problems.note = `Note must be at most ${RETURN_NOTE_MAX} characters`;
  if (needsDestination && v.kind === 'refund') {
    if (v.payTo === 'upi') {
      if (!UPI_ID_PATTERN.test(v.upi.trim()))
        problems['refundTo.upi'] = /*i18n*/ 'Enter a UPI id like name@bank';
    } else {
      if (!BANK_ACCOUNT_PATTERN.test(v.accountNumber.replace(/[\s-]/g, '')))
        problems['refundTo.accountNumber'] = /*i18n*/ 'Account number must be 9 to 18 digits';
      if (!IFSC_PATTERN.test(v.ifsc.trim().toUpperCase()))
        problems['refundTo.ifsc'] = /*i18n*/ 'IFSC must be 11 characters like HDFC0001234';
      if (v.accountName.trim().length < 2)
        problems['refundTo.accountName'] = /*i18n*/ 'Enter the account holder’s name';
    }
  }
  return problems;
}

/** The request body of the form's values. */
export function returnRequestOf(v: ReturnFormValues, needsDestination: boolean): ReturnRequestInput {
  return {
    kind: v.kind,
    quantity: v.quantity,
    reason: v.reason as ReturnReason,
    ...(v.note.trim() ? { note: v.note.trim() } : {}),
    ...(v.kind === 'exchange' ? { variantId: v.variantId } : {}),
    ...(needsDestination && v.kind === 'refund'
      ? {
          refundTo:
            v.payTo === 'upi'
              ? { upi: v.upi.trim() }
              : {
                  accountNumber: v.accountNumber.replace(/[\s-]/g, ''),
                  ifsc: v.ifsc.trim().toUpperCase(),
                  accountName: v.accountName.trim(),
                },
        }
      : {}),
  };
}
