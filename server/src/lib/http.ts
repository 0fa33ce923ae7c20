import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, errorBody, type FieldError } from './errors.ts';

interface ValidationItem {
  message?: string;
  instancePath?: string;
  params?: { issue?: { code?: string; path?: PropertyKey[] } };
}

function validationFields(items: ValidationItem[]): FieldError[] {
  return items.map((item) => {
    const path = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const issue = item.params?.issue;
    let msg = item.message ?? 'Invalid input';
    if (!path && issue?.code === 'invalid_type') msg = 'The request body must be a JSON object';
    else if (issue?.code === 'invalid_type' && /received undefined/.test(msg)) msg = `${path} is required`;
    else if (issue?.code === 'unrecognized_keys') msg = 'Unexpected fields in the request';
    return path ? { msg, path } : { msg };
  });
}

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
      const fields = validationFields(error.validation as ValidationItem[]);
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
