import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody, type FieldError } from './errors.ts';

/** One issue as fastify-type-provider-zod reports it: the zod issue code is its `keyword`. */
interface ValidationItem {
  keyword?: string;
  message?: string;
  instancePath?: string;
  params?: { expected?: string; input?: unknown };
}

const BODY_NOT_OBJECT = 'The request body must be a JSON object';

/** The value a validation issue points at, to tell a missing field from one of the wrong type. */
function valueAt(data: unknown, path: string[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const typeName = (expected: string | undefined) =>
  expected === 'string'
    ? 'text'
    : expected === 'number'
      ? 'a number'
      : `of type ${expected ?? 'another type'}`;

function validationFields(items: ValidationItem[], context: string | undefined, data: unknown): FieldError[] {
  return items.map((item) => {
    const segments = (item.instancePath ?? '').split('/').filter(Boolean);
    const path = segments.join('.');
    let msg = item.message ?? 'Invalid input';
    if (!path && item.keyword === 'invalid_type') {
      msg = context === 'body' ? BODY_NOT_OBJECT : `The ${context ?? 'request'} is not valid`;
    } else if (item.keyword === 'invalid_type') {
      const present = valueAt(data, segments) !== undefined;
      // Schemas word their type error for the usual case, a missing field; a present one of the
      // wrong type (`"productId": 123`) must not be told it is missing.
      if (!present && /received undefined/.test(msg)) msg = `${path} is required`;
      else if (present && / is required$/.test(msg))
        msg = `${path} must be ${typeName(item.params?.expected)}`;
    } else if (item.keyword === 'invalid_union' && valueAt(data, segments) !== undefined) {
      // A union (number or numeric text, say) worded for the missing case got a value of neither type.
      if (/ is required$/.test(msg)) msg = msg.replace(/ is required$/, ' is not valid');
    } else if (item.keyword === 'unrecognized_keys') msg = 'Unexpected fields in the request';
    // zod's own wording ("Invalid input: expected …") is replaced by one naming the field.
    if (path && /^Invalid input/.test(msg))
      msg = `${path} ${valueAt(data, segments) === undefined ? 'is required' : 'is not valid'}`;
    return path ? { msg, path } : { msg };
  });
}

const CONTEXT_DATA = {
  body: (r: FastifyRequest) => r.body,
  querystring: (r: FastifyRequest) => r.query,
  params: (r: FastifyRequest) => r.params,
  headers: (r: FastifyRequest) => r.headers,
} as const;

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
};

/** One error handler: AppError codes, validation and framework errors → status + one JSON shape. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.status(error.status).send(errorBody(error.message, error.fields));
    }
    if (error.validation) {
      const context = error.validationContext;
      const data =
        context && context in CONTEXT_DATA
          ? CONTEXT_DATA[context as keyof typeof CONTEXT_DATA](request)
          : undefined;
      const fields = validationFields(error.validation as ValidationItem[], context, data);
      return reply.status(400).send(errorBody(fields[0]?.msg ?? 'Invalid input', fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg =
        FRIENDLY[error.code] ??
        (error instanceof SyntaxError ? 'The request body is not valid JSON' : error.message);
      return reply.status(status).send(errorBody(msg));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('Something went wrong'));
  });
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not a valid URL',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
};

/**
 * Errors Fastify raises before routing (a malformed %-escape, an over-long path parameter) skip the
 * error handler; this gives them the same JSON shape as every other error answer.
 */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send(errorBody(FRAMEWORK_MESSAGES[error.code] ?? 'Bad request'));
};

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/**
 * Requests Node rejects before Fastify sees them (over-long headers, a timeout, broken HTTP):
 * answered on the raw socket, but with the same JSON shape as every other error.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request is malformed'];
  const body = JSON.stringify(errorBody(message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Answers with a file to download, never kept by a shared cache (it is someone's data). */
export const sendDownload = (reply: FastifyReply, type: string, fileName: string, body: Buffer | string) =>
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
