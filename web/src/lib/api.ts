import { type Role, tokenOf } from './auth.ts';

/** A failed call: the message is what the user should read (SPEC §8: errors[0].msg, else error). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR = /*i18n*/ 'Could not reach the shop. Please check your connection and try again.';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send this role's token in the auth-token header. */
  as?: Role;
  signal?: AbortSignal;
}

/** Message of an error body `{success:false, error, errors:[{msg}]}`. */
export function errorMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as { errors?: { msg?: unknown }[]; error?: unknown; message?: unknown };
    const first = b.errors?.[0]?.msg;
    if (typeof first === 'string' && first) return first;
    if (typeof b.error === 'string' && b.error) return b.error;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return fallback;
}

/** Full response (for headers such as X-Total-Count) plus the parsed JSON body. */
export async function apiRequest<T>(
  path: string,
  opts: ApiOptions = {},
): Promise<{ data: T; res: Response }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.as) {
    const token = tokenOf(opts.as);
    if (token) headers['auth-token'] = token;
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(NETWORK_ERROR, 0);
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok || (body && typeof body === 'object' && (body as { success?: unknown }).success === false)) {
    throw new ApiError(
      errorMessage(body, res.ok ? /*i18n*/ 'Something went wrong' : `${res.status} ${res.statusText}`),
      res.status,
      body,
    );
  }
  return { data: body as T, res };
}

/** JSON call; throws ApiError with a user-readable message. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, opts)).data;
}

/** Builds a query string, skipping empty values. */
export function qs(params: Record<string, string | number | boolean | undefined | null>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}
