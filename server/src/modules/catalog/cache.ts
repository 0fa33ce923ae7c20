import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { isShopperCaller } from '../accounts/index.ts';
import {
  EMPTY_CALENDAR,
  type OpenSales,
  readSaleCalendar,
  type SaleCalendar,
  type SaleView,
} from './sale-calendar.ts';
import { catalogVersionReader } from './version.ts';

/** What a public catalogue read produces on a cache miss. */
export interface CacheFill {
  payload: unknown;
  /** Extra headers that belong to the answer (e.g. `x-total-count`), cached with it. */
  headers?: Record<string, string>;
  /** The answer's Content-Type; JSON unless said (the server-rendered pages are HTML). */
  contentType?: string;
}

/**
 * Loads an answer for one viewer at one moment: built with `sales.view` (`toApiProduct(row, view)`),
 * it is served to every viewer whose open sales are the same (`sales.open.key`).
 */
export type CacheLoad = (sales: SaleView) => Promise<CacheFill>;

/** What a shared cache must key an answer on while a sale is in early access (signed in or not). */
const VARY_SIGN_IN = 'auth-token, authorization';

const CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const JSON_TYPE = 'application/json; charset=utf-8';
const SMALL_PAGE_BYTES = 16 * 1024;
/**
 * From this size an answer is also sent compressed to clients that accept it (a listing page of
 * products, a server-rendered page): the compressed copy is made once per cached page, beside it, so
 * a warm request compresses nothing. Smaller answers fit a packet or two and go out as they are.
 */
const COMPRESS_MIN_BYTES = 1400;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** The encoding to send to a client, from its Accept-Encoding (brotli first; q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  let gz = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gz = true;
  }
  return gz ? 'gzip' : undefined;
}

/** One cached answer: its bytes, and every header of its 200 and 304 answers, computed once. */
class Page {
  readonly etag: string;
  /** Headers of the 200 answer (ETag, Cache-Control, Content-Type and the fill's own). */
  readonly headers: Readonly<Record<string, string>>;
  /** Headers of the 304 answer: the same, less Content-Type (there is no content). */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;

  /**
   * A small answer (a product) is also kept as text: Node writes a string body in one piece with the
   * headers, where a Buffer takes a second, gathered write. Large lists go out as bytes, never
   * re-encoded per request.
   */
  readonly small: string | undefined;

  /** Whether the answer is large enough to be sent compressed (it then varies on Accept-Encoding). */
  readonly compressible: boolean;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();

