import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { MediaStorage, StoredObject } from './storage.ts';
import { assertSafeKey, isSafeKey } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Where clients load objects from (a CDN or the bucket); unset: this process proxies them at `/media`. */
  publicUrl: string | undefined;
}

const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2…) through `@aws-sdk/client-s3`: every app process sees
 * the same images. Keys are the same as the local driver's; an image's URL is `MEDIA_PUBLIC_URL/key`,
 * or `/media/key` served by whichever process gets the request (`read`).
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly urlBase: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.urlBase = options.publicUrl ?? '/media';
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      // A stalled bucket fails the upload within seconds instead of holding the request.
      requestHandler: { requestTimeout: 10_000, connectionTimeout: 3_000 },
      maxAttempts: 2,
      // Checksums only where S3 requires them: many S3-compatible servers don't know the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: CACHE_CONTROL,
      }),
    );
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys } }));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  urlFor(key: string): string {
    assertSafeKey(key);
    return `${this.urlBase}/${key}`;
  }

  keyOfUrl(url: string): string | undefined {
    const key = url.startsWith(`${this.urlBase}/`) ? url.slice(this.urlBase.length + 1) : undefined;
    return key && isSafeKey(key) ? key : undefined;
  }

  /** Proxied reads (no MEDIA_PUBLIC_URL): the object's bytes, or undefined when there is none. */
  async read(key: string): Promise<StoredObject | undefined> {
    if (!isSafeKey(key)) return undefined;
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: got.Body as Readable, contentType: got.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  /** Whether this process serves `/media` itself (proxying the bucket). */
  get proxied(): boolean {
    return this.urlBase === '/media';
  }

  async ping(): Promise<void> {
    // A one-key listing rather than HeadBucket: every S3-compatible server answers it.
    await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 }));
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
