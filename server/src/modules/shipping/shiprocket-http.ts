import { CourierError } from './provider.ts';

/** Shiprocket's API user, and the base URL its API answers on (config.shipping.shiprocket). */
export interface ShiprocketCredentials {
  email: string;
  password: string;
  apiUrl: string;
}

/** A token lives 10 days; renewing a day early keeps a long request from straddling its expiry. */
const TOKEN_RENEW_MS = 9 * 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 10_000;

/** A JSON answer: Shiprocket's bodies are objects, read defensively field by field. */
export type Json = Record<string, unknown>;

/** What a call asks: the method, the path under the base URL, and the JSON body or query. */
export interface ShiprocketCall {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
}

/** An answer that was not 2xx, with Shiprocket's own message (its `message`, else its first `errors`). */
export class ShiprocketRefusal extends CourierError {
  constructor(
    message: string,
    status: number,
    readonly body: Json,
  ) {
    super(message, status);
  }
}

/**
 * Shiprocket's HTTP surface: bearer-token JSON calls. The token comes from logging the API user in;
 * it is kept for nine days, shared by concurrent calls (one login in flight), and renewed once when
 * a call answers 401 (the token was revoked or expired early). Messages never carry the password or
 * the token.
 */
export class ShiprocketHttp {
  private token: { value: string; renewAt: number } | undefined;
  private login: Promise<string> | undefined;

  constructor(
    private readonly credentials: ShiprocketCredentials,
    private readonly now: () => number = Date.now,
  ) {}

  /** Calls the API with the current token; on a 401, logs in again and retries the call once. */
  async call(request: ShiprocketCall): Promise<Json> {
    const token = await this.currentToken();
    const first = await this.send(request, token);
    if (first.status !== 401) return answerOf(first);
    if (this.token?.value === token) this.token = undefined;
    return answerOf(await this.send(request, await this.currentToken()));
  }

  /** Fetches a document Shiprocket links to (a label on its storage): no token goes with it. */
  async download(url: string): Promise<Buffer> {
    const res = await this.fetch(url, { method: 'GET' });
    if (!res.ok)
      throw new CourierError(`Shiprocket's label could not be downloaded (HTTP ${res.status})`, res.status);
    return Buffer.from(await res.arrayBuffer());
  }

  private currentToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    this.login ??= this.logIn().finally(() => {
      this.login = undefined;
    });
    return this.login;
  }

  private async logIn(): Promise<string> {
    const { email, password } = this.credentials;
    const res = await this.send({ method: 'POST', path: '/auth/login', body: { email, password } });
    if (!res.ok) {
      const message = messageOf(res.body) ?? 'no reason given';
      throw new CourierError(`Shiprocket refused the API user's login: ${message}`, res.status);
    }
    const token = res.body.token;
    if (typeof token !== 'string' || token === '')
      throw new CourierError('Shiprocket answered the login without a token');
    this.token = { value: token, renewAt: this.now() + TOKEN_RENEW_MS };
    return token;
  }

  private async send(request: ShiprocketCall, token?: string) {
    const url = new URL(this.credentials.apiUrl + request.path);
    for (const [k, v] of Object.entries(request.query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.fetch(url.toString(), {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    const text = await res.text().catch(() => '');
    let body: Json = {};
    try {
      const parsed: unknown = text ? JSON.parse(text) : {};
      body = isJson(parsed) ? parsed : { value: parsed };
    } catch {
      if (res.ok)
        throw new CourierError(
          `Shiprocket answered ${request.path} with something that is not JSON`,
          res.status,
        );
    }
    return { ok: res.ok, status: res.status, body };
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new CourierError(
        timedOut ? 'Shiprocket did not answer in time' : 'Shiprocket could not be reached',
      );
    }
  }
}

function answerOf(res: { ok: boolean; status: number; body: Json }): Json {
  if (res.ok) return res.body;
  const message = messageOf(res.body) ?? `Shiprocket refused the request (HTTP ${res.status})`;
  throw new ShiprocketRefusal(message, res.status, res.body);
}

/** Shiprocket's reason: its `message`, then a 422's first field error (`errors: { field: [text] }`). */
export function messageOf(body: Json): string | undefined {
  const message = typeof body.message === 'string' && body.message.trim() ? body.message.trim() : undefined;
  const first = isJson(body.errors) ? Object.values(body.errors).flat()[0] : undefined;
  if (typeof first !== 'string') return message;
  return message ? `${message} ${first}` : first;
}

export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
