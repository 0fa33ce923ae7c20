import type { TaxDocumentKind } from '@vastra/contracts/constants';
import { useState } from 'react';
import type { Role } from '../lib/auth.ts';
import { useI18n } from '../lib/i18n.tsx';
import { downloadTaxDocument } from '../lib/tax-documents.ts';
import { toast } from '../lib/toast.ts';

/** A tax invoice or credit note to offer for download, with the button's text. */
export interface TaxDocumentRef {
  kind: TaxDocumentKind;
  id: string;
  label: string;
}

/** The order items' part this needs: their documents and whose product each is. */
interface DocumentedItem {
  invoiceId: string | null;
  creditNoteId: string | null;
  product: readonly { companyName: string }[];
}

const KIND_LABEL: Record<TaxDocumentKind, string> = {
  invoice: /*i18n*/ 'Tax invoice',
  credit_note: /*i18n*/ 'Credit note',
};

/**
 * The distinct invoices and credit notes of these items, invoices first. A seller's items in one
 * order share one invoice, so it is offered once; when an order has several of a kind (several
 * sellers), each button names its seller.
 */
export function taxDocumentsOf(items: readonly DocumentedItem[]): TaxDocumentRef[] {
  const refs: TaxDocumentRef[] = [];
  for (const kind of ['invoice', 'credit_note'] as const) {
    const found = new Map<string, string>();
    for (const item of items) {
      const id = kind === 'invoice' ? item.invoiceId : item.creditNoteId;
      if (id && !found.has(id)) found.set(id, item.product[0]?.companyName ?? '');
    }
    const labels = [...found.values()].map((seller) =>
      found.size > 1 && seller ? `${KIND_LABEL[kind]} · ${seller}` : KIND_LABEL[kind],
    );
    // Two credit notes from one seller would read alike: number them.
    const seen = new Map<string, number>();
    [...found.keys()].forEach((id, i) => {
      const label = labels[i]!;
      const repeats = labels.filter((l) => l === label).length > 1;
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      refs.push({ kind, id, label: repeats ? `${label} ${n}` : label });
    });
  }
  return refs;
}

const DownloadIcon = () => (
  <svg
    aria-hidden="true"
    width={16}
    height={16}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    focusable={false}
  >
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </svg>
);

/**
 * Download buttons for tax invoices and credit notes (PDF), fetched with the token of `as`, the
 * role viewing them (the shopper who bought, or the seller who sold). A failure is toasted.
 */
export function TaxDocumentButtons({ documents, as }: { documents: readonly TaxDocumentRef[]; as: Role }) {
  const i18n = useI18n();
  const [busy, setBusy] = useState<string | null>(null);
  if (documents.length === 0) return null;
  const download = async (doc: TaxDocumentRef) => {
    setBusy(doc.id);
    try {
      await downloadTaxDocument(doc.kind, doc.id, as);
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="tax-documents">
      {documents.map((doc) => (
        <button
          key={`${doc.kind}/${doc.id}`}
          type="button"
          className="btn btn-sm"
          title={`Download the ${doc.label.toLowerCase()} (PDF)`}
          disabled={busy === doc.id}
          aria-busy={busy === doc.id}
          onClick={() => download(doc)}
        >
          <DownloadIcon />
          {i18n._(doc.label)}
        </button>
      ))}
    </div>
  );
}
