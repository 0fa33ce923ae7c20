import { z } from 'zod';
import { isoDateSchema } from './answers.ts';
import { GST_MODES, SUPPLY_TYPES, TAX_DOCUMENT_KINDS } from './tax-constants.ts';

/**
 * Tax invoices and credit notes (DESIGN §11): one invoice per seller per order, issued when the
 * seller confirms shipment; a credit note when an invoiced item is cancelled or returned. Both are
 * immutable once issued: the answer is the document as it was printed. Amounts are rupees (two
 * decimals), as in every other answer; rates are percent.
 */

const partySchema = z.object({
  name: z.string(),
  address: z.string(),
  state: z.string(),
  /** GST state code, two digits ('29' Karnataka). */
  stateCode: z.string(),
});

export const taxDocumentLineSchema = z.object({
  /** The order item this line bills (a fee's line: the fee's own id). */
  itemId: z.string(),
  /**
   * Set on a fee's line (issue 37): 'shipping' ("Shipping charges") or 'cod' ("Cash On Delivery
   * fee"), SAC 996812, quantity 1. Absent on a goods line.
   */
  charge: z.enum(['shipping', 'cod']).optional(),
  /** Product name with its size and colour: "Linen Kurta (M, Blue)". */
  description: z.string(),
  hsn: z.string(),
  quantity: z.int(),
  /** Price of one piece as listed (incl. GST in `india` mode, before GST in `flat18`), before any coupon. */
  unitPrice: z.number(),
  /** Gross: unit price × quantity, before the coupon. */
  amount: z.number(),
  /**
   * The line's share of the order's coupon discount (0 without one). It is not part of the taxable
   * value (section 15(3) CGST Act): `flat18` taxable value = amount − discount; `india` total =
   * amount − discount, the taxable value backed out of it.
   */
  discount: z.number(),
  taxableValue: z.number(),
  /** Percent: 5, 18. */
  rate: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** Taxable value + tax. */
  total: z.number(),
});
export type TaxDocumentLine = z.infer<typeof taxDocumentLineSchema>;

export const taxDocumentSchema = z.object({
  _id: z.string(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  /** "INV/2627/000001" or "CN/2627/000001": unique per seller per financial year, ≤ 16 characters. */
  number: z.string(),
  date: isoDateSchema,
  /** April–March: "2026-27". */
  financialYear: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  /** A credit note's invoice; null on an invoice. */
  reference: z.object({ invoiceId: z.string(), number: z.string(), date: isoDateSchema }).nullable(),
  /** Why a credit note was issued ('cancelled', 'returned'); null on an invoice. */
  reason: z.string().nullable(),
  mode: z.enum(GST_MODES),
  /** `india` mode: the prices include GST and the taxable value was backed out of them. */
  taxIncluded: z.boolean(),
  seller: partySchema.extend({
    /** The registered (legal) name; the trade name is `tradeName`. */
    tradeName: z.string(),
    /** Null for a seller who has not given one (`flat18` mode only); `unregisteredNote` says so. */
    gstin: z.string().nullable(),
  }),
  buyer: partySchema.extend({ city: z.string(), postalCode: z.string() }),
  placeOfSupply: z.object({ state: z.string(), stateCode: z.string() }),
  supply: z.enum(SUPPLY_TYPES),
  /** The marketplace, as e-commerce operator (section 52 of the CGST Act). */
  operator: z.object({ name: z.string(), gstin: z.string() }),
  lines: z.array(taxDocumentLineSchema),
  /** The order's coupon when this document's lines carry a discount; else null. */
  couponCode: z.string().nullable(),
  totals: z.object({
    /** The lines' gross amounts and discounts, summed. */
    amount: z.number(),
    discount: z.number(),
    taxableValue: z.number(),
    cgst: z.number(),
    sgst: z.number(),
    igst: z.number(),
    tax: z.number(),
    total: z.number(),
    /** "Rupees One Lakh Two Thousand Three Hundred Forty-Five and Fifty Paise Only". */
    inWords: z.string(),
  }),
  /** Always "Tax is not payable on reverse charge". */
  reverseCharge: z.string(),
  /** For a seller without a GSTIN: "The supplier is not registered under GST …"; else null. */
  unregisteredNote: z.string().nullable(),
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;

export const taxDocumentAnswerSchema = z.object({ success: z.literal(true), document: taxDocumentSchema });
export type TaxDocumentAnswer = z.infer<typeof taxDocumentAnswerSchema>;
