import { describe, expect, it } from 'vitest';
import { taxDocumentsOf } from './TaxDocumentButtons.tsx';

const item = (invoiceId: string | null, creditNoteId: string | null, companyName: string) => ({
  invoiceId,
  creditNoteId,
  product: [{ companyName }],
});

describe('the tax documents of an order', () => {
  it('offers each invoice once, and names the seller only when there are several', () => {
    expect(
      taxDocumentsOf([item('i1', null, 'Das'), item('i1', null, 'Das'), item(null, null, 'Kota')]),
    ).toEqual([{ kind: 'invoice', id: 'i1', label: 'Tax invoice' }]);
    expect(taxDocumentsOf([item('i1', 'c1', 'Das'), item('i2', null, 'Kota')])).toEqual([
      { kind: 'invoice', id: 'i1', label: 'Tax invoice · Das' },
      { kind: 'invoice', id: 'i2', label: 'Tax invoice · Kota' },
      { kind: 'credit_note', id: 'c1', label: 'Credit note' },
    ]);
  });

  it("numbers one seller's several credit notes", () => {
    expect(taxDocumentsOf([item('i1', 'c1', 'Das'), item('i1', 'c2', 'Das')]).map((d) => d.label)).toEqual([
      'Tax invoice',
      'Credit note · Das 1',
      'Credit note · Das 2',
    ]);
  });
});
