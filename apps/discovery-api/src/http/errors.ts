import { API_ERROR_CODES, type ApiErrorCode } from '@disc/types';
import { CodedError } from '@fin/errors';

/** Every code the API answers with (a closed set, kept in @disc/types so the client shares it). */
export { API_ERROR_CODES, type ApiErrorCode };

/** Every code the API answers with, and its HTTP status: the one table of
 * docs/decisions/0007-error-envelope.md (plus 405/415, which the JSON-only rule needs). Library errors carry the same
 * codes and map through this table; a code missing here fails the typecheck. */
export const ERROR_STATUS = {
  INVALID_ASSET_TYPE: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SYMBOL_NOT_FOUND: 404,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INSUFFICIENT_DATA: 422,
  RATE_LIMIT_EXCEEDED: 429,
  DISCOVERY_ERROR: 500,
  SCORING_ERROR: 500,
  INTERNAL_ERROR: 500,
  MARKET_DATA_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
} as const satisfies Record<ApiErrorCode, number>;

/** Seconds a client should wait before retrying a 503 DATABASE_UNAVAILABLE (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** An error the API answers with deliberately. `details` is shown to the client, so it
 * holds only what helps the client fix the request. */
export class ApiError extends CodedError<ApiErrorCode> {
  override readonly name: string = 'ApiError';
  readonly status: number;
  readonly details: Record<string, unknown>;
  /** Sent as `Retry-After` when set. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    code: ApiErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(code, message, options);
    this.status = ERROR_STATUS[code];
    this.details = options.details ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export interface ErrorEnvelope {
  error: {
    code: ApiErrorCode;
    message: string;
    details: Record<string, unknown>;
    timestamp: string;
    request_id: string;
  };
}

// Codes whose library message is safe to show: they describe the request or the data, never
// internals. For the others (500s, and 503s whose message may name an upstream host) the
// response carries a generic message; the log keeps the original.
const CLIENT_FACING = new Set<ApiErrorCode>(['INVALID_ASSET_TYPE', 'VALIDATION_ERROR', 'INSUFFICIENT_DATA']);

/** Turns anything thrown into the ApiError to answer with. Unknown errors become 500
 * INTERNAL_ERROR with no trace of their message in the response. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isLibraryError(error)) {
    const code = error.code as ApiErrorCode;
    if (CLIENT_FACING.has(code))
      return new ApiError(code, error.message, { details: error.details ?? {}, cause: error });
    const message =
      code === 'MARKET_DATA_UNAVAILABLE'
        ? 'Market data is unavailable at the moment; retry later.'
        : 'The discovery service failed to process the request. Quote the request id when reporting it.';
    return new ApiError(code, message, { cause: error });
  }
  const bodyParser = bodyParserError(error);
  if (bodyParser !== undefined) return bodyParser;
  if (isDatabaseUnavailable(error)) {
    return new ApiError(
      'DATABASE_UNAVAILABLE',
      `The database is unavailable at the moment; retry after ${DATABASE_RETRY_AFTER_SECONDS} s.`,
      { cause: error, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    );
  }
  return new ApiError('INTERNAL_ERROR', 'An internal error occurred. Quote the request id when reporting it.', {
    cause: error,
  });
}

export function envelope(error: ApiError, requestId: string, now: Date): ErrorEnvelope {
  return {
    error: {
      code: error.code,
      message: error.message,
      details: error.details,
      timestamp: now.toISOString(),
      request_id: requestId,
    },
  };
}

interface LibraryError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Structural check so the app does not depend on which copy of the library class threw. */
function isLibraryError(error: unknown): error is LibraryError {
  if (!(error instanceof Error)) return false;
  const code = (error as Partial<LibraryError>).code;
  return typeof code === 'string' && code in ERROR_STATUS && code !== 'INTERNAL_ERROR';
}

/** body-parser (express.json) signals problems with `type`. */
function bodyParserError(error: unknown): ApiError | undefined {
  const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
  if (type === 'entity.too.large') {
    const limit = (error as { limit?: number }).limit;
    return new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The request body is larger than the limit of ${limit ?? 'the server'} bytes.`,
      { details: limit === undefined ? {} : { limit_bytes: limit } },
    );
  }
  if (type === 'entity.parse.failed') {
    return new ApiError('VALIDATION_ERROR', 'The request body is not valid JSON.', {
      details: {
        errors: [{ path: '', message: 'body is not valid JSON' }],
      },
    });
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be UTF-8 JSON.');
  }
  return undefined;
}

// PostgreSQL SQLSTATEs that mean "the server is not there for you now", not "your query is
// wrong": connection exceptions (class 08), shutdowns and start-ups (57P01-57P03), and a
// database that no longer exists (3D000).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '3D000']);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

/** A database that cannot be reached (refused, reset, shut down, dropped), anywhere in the
 * error's cause chain: the request may succeed later, so it is a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))
    )
      return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    if (UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
