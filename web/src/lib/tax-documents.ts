import type { TaxDocumentKind } from '@vastra/contracts/constants';
import type { Role } from './auth.ts';
import { downloadFile, fetchFile } from './download.ts';

/** Downloading a tax invoice or credit note as the PDF the server renders (with the role's token). */

export { fileNameOf } from './download.ts';

const BASE: Record<TaxDocumentKind, string> = {
  invoice: '/api/invoices',
  credit_note: '/api/credit-notes',
};

/** For messages, and the file's name when the server gives none. */
const NAME: Record<TaxDocumentKind, { text: string; file: string }> = {
  invoice: { text: 'tax invoice', file: 'invoice' },
  credit_note: { text: 'credit note', file: 'credit-note' },
};

const request = (kind: TaxDocumentKind, id: string, as: Role) => ({
  path: `${BASE[kind]}/${encodeURIComponent(id)}/pdf`,
  as,
  accept: 'application/pdf',
  what: NAME[kind].text,
  fallbackName: `${NAME[kind].file}-${id}.pdf`,
});

/** The document's PDF and its file name; throws ApiError with a message the user can read. */
export function fetchTaxDocumentPdf(kind: TaxDocumentKind, id: string, as: Role) {
  return fetchFile(request(kind, id, as));
}

/** Fetches the PDF and has the browser save it; answers the file name. */
export function downloadTaxDocument(kind: TaxDocumentKind, id: string, as: Role): Promise<string> {
  return downloadFile(request(kind, id, as));
}
