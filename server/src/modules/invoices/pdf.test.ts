import {
  REVERSE_CHARGE_NOTE,
  rupeesInWords,
  type TaxDocument,
  type TaxDocumentLine,
  UNREGISTERED_SELLER_NOTE,
} from '@vastra/contracts';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { invoiceDay, pdfFileName, renderTaxDocumentPdf } from './pdf.ts';

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * One line as `india` mode bills it: the price includes GST and the taxable value is backed out of
 * what the shopper pays, the gross amount less the line's `discount` (a coupon's share).
 */
function line(
  description: string,
  quantity: number,
  unitPrice: number,
  rate: number,
  supply: 'intra' | 'inter',
  discount = 0,
) {
  const amount = round(quantity * unitPrice);
  const total = round(amount - discount);
  const taxableValue = round(total / (1 + rate / 100));
  const tax = round(total - taxableValue);
  const cgst = supply === 'intra' ? round(tax / 2) : 0;
  return {
    itemId: `item-${description.length}-${quantity}`,
    description,
    hsn: '6211',
    quantity,
    unitPrice,
    amount,
    discount,
    taxableValue,
    rate,
    cgst,
    sgst: supply === 'intra' ? round(tax - cgst) : 0,
    igst: supply === 'inter' ? tax : 0,
    total,
  } satisfies TaxDocumentLine;
}

type Summed = 'amount' | 'discount' | 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'total';
const sum = (lines: TaxDocumentLine[], key: Summed) => round(lines.reduce((s, l) => s + l[key], 0));

/**
 * An invoice of a Karnataka seller, to a buyer in Karnataka ('intra') or Maharashtra ('inter'); with
 * `discounts`, the first two lines' shares of a coupon.
 */
function sampleDocument(supply: 'intra' | 'inter', extraLines = 0, discounts = [0, 0]): TaxDocument {
  const lines = [
    line('सूती कुर्ता (M, Blue)', 2, 1049, 5, supply, discounts[0]),
    line(
      'Linen Shirt with a long name that wraps onto a second line (L, White)',
      1,
      2999,
      18,
      supply,
      discounts[1],
    ),
    ...Array.from({ length: extraLines }, (_, i) =>
      line(`Cotton Dupatta ${i + 1} (Free size, Red)`, 1, 499, 5, supply),
    ),
  ];
  const totals = {
    amount: sum(lines, 'amount'),
    discount: sum(lines, 'discount'),
    taxableValue: sum(lines, 'taxableValue'),
    cgst: sum(lines, 'cgst'),
    sgst: sum(lines, 'sgst'),
    igst: sum(lines, 'igst'),
    total: sum(lines, 'total'),
  };
  const buyerState =
    supply === 'intra' ? { state: 'Karnataka', stateCode: '29' } : { state: 'Maharashtra', stateCode: '27' };
  return {
    _id: 'doc-1',
    kind: 'invoice',
    number: 'INV/2627/000001',
    date: '2026-11-25T06:30:00.000Z',
    financialYear: '2026-27',
    orderId: 'order-1',
    orderNumber: 'VST-20261125-0001',
    reference: null,
    reason: null,
    mode: 'india',
    taxIncluded: true,
    seller: {
      name: 'Vastra Handlooms Private Limited',
      tradeName: 'Vastra Handlooms',
      address: '12, 3rd Cross, Chickpet, Bengaluru 560053',
      state: 'Karnataka',
      stateCode: '29',
      gstin: '29AAACV0001B1Z6',
    },
    buyer: {
      name: 'अनीता शर्मा',
      address: 'Flat 4B, Lake View Apartments, MG Road',
      city: supply === 'intra' ? 'Bengaluru' : 'Pune',
      postalCode: supply === 'intra' ? '560001' : '411001',
      ...buyerState,
    },
    placeOfSupply: buyerState,
    supply,
    operator: { name: 'Vastra Marketplace', gstin: '29AAFCV1234M1Z1' },
    lines,
    couponCode: discounts.some((d) => d > 0) ? 'DIWALI10' : null,
    totals: {
      ...totals,
      tax: round(totals.cgst + totals.sgst + totals.igst),
      inWords: rupeesInWords(Math.round(totals.total * 100)),
    },
    reverseCharge: REVERSE_CHARGE_NOTE,
    unregisteredNote: null,
  };
}

/** The PDF's text as a reader's copy-paste gives it, with runs of whitespace made one space. */
async function renderedText(doc: TaxDocument) {
  const pdf = await renderTaxDocumentPdf(doc);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text, totalPages } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), totalPages };
}