  constructor(
    readonly version: number,
    /** The serialized JSON, as UTF-8 bytes: sent as is, no encoding or length count per request. */
    readonly bytes: Buffer,
    own: Record<string, string> | undefined,
    text?: string,
    contentType = JSON_TYPE,
    /** A strong ETag of `bytes` made by their maker (by default their SHA-1). */
    etag?: string,
  ) {
    this.small = text !== undefined && bytes.length <= SMALL_PAGE_BYTES ? text : undefined;
    this.compressible = bytes.length >= COMPRESS_MIN_BYTES;
    this.etag = etag ?? `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;
    const vary = [own?.vary, this.compressible ? 'accept-encoding' : undefined].filter(Boolean).join(', ');
    this.notModifiedHeaders = {
      ...own,
      etag: this.etag,
      'cache-control': CACHE_CONTROL,
      ...(vary ? { vary } : {}),
    };
    this.headers = { ...this.notModifiedHeaders, 'content-type': contentType };
  }

  /**
   * The bytes compressed with `encoding`, made on first use (off the event loop, in zlib's thread
   * pool) and kept with the page, so they live and die with it.
   */
  compressed(encoding: Encoding): Promise<Buffer> {
    let done = this.encoded.get(encoding);
    if (!done) {
      done =
        encoding === 'br'
          ? brotli(this.bytes, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 6,
                [zlib.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              },
            })
          : gzipAsync(this.bytes, { level: 6 });
      this.encoded.set(encoding, done);
    }
    return done;
  }

  /** The JSON text (for callers that read a cached value back). */
  get body(): string {
    return this.bytes.toString('utf8');
  }
}

/**
 * Turns a loaded payload into the JSON to cache: text, or UTF-8 bytes already made (search answers),
 * with their ETag when the maker has one cheaper than hashing the bytes.
 */
type Serialize = (payload: unknown) => string | Buffer | { bytes: Buffer; etag: string };

/** Where a cache learns the current catalogue version. */
export interface VersionSource {
  current(): Promise<number>;
}

/**
 * PostgreSQL server (any number of app processes): reads the catalogue version, sharing one
 * statement between concurrent requests. A request may only use a read that *started after it
 * arrived* (a write that committed before the request was sent must be visible), so requests
 * arriving while a read is running wait for the next one.
 *
 * A read is sent at the end of the event-loop turn in which its first caller asked (setImmediate runs
 * after the turn's I/O callbacks): every request read from the sockets in that turn joins it. Sent at
 * once instead, it would serve only the first request of the turn, and the rest would wait for a
 * second read, one more turn later.
 */
export class VersionGate implements VersionSource {
  private running = false;
  private sendScheduled = false;
  /** The next read, not yet sent: callers join it until it is. */
  private next:
    | { promise: Promise<number>; resolve: (v: number) => void; reject: (e: unknown) => void }
    | undefined;

  constructor(private readonly read: () => Promise<number>) {}

  current(): Promise<number> {
    if (!this.next) {
      let resolve!: (v: number) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<number>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.next = { promise, resolve, reject };
      this.scheduleSend();
    }
    return this.next.promise;
  }

  private scheduleSend() {
    if (this.running || this.sendScheduled || !this.next) return;
    this.sendScheduled = true;
    setImmediate(() => {
      this.sendScheduled = false;
      this.send();
    });
  }

  private send() {
    const batch = this.next;
    if (!batch || this.running) return;
    this.next = undefined;
    this.running = true;
    this.read()
      .then(batch.resolve, batch.reject)
      .finally(() => {
        this.running = false;
        this.scheduleSend();
      });
  }
}

/**
 * PGlite: only this process can write the embedded database, and each commit that bumps the version
 * notifies it before the commit resolves (db/functions/catalog-version-notify.sql), so a local
 * counter is exact and warm requests run no SQL at all.
 */
export class LocalVersion implements VersionSource {
  private count = 0;
  private ready: Promise<void> | undefined;

  constructor(database: Database) {
    const listen = database.listenLocal;
    if (!listen) throw new Error('LocalVersion needs an embedded database');
    this.ready = (async () => {
      await listen('catalog_version', () => {
        this.count++;
      });
      await database.exec(`set vastra.catalog_notify = 'on'`);
    })();
  }

  async current(): Promise<number> {
    if (this.ready) {
      await this.ready;
      this.ready = undefined;
    }
    return this.count;
  }
}

/**
 * Serialized public catalogue answers keyed by the normalized query, valid for one catalogue
 * version. Each process keeps its own; the version in the database (bumped in the same transaction
 * as every price, stock, rating or visibility change) keeps all processes correct, so a change is
 * visible on the next read. Checkout never reads from here.
 *
 * Sale prices also change with time: an answer is kept under its query and the sale events open for
 * its viewer when it was made (sale-calendar.ts), read again with the version. With no sale open the
 * key is the query alone, and a warm request runs no more SQL than without sales.
 */
export class CatalogCache {
  private pages = new Map<string, Page>();
  private loading = new Map<string, Promise<Page>>();
  private bytes = 0;
  private version = -1;
  /** The sale calendar read at a version (`value` once read: a warm request does not wait on it). */
  private calendar: { version: number; promise: Promise<SaleCalendar>; value?: SaleCalendar } | undefined;
  /** Answers served from memory, and answers loaded (metrics read them: ADR 016). */
  hits = 0;
  misses = 0;

  constructor(
    private readonly gate: VersionSource,
    /** The sale events not ended (none: a cache that knows no sales, as in unit tests). */
    private readonly readCalendar: () => Promise<SaleCalendar> = async () => EMPTY_CALENDAR,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /**
   * The newest catalogue version this cache has read: a load running for a request is for it, or
   * for an older one (search's in-memory index skips catching up when it has seen this version).
   */
  get knownVersion(): number {
    return this.version;
  }

  /**
   * The answer for `query` at the current catalogue version and for the sales open for this viewer
   * now, loading it once on a miss. `serialize` turns the loaded payload into the cached JSON
   * (sendCached passes the route's answer schema). `signedIn` says whether the viewer is a signed-in
   * shopper: asked only while a sale is in early access.
   */
  async get(
    query: string,
    load: CacheLoad,
    serialize: Serialize = JSON.stringify,
    signedIn?: () => Promise<boolean>,
  ): Promise<Page> {
    const version = await this.gate.current();
    const calendar =
      (this.calendar?.version === version ? this.calendar.value : undefined) ??
      (await this.calendarAt(version));
    const now = Date.now();
    const personal = calendar.dependsOnSignIn(now);
    const shopper = personal && signedIn ? await signedIn() : false;
    // Kept under the query alone when no sale is open for the viewer, else with the open events;
    // while a sale is in early access the answer depends on who asks: keyed apart, and sent with Vary.
    const open = calendar.openFor(now, shopper);
    const key = personal ? `${query}\u0000*${open.key}` : open.key ? `${query}\u0000${open.key}` : query;
    if (version !== this.version) {
      // Every page of an older version is stale (and a newer one we'd not have yet): start over.
      if (version > this.version) this.reset(version);
      else return this.fill(version, fillFor(load, now, shopper, open, personal), serialize); // a reader that lost a race with a newer version: don't cache
    }
    const hit = this.pages.get(key);
    if (hit) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const flightKey = `${version}\u0000${key}`;
    let flight = this.loading.get(flightKey);
    if (!flight) {
      flight = this.fill(version, fillFor(load, now, shopper, open, personal), serialize).finally(() =>
        this.loading.delete(flightKey),
      );
      this.loading.set(flightKey, flight);
      flight.then((page) => this.store(key, page)).catch(() => undefined);
    }
    return flight;
  }

  /**
   * The newest sale calendar read, read now when none was: for work whose results are kept under
   * the sales they were made for (search's background fill of product answers), where one a
   * version behind is only a key no request asks for.
   */
  async latestCalendar(): Promise<SaleCalendar> {
    return this.calendar?.value ?? this.calendarAt(await this.gate.current());
  }

  /**
   * The calendar read at `version` or later: read once per version (a sale event or price write
   * bumps it), shared by the requests that learn the version meanwhile.
   */
  private calendarAt(version: number): Promise<SaleCalendar> {
    const known = this.calendar;
    if (known && known.version >= version) return known.promise;
    const entry: NonNullable<CatalogCache['calendar']> = { version, promise: this.readCalendar() };
    entry.promise.then(
      (value) => {
        entry.value = value;
      },
      () => {
        if (this.calendar === entry) this.calendar = undefined;
      },
    );
    this.calendar = entry;
    return entry.promise;
  }

  private async fill(version: number, load: () => Promise<CacheFill>, serialize: Serialize): Promise<Page> {
    const { payload, headers, contentType } = await load();
    const json = serialize(payload);
    if (Buffer.isBuffer(json)) return new Page(version, json, headers, undefined, contentType);
    if (typeof json !== 'string')
      return new Page(version, json.bytes, headers, undefined, contentType, json.etag);
    return new Page(version, Buffer.from(json), headers, json, contentType);
  }

  private store(key: string, page: Page) {
    if (page.version !== this.version || page.bytes.length > this.maxBytes / 8) return;
    this.pages.set(key, page);
    this.bytes += page.bytes.length;
    // Evict oldest first; Map iteration is insertion order.
    for (const [k, old] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(k);
      this.bytes -= old.bytes.length;
    }
  }

  private reset(version: number) {
    this.pages.clear();
    this.bytes = 0;
    this.version = version;
  }
}

/**
 * The load of an answer for this viewer at this moment; marked Vary when it depends on whether they
 * are signed in. Made here, on a miss only: a closure in `get` would cost every hit its allocation.
 */
function fillFor(
  load: CacheLoad,
  now: number,
  signedIn: boolean,
  open: OpenSales,
  personal: boolean,
): () => Promise<CacheFill> {
  return async () => {
    const filled = await load({ view: { now: new Date(now), signedIn }, open });
    return personal ? { ...filled, headers: { ...filled.headers, vary: VARY_SIGN_IN } } : filled;
  };
}

/** A stable cache key: the route name plus its validated query, in key order, without empty values. */
export function cacheKey(route: string, params: Record<string, unknown> = {}): string {
  const parts = Object.keys(params)
    .filter((k) => params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${String(params[k])}`);
  return parts.length ? `${route}?${parts.join('&')}` : route;
}

