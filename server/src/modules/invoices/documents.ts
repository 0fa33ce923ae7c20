import {
  gstStateCode,
  orderNumber,
  REVERSE_CHARGE_NOTE,
  rupeesInWords,
  type SupplyType,
  sellerStateCode,
  splitTax,
  supplyOf,
  type TaxDocument,
  type TaxDocumentKind,
  type TaxDocumentLine,
  UNREGISTERED_SELLER_NOTE,
} from '@vastra/contracts';
import type { orderCharges, orderItems, orders, sellers } from '../../db/schema.ts';
import { paiseToRupees } from '../../lib/money.ts';
import { lineName } from '../catalog/index.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type SellerRow = typeof sellers.$inferSelect;
type ChargeRow = typeof orderCharges.$inferSelect;

/**
 * The services code of a fee's line (issue 37). Both the shipping fee and the COD fee are billed as
 * SAC 996812, courier services: the COD fee is charged for the courier's collecting the cash at the
 * door, part of the same delivery, and no separate code for it is documented in the GST rate
 * notifications; docs/decisions/024-delivery-promise.md records the choice.
 */
export const CHARGE_SAC = '996812';

/** How a fee reads on the invoice. */
export const CHARGE_DESCRIPTION: Record<ChargeRow['kind'], string> = {
  shipping: 'Shipping charges',
  cod: 'Cash On Delivery fee',
};

/** The marketplace as e-commerce operator, printed on every document. */
export interface Operator {
  name: string;
  gstin: string;
}

/** What a document is made of: its heading fields and the items it bills or credits. */
export interface DocumentSource {
  kind: TaxDocumentKind;
  number: string;
  financialYear: string;
  issuedAt: Date;
  order: OrderRow;
  seller: SellerRow;
  items: ItemRow[];
  /**
   * The seller's shipping and COD fees the document bills (an invoice: those of its shipment; a
   * credit note: those refunded with it), each a line after the goods, taxed as stored on the order.
   */
  charges?: ChargeRow[];
  operator: Operator;
  reference: TaxDocument['reference'];
  reason: string | null;
}

/** The stored document (everything but its id): copied from the items' tax as placed, never recomputed. */
export type StoredDocument = Omit<TaxDocument, '_id'>;

/** A document as stored before coupons (issue 36): no gross amounts, discounts or coupon code. */
type OlderDocument = Omit<StoredDocument, 'lines' | 'totals' | 'couponCode'> & {
  lines: Array<Omit<TaxDocumentLine, 'amount' | 'discount'> & Partial<TaxDocumentLine>>;
  totals: Omit<StoredDocument['totals'], 'amount' | 'discount'> & Partial<StoredDocument['totals']>;
  couponCode?: string | null;
};

/**
 * A stored document as the answer shows it. Documents are immutable, so one issued before coupons
 * existed is read as it was printed: no discount, and its gross amounts are unit price × quantity.
 */
export function asIssued(stored: OlderDocument): StoredDocument {
  const toPaise = (rupees: number) => Math.round(rupees * 100);
  const lines = stored.lines.map((l) => ({
    ...l,
    amount: l.amount ?? paiseToRupees(toPaise(l.unitPrice) * l.quantity),
    discount: l.discount ?? 0,
  }));
  const sum = (key: 'amount' | 'discount') => paiseToRupees(lines.reduce((s, l) => s + toPaise(l[key]), 0));
  return {
    ...stored,
    lines,
    couponCode: stored.couponCode ?? null,
    totals: {
      ...stored.totals,
      amount: stored.totals.amount ?? sum('amount'),
      discount: stored.totals.discount ?? sum('discount'),
    },
  };
}

