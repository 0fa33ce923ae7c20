import type { UploadAnswer } from '@vastra/contracts';
import { errorMessage, NETWORK_ERROR } from '../../lib/api.ts';
import { tokenOf } from '../../lib/auth.ts';

/**
 * Uploads a product photo (multipart field `file`, seller token) and reports progress in whole
 * percent. XMLHttpRequest because fetch has no upload progress events.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media/upload');
    const token = tokenOf('seller');
    if (token) xhr.setRequestHeader('auth-token', token);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'secure_url' in body) {
        onProgress(100);
        resolve(body as UploadAnswer);
      } else {
        reject(new Error(errorMessage(body, /*i18n*/ 'The image could not be uploaded')));
      }
    };
    xhr.onerror = () => reject(new Error(NETWORK_ERROR));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
