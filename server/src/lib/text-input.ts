import { isStorableText, notAllowedText } from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type FieldError } from './errors.ts';

/** Enough problems to name in one answer; a body of thousands of them gets the first few. */
const MAX_FIELDS = 20;

/**
 * Arrays and objects as parsers build them are walked: plain objects, prototype-less ones, and the
 * router's params and query objects (whose prototype has none). Buffers, streams and other class
 * instances are not fields.
 */
const isPlainData = (value: unknown): value is Record<string, unknown> | unknown[] => {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
};

/** A key in an answer: the characters that were refused shown as U+FFFD, so the answer is valid text. */
const shown = (key: string) => [...key].map((c) => (isStorableText(c) ? c : '\ufffd')).join('');

/**
 * The strings (values and keys) of a request part that `isStorableText` refuses, with their dotted
 * paths. Walked with a list rather than recursion: a JSON body may nest deeper than the stack.
 */
function unstorableFields(part: unknown, found: FieldError[]) {
  const pending: [unknown, string][] = [[part, '']];
  while (pending.length > 0 && found.length < MAX_FIELDS) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value))
        found.push(path ? { msg: notAllowedText(path), path } : { msg: notAllowedText('The text') });
      continue;
    }
    if (!isPlainData(value)) continue;
    for (const [key, child] of Object.entries(value).reverse()) {
      const childPath = path ? `${path}.${key}` : key;
      if (isStorableText(key)) pending.push([child, childPath]);
      else {
        const keyPath = path ? `${path}.${shown(key)}` : shown(key);
        found.push({ msg: notAllowedText(keyPath), path: keyPath });
      }
    }
  }
}

/**
 * DESIGN §4: text PostgreSQL cannot store (NUL) or that is not Unicode (a lone surrogate) gets a
 * 400 naming the field, never a 500 from deep inside a query. One hook for every route, before its
 * schema runs: path parameters, query string and body, including routes without a schema (the
 * payment pages) and those outside /api.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const found: FieldError[] = [];
    for (const part of [request.params, request.query, request.body]) unstorableFields(part, found);
    if (found.length > 0) throw new AppError('BAD_REQUEST', found[0]!.msg, found.slice(0, MAX_FIELDS));
  });
}
