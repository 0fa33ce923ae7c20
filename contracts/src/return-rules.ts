import type { ReturnReason, ReturnStatus } from './statuses.ts';

/**
 * Returns and size exchanges after delivery (issue 18): the patterns a refund destination must
 * match, the labels of reasons and states, and the two deadlines. Zod-free, so the web app checks
 * the same rules early and shows the same dates the server enforces.
 */

/** A UPI id (virtual payment address): a handle, `@`, the bank's or app's name (`asha.v@okhdfc`). */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** An Indian bank account number: 9 to 18 digits. */
export const BANK_ACCOUNT_PATTERN = /^\d{9,18}$/;
/** An IFSC: four letters (the bank), a zero, six letters or digits (the branch), upper-case. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** Longest note a shopper may add to a return, and a seller's reason for rejecting one. */
export const RETURN_NOTE_MAX = 500;
export const REJECT_REASON_LIMITS = { min: 3, max: 500 } as const;

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_size: 'Wrong size or fit',
  defective: 'Damaged or defective',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved, awaiting pickup',
  rejected: 'Rejected',
  received: 'Received, not accepted',
  refunded: 'Refunded',
  exchanged: 'Exchanged',
};

/**
 * Size exchanges are only into a size at the same price as the one sent back (ADR 020): a pricier
 * size would come free, a cheaper one would owe the shopper a difference the exchange has no credit
 * note for. Prices in the same unit (paise on the server, rupees in the web app).
 */
export const exchangeAtSamePrice = (returnedPrice: number, newPrice: number) => newPrice === returnedPrice;
export const EXCHANGE_PRICE_RULE =
  'Exchange only into a size at the same price; return this one for a refund and buy the other';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a delivered item may be returned: `days` whole days after its delivery. */
export const returnWindowEnd = (deliveredAt: Date | string, days: number): Date =>
  new Date(new Date(deliveredAt).getTime() + days * DAY_MS);

/** When the seller's time to decide on a request ends; after it an admin may decide instead. */
export const returnDecisionDue = (requestedAt: Date | string, days: number): Date =>
  new Date(new Date(requestedAt).getTime() + days * DAY_MS);

/** A bank account number as shown back to people: only its last four digits (`•••• 6789`). */
export const maskAccountNumber = (accountNumber: string) => `•••• ${accountNumber.slice(-4)}`;