describe('the printed tax invoice', () => {
  it('carries what a GST invoice must show, with CGST and SGST for a sale within the state', async () => {
    const doc = sampleDocument('intra');
    const { text, totalPages } = await renderedText(doc);
    expect(totalPages).toBe(1);
    for (const expected of [
      'Tax Invoice',
      'INV/2627/000001',
      '25 Nov 2026',
      'VST-20261125-0001',
      'Place of supply Karnataka (29)',
      'GSTIN: 29AAACV0001B1Z6',
      'E-commerce operator: Vastra Marketplace, GSTIN 29AAFCV1234M1Z1',
      'Rupees Five Thousand Ninety-Seven Only',
      'Rs. 5,097.00',
      'Tax is not payable on reverse charge',
      'Prices include GST',
      'CGST',
      'SGST',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
    // No coupon: no discount column, row or note (an invoice without one looks as it always did).
    expect(text).not.toContain('Discount');
    expect(text).not.toContain('Amount (Rs.)');
    expect(text).not.toContain('section 15(3)');
  });

  it('shows the gross amount and the discount of each line when a coupon gave one', async () => {
    // Rs. 2,098.00 less 209.80 = 1,888.20 at 5% (1,798.29 + 89.91); Rs. 2,999.00 less 300.00 =
    // 2,699.00 at 18% (2,287.29 + 411.71). Total 4,587.20.
    const doc = sampleDocument('intra', 0, [209.8, 300]);
    expect(doc.totals).toMatchObject({ amount: 5097, discount: 509.8, total: 4587.2 });
    expect(doc.lines.map((l) => [l.taxableValue, l.total])).toEqual([
      [1798.29, 1888.2],
      [2287.29, 2699],
    ]);
    const { text, totalPages } = await renderedText(doc);
    expect(totalPages).toBe(1);
    for (const expected of [
      'Amount (Rs.)',
      'Discount (Rs.)',
      '2,098.00',
      '209.80',
      '300.00',
      'Amount Rs. 5,097.00',
      'Discount (DIWALI10) - Rs. 509.80',
      'Total Rs. 4,587.20',
      'Rupees Four Thousand Five Hundred Eighty-Seven and Twenty Paise Only',
      'the taxable value is the price less the discount, less the GST in it',
      'not part of the taxable value (section 15(3) of the CGST Act)',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('keeps Hindi product and buyer names as text, not missing glyphs', async () => {
    const { text } = await renderedText(sampleDocument('intra'));
    // Devanagari is shaped (a reph moves after its syllable), so check words whose glyphs keep their order.
    expect(text).toContain('सूती');
    expect(text).toContain('अनीता');
  });

  it('bills IGST alone for a sale to another state', async () => {
    const { text } = await renderedText(sampleDocument('inter'));
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST');
    expect(text).toContain('Place of supply Maharashtra (27)');
    expect(text).toContain('Pune – 411001');
  });

  it('prints a credit note with the invoice it reverses, the reason and an unregistered seller note', async () => {
    const invoice = sampleDocument('intra');
    const { text } = await renderedText({
      ...invoice,
      kind: 'credit_note',
      number: 'CN/2627/000003',
      reference: { invoiceId: 'inv-1', number: invoice.number, date: invoice.date },
      reason: 'returned',
      seller: { ...invoice.seller, gstin: null },
      unregisteredNote: UNREGISTERED_SELLER_NOTE,
    });
    expect(text).toContain('Credit Note');
    expect(text).toContain('CN/2627/000003');
    expect(text).toContain('Against invoice INV/2627/000001 of 25 Nov 2026');
    expect(text).toContain('Reason Returned');
    expect(text).toContain(UNREGISTERED_SELLER_NOTE);
  });

  it('runs onto more pages when the lines do not fit on one, with every line printed', async () => {
    const { text, totalPages } = await renderedText(sampleDocument('inter', 60));
    expect(totalPages).toBeGreaterThan(1);
    expect(text).toContain('Cotton Dupatta 60 (Free size, Red)');
    expect(text).toContain(`INV/2627/000001 – page ${totalPages} of ${totalPages}`);
  });
});

describe('invoice file names and dates', () => {
  it('names the file after the document number', () => {
    expect(pdfFileName({ number: 'INV/2627/000001' })).toBe('INV-2627-000001.pdf');
    expect(pdfFileName({ number: 'CN/2627/000012' })).toBe('CN-2627-000012.pdf');
  });

  it('writes the day as it was in India, with a three-letter month', () => {
    expect(invoiceDay('2026-11-25T06:30:00.000Z')).toBe('25 Nov 2026');
    expect(invoiceDay('2026-11-24T20:00:00.000Z')).toBe('25 Nov 2026');
    expect(invoiceDay('2026-09-05T10:00:00.000Z')).toBe('05 Sep 2026');
  });
});
