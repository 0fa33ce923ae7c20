import type { TaxDocumentKind } from '@vastra/contracts/constants';
import { ApiError, errorMessage, NETWORK_ERROR } from './api.ts';
import { type Role, tokenOf } from './auth.ts';

/**
 * Downloading a tax invoice or credit note as the PDF the server renders. A plain link cannot
 * send the `auth-token` header the API wants, so the file is fetched with it and handed to the
 * browser as an object URL. Kept out of `api.ts`: only the order screens need it, and `api.ts` is
 * part of the landing page's JavaScript.
 */

const BASE: Record<TaxDocumentKind, string> = {
  invoice: '/api/invoices',
  credit_note: '/api/credit-notes',
};

/** For messages, and the file's name when the server gives none. */
const NAME: Record<TaxDocumentKind, { text: string; file: string }> = {
  invoice: { text: 'tax invoice', file: 'invoice' },
  credit_note: { text: 'credit note', file: 'credit-note' },
};

/** The object URL is freed once the browser has surely started saving the file. */
const REVOKE_AFTER_MS = 60_000;

/** The file name in a Content-Disposition header (`attachment; filename="INV-2627-000001.pdf"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim();
  return plain || fallback;
}

/** The document's PDF and its file name; throws ApiError with a message the user can read. */
export async function fetchTaxDocumentPdf(
  kind: TaxDocumentKind,
  id: string,
  as: Role,
): Promise<{ blob: Blob; fileName: string }> {
  const token = tokenOf(as);
  let res: Response;
  try {
    res = await fetch(`${BASE[kind]}/${encodeURIComponent(id)}/pdf`, {
      headers: { accept: 'application/pdf', ...(token ? { 'auth-token': token } : {}) },
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    throw new ApiError(errorMessage(body, `Could not download the ${NAME[kind].text}`), res.status, body);
  }
  const blob = await res.blob();
  return {
    blob,
    fileName: fileNameOf(res.headers.get('content-disposition'), `${NAME[kind].file}-${id}.pdf`),
  };
}

/** Fetches the PDF and has the browser save it; answers the file name. */
export async function downloadTaxDocument(kind: TaxDocumentKind, id: string, as: Role): Promise<string> {
  const { blob, fileName } = await fetchTaxDocumentPdf(kind, id, as);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  return fileName;
}