export function buildDocument(src: DocumentSource): {
  document: StoredDocument;
  sums: { taxablePaise: number; taxPaise: number; totalPaise: number };
} {
  const { order, seller } = src;
  const placeCode = gstStateCode(order.state) ?? '';
  const supply: SupplyType = supplyOf(sellerStateCode(seller), placeCode);
  const paise = { amount: 0, discount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  const lines = src.items.map((item): TaxDocumentLine => {
    const split = splitTax(item.taxPaise, supply);
    paise.amount += item.amountPaise;
    paise.discount += item.discountPaise;
    paise.taxable += item.taxablePaise;
    paise.cgst += split.cgstPaise;
    paise.sgst += split.sgstPaise;
    paise.igst += split.igstPaise;
    return {
      itemId: item.id,
      description: lineName(item.productName, item),
      hsn: item.hsn,
      quantity: item.quantity,
      unitPrice: paiseToRupees(item.unitPricePaise),
      amount: paiseToRupees(item.amountPaise),
      discount: paiseToRupees(item.discountPaise),
      taxableValue: paiseToRupees(item.taxablePaise),
      rate: item.gstRateBp / 100,
      cgst: paiseToRupees(split.cgstPaise),
      sgst: paiseToRupees(split.sgstPaise),
      igst: paiseToRupees(split.igstPaise),
      total: paiseToRupees(item.taxablePaise + item.taxPaise),
    };
  });
  // A fee's line: one service, its amount as the goods' lines show theirs (`india`: the fee including
  // GST; `flat18`: the fee, which is its taxable value), its rate, taxable value and tax as placed,
  // split CGST + SGST or IGST like the goods. The totals and the amount in words include it.
  for (const charge of src.charges ?? []) {
    const split = splitTax(charge.taxPaise, supply);
    const amountPaise =
      order.gstMode === 'india' ? charge.taxablePaise + charge.taxPaise : charge.taxablePaise;
    paise.amount += amountPaise;
    paise.taxable += charge.taxablePaise;
    paise.cgst += split.cgstPaise;
    paise.sgst += split.sgstPaise;
    paise.igst += split.igstPaise;
    lines.push({
      itemId: charge.id,
      charge: charge.kind,
      description: CHARGE_DESCRIPTION[charge.kind],
      hsn: CHARGE_SAC,
      quantity: 1,
      unitPrice: paiseToRupees(amountPaise),
      amount: paiseToRupees(amountPaise),
      discount: 0,
      taxableValue: paiseToRupees(charge.taxablePaise),
      rate: charge.gstRateBp / 100,
      cgst: paiseToRupees(split.cgstPaise),
      sgst: paiseToRupees(split.sgstPaise),
      igst: paiseToRupees(split.igstPaise),
      total: paiseToRupees(charge.taxablePaise + charge.taxPaise),
    });
  }
  const taxPaise = paise.cgst + paise.sgst + paise.igst;
  const totalPaise = paise.taxable + taxPaise;
  const document: StoredDocument = {
    kind: src.kind,
    number: src.number,
    date: src.issuedAt.toISOString(),
    financialYear: src.financialYear,
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    reference: src.reference,
    reason: src.reason,
    mode: order.gstMode,
    taxIncluded: order.gstMode === 'india',
    seller: {
      name: seller.legalName || seller.companyName,
      tradeName: seller.companyName,
      address: seller.companyAddress,
      state: seller.state,
      stateCode: sellerStateCode(seller) ?? '',
      gstin: seller.gstin,
    },
    buyer: {
      name: order.customerName ?? '',
      address: order.address,
      city: order.city,
      postalCode: order.postalCode,
      state: order.state,
      stateCode: placeCode,
    },
    placeOfSupply: { state: order.state, stateCode: placeCode },
    supply,
    operator: src.operator,
    lines,
    couponCode: paise.discount > 0 ? order.couponCode : null,
    totals: {
      amount: paiseToRupees(paise.amount),
      discount: paiseToRupees(paise.discount),
      taxableValue: paiseToRupees(paise.taxable),
      cgst: paiseToRupees(paise.cgst),
      sgst: paiseToRupees(paise.sgst),
      igst: paiseToRupees(paise.igst),
      tax: paiseToRupees(taxPaise),
      total: paiseToRupees(totalPaise),
      inWords: rupeesInWords(totalPaise),
    },
    reverseCharge: REVERSE_CHARGE_NOTE,
    unregisteredNote: seller.gstin ? null : UNREGISTERED_SELLER_NOTE,
  };
  return { document, sums: { taxablePaise: paise.taxable, taxPaise, totalPaise } };
}

/** The shop's own name and GSTIN (SHOP_OWNER_NAME, SHOP_GSTIN), as operator. */
export const operatorOf = (config: { shop: { ownerName: string; gstin: string } }): Operator => ({
  name: config.shop.ownerName,
  gstin: config.shop.gstin,
});