const caches = new WeakMap<AppDeps, CatalogCache>();

/** The app's catalogue cache (one per app instance, shared by its plugins). */
export function catalogCacheOf(deps: AppDeps): CatalogCache {
  let cache = caches.get(deps);
  if (!cache) {
    const source = deps.database.listenLocal
      ? new LocalVersion(deps.database)
      : new VersionGate(catalogVersionReader(deps.database));
    cache = new CatalogCache(source, () => readSaleCalendar(deps.db));
    caches.set(deps, cache);
  }
  return cache;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Answers a public catalogue GET from the cache: pre-serialized JSON, a strong ETag, `304` when the
 * client's copy is current, and `must-revalidate` so browsers always ask (cheaply) before reusing it.
 */
export async function sendCached<Reply extends FastifyReply>(
  req: FastifyRequest,
  reply: Reply,
  key: string,
  load: CacheLoad,
  /** How to turn the payload into the cached text; the route's answer schema unless given. */
  serialize?: Serialize,
): Promise<Reply> {
  // Serialised once per catalogue version with the route's answer schema (validated, in the schema's
  // field order); the cached bytes are then sent as they are, which Fastify never serialises again.
  const page = await catalogCacheOf(req.server.deps).get(
    key,
    load,
    serialize ?? ((payload: unknown) => reply.serialize(payload) as string),
    () => isShopperCaller(req),
  );
  if (matches(req.headers['if-none-match'], page.etag)) {
    reply.code(304).headers(page.notModifiedHeaders).send();
    return reply;
  }
  const encoding = page.compressible ? preferredEncoding(req.headers['accept-encoding']) : undefined;
  if (encoding) {
    const body = await page.compressed(encoding);
    reply.headers(page.headers).header('content-encoding', encoding).send(body);
  } else {
    reply.headers(page.headers).send(page.small ?? page.bytes);
  }
  // The route's own reply, already sent: Fastify then leaves the answer as it is.
  return reply;
}
