import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** An object read back from a bucket (proxied to clients when there is no MEDIA_PUBLIC_URL). */
export interface StoredObject {
  body: Readable;
  contentType: string;
}

/**
 * Where image bytes live (DESIGN §1: local disk by default, an S3-compatible bucket in production).
 * Keys are slash-separated relative paths such as `products/<uuid>/640.webp`; an image's
 * `public_id` is the key prefix shared by its renditions (`products/<uuid>`).
 */
export interface MediaStorage {
  /** Stores bytes under key, replacing what was there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** True when an object exists under key. */
  exists(key: string): Promise<boolean>;
  /** Deletes every object under `prefix/` (an image's renditions); a missing prefix is fine. */
  deletePrefix(prefix: string): Promise<void>;
  /** The URL clients load key from (root-relative for the local driver). */
  urlFor(key: string): string;
  /** The key behind one of our own URLs; undefined for any other URL. */
  keyOfUrl(url: string): string | undefined;
  /** Set by drivers whose files this process serves itself at `/media`. */
  readonly localRoot?: string;
  /** Set by drivers whose objects this process proxies at `/media` (a bucket without MEDIA_PUBLIC_URL). */
  read?(key: string): Promise<StoredObject | undefined>;
  readonly proxied?: boolean;
  /** Throws unless the storage answers (readiness). */
  ping?(): Promise<void>;
}

/** Keys are our own ids and fixed names; anything else (`..`, absolute paths) is a bug or an attack. */
const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;

export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

export function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`unsafe media key: ${key}`);
}

/** Files under a directory, served by this process at `urlBase` (default `/media`). */
export class LocalDiskStorage implements MediaStorage {
  readonly localRoot: string;
  private readonly urlBase: string;

  constructor(root: string, urlBase = '/media') {
    this.localRoot = path.resolve(root);
    this.urlBase = urlBase.replace(/\/$/, '');
  }

  private fileOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.localRoot, ...key.split('/'));
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temp, body);
    await rename(temp, file);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.fileOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.fileOf(prefix), { recursive: true, force: true });
  }

  urlFor(key: string): string {
    assertSafeKey(key);
    return `${this.urlBase}/${key}`;
  }

  keyOfUrl(url: string): string | undefined {
    const key = url.startsWith(`${this.urlBase}/`) ? url.slice(this.urlBase.length + 1) : undefined;
    return key && SAFE_KEY.test(key) && !key.includes('..') ? key : undefined;
  }
}

/** The default media folder: `DATA_DIR/media` (a temp folder when the database is in memory). */
export function defaultMediaDir(dataDir: string): string {
  return dataDir === ':memory:' ? path.join(tmpdir(), 'vastra-media') : path.join(dataDir, 'media');
}
