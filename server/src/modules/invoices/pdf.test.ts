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

/** One line as `india` mode bills it: the price includes GST and the taxable value is backed out. */
function line(
  description: string,
  quantity: number,
  unitPrice: number,
  rate: number,
  supply: 'intra' | 'inter',
) {
  const total = round(quantity * unitPrice);
  const taxableValue = round(total / (1 + rate / 100));
  const tax = round(total - taxableValue);
  const cgst = supply === 'intra' ? round(tax / 2) : 0;
  return {
    itemId: `item-${description.length}-${quantity}`,
    description,
    hsn: '6211',
    quantity,
    unitPrice,
    taxableValue,
    rate,
    cgst,
    sgst: supply === 'intra' ? round(tax - cgst) : 0,
    igst: supply === 'inter' ? tax : 0,
    total,
  } satisfies TaxDocumentLine;
}

const sum = (lines: TaxDocumentLine[], key: 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'total') =>
  round(lines.reduce((s, l) => s + l[key], 0));

/** An invoice of a Karnataka seller, to a buyer in Karnataka ('intra') or Maharashtra ('inter'). */
function sampleDocument(supply: 'intra' | 'inter', extraLines = 0): TaxDocument {
  const lines = [
    line('सूती कुर्ता (M, Blue)', 2, 1049, 5, supply),
    line('Linen Shirt with a long name that wraps onto a second line (L, White)', 1, 2999, 18, supply),
    ...Array.from({ length: extraLines }, (_, i) =>
      line(`Cotton Dupatta ${i + 1} (Free size, Red)`, 1, 499, 5, supply),
    ),
  ];
  const totals = {
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
