import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { App } from '../../app.ts';

/** Test helpers for image uploads (used by the media and catalogue tests, never by the app). */

/** A real PNG photo-like image of the given size, made in memory. */
export function pngImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with one file part (plus optional text fields), as a browser sends it. */
export function multipartBody(
  file: { field?: string; filename: string; contentType: string; bytes: Buffer },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vastra${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads bytes as a seller would and returns the raw response. */
export function uploadImage(
  app: App,
  token: string,
  bytes: Buffer,
  filename = 'photo.png',
  contentType = 'image/png',
) {
  const { payload, headers } = multipartBody({ filename, contentType, bytes });
  return app.inject({
    method: 'POST',
    url: '/api/media/upload',
    payload,
    headers: { ...headers, 'auth-token': token },
  });
}
