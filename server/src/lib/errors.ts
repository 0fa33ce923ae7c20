/** Domain error codes and the HTTP status each maps to (the one place that knows). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  msg: string;
  path?: string;
}

/** The one error type domain code throws; the error handler turns it into `{ success:false, error, errors }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[];

  constructor(code: ErrorCode, message: string, fields?: FieldError[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields && fields.length > 0 ? fields : [{ msg: message }];
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string, path?: string) =>
  new AppError('BAD_REQUEST', message, [{ msg: message, ...(path ? { path } : {}) }]);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message);

/** The body every error answer carries (DESIGN §4). */
export function errorBody(message: string, fields: FieldError[] = [{ msg: message }]) {
  return { success: false as const, error: message, errors: fields };
}
