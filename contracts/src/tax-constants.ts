/** GST's names and fixed texts, without zod (the web imports them from `@vastra/contracts/constants`). */

export const GST_MODES = ['flat18', 'india'] as const;
export type GstMode = (typeof GST_MODES)[number];

/** Same state as the seller: CGST + SGST, half each; another state: IGST. */
export const SUPPLY_TYPES = ['intra', 'inter'] as const;
export type SupplyType = (typeof SUPPLY_TYPES)[number];

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

export const REVERSE_CHARGE_NOTE = 'Tax is not payable on reverse charge';
export const UNREGISTERED_SELLER_NOTE =
  'The supplier has not registered a GSTIN with the marketplace; the tax shown is as charged to the buyer.';
