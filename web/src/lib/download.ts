import { ApiError, errorMessage, NETWORK_ERROR } from './api.ts';
import { type Role, tokenOf } from './auth.ts';

/**
 * Downloading a file the API sends only to a logged-in role (a tax invoice's PDF, a statement's
 * CSV). A plain link cannot send the `auth-token` header the API wants, so the file is fetched
 * with it and handed to the browser as an object URL. Kept out of `api.ts`: only a few screens
 * need it, and `api.ts` is part of the landing page's JavaScript.
 */

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

export interface DownloadRequest {
  /** The API path, query included. */
  path: string;
  as: Role;
  /** The media type asked for, e.g. 'application/pdf' or 'text/csv'. */
  accept: string;
  /** What the file is, for the message when it cannot be had: 'tax invoice', 'statement'. */
  what: string;
  /** The file's name when the server gives none. */
  fallbackName: string;
}

/** The file and its name; throws ApiError with a message the user can read. */
export async function fetchFile(req: DownloadRequest): Promise<{ blob: Blob; fileName: string }> {
  const token = tokenOf(req.as);
  let res: Response;
  try {
    res = await fetch(req.path, {
      headers: { accept: req.accept, ...(token ? { 'auth-token': token } : {}) },
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
    throw new ApiError(errorMessage(body, `Could not download the ${req.what}`), res.status, body);
  }
  const blob = await res.blob();
  return { blob, fileName: fileNameOf(res.headers.get('content-disposition'), req.fallbackName) };
}

/** Has the browser save a file it holds. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Fetches the file and has the browser save it; answers the file name. */
export async function downloadFile(req: DownloadRequest): Promise<string> {
  const { blob, fileName } = await fetchFile(req);
  saveFile(blob, fileName);
  return fileName;
}
