import * as zlib from 'node:zlib';
import { API_ERROR_CODES, type ApiErrorCode } from '@disc/types';
import { CodedError } from '@fin/errors';
import { listedFailures } from './failure-list';

/** Every code the API answers with (a closed set, kept in @disc/types so the client shares it). */
export { API_ERROR_CODES, type ApiErrorCode };

/** Every code the API answers with, and its HTTP status: the one table of
 * docs/decisions/0007-error-envelope.md (plus 405/415, which the JSON-only rule needs, the
 * HTTP parser's 400/431, http-server.ts, and 408 for a request that does not arrive in time).
 * Library errors carry the same codes and map through this table; a code missing here fails
 * the typecheck. */
export const ERROR_STATUS = {
  INVALID_ASSET_TYPE: 400,
  VALIDATION_ERROR: 400,
  MALFORMED_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SYMBOL_NOT_FOUND: 404,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INSUFFICIENT_DATA: 422,
  RATE_LIMIT_EXCEEDED: 429,
  HEADERS_TOO_LARGE: 431,
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
  /** Further response headers (`WWW-Authenticate` of a 401). */
  readonly headers: Readonly<Record<string, string>>;
  constructor(
    code: ApiErrorCode,
    message: string,
    options: {
      details?: Record<string, unknown>;
      cause?: unknown;
      retryAfterSeconds?: number;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(code, message, options);
    this.status = ERROR_STATUS[code];
    this.details = options.details ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers = options.headers ?? {};
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
    // The libraries validate what a request body handed them (criteria, portfolio,
    // constraints); their paths are JSON Pointers into that body.
    if (code === 'VALIDATION_ERROR') {
      const listed = Array.isArray(error.details?.errors) ? listedFailures(error.details.errors) : {};
      return new ApiError(code, error.message, {
        details: { location: 'body', ...error.details, ...listed },
        cause: error,
      });
    }
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
  if (isUndecodablePathError(error)) {
    return new ApiError('VALIDATION_ERROR', 'The request path is invalid: it is not valid percent-encoded UTF-8.', {
      details: { location: 'path', errors: [{ path: '', message: 'is not valid percent-encoded UTF-8' }] },
      cause: error,
    });
  }
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

/** The `type` body-parser (express.json) gives its errors (`entity.too.large`, `request.aborted`). */
export function bodyParserType(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;
}

/** body-parser (express.json) signals problems with `type`. */
function bodyParserError(error: unknown): ApiError | undefined {
  const type = bodyParserType(error);
  if (type === 'entity.too.large') return payloadTooLarge((error as { limit?: number }).limit);
  if (type === 'entity.parse.failed') {
    return new ApiError('VALIDATION_ERROR', 'The request body is not valid JSON.', {
      details: {
        location: 'body',
        errors: [{ path: '', message: 'body is not valid JSON' }],
      },
    });
  }
  if (type === 'charset.unsupported') {
    const charset = (error as { charset?: unknown }).charset;
    return unsupportedCharset(typeof charset === 'string' ? charset : 'unknown', undefined);
  }
  if (type === 'encoding.unsupported') {
    const encoding = (error as { encoding?: unknown }).encoding;
    return unsupportedEncoding(typeof encoding === 'string' ? encoding : 'unknown');
  }
  return undefined;
}

/** 413 for a body over the limit: declared so (request-input.ts), or found so while reading. */
export function payloadTooLarge(limit: number | undefined): ApiError {
  return new ApiError(
    'PAYLOAD_TOO_LARGE',
    `The request body is larger than the limit of ${limit ?? 'the server'} bytes.`,
    {
      details: limit === undefined ? {} : { limit_bytes: limit },
    },
  );
}

/** 415 for a JSON body in another charset than UTF-8 (RFC 8259 8.1). */
export function unsupportedCharset(charset: string, contentType: string | undefined): ApiError {
  return new ApiError(
    'UNSUPPORTED_MEDIA_TYPE',
    `The request body must be UTF-8 JSON; charset '${charset}' is not supported. Send "Content-Type: application/json" (or charset=utf-8).`,
    { details: { ...(contentType === undefined ? {} : { content_type: contentType }), charset } },
  );
}

/** Content-Encodings the JSON body parser decompresses (body-parser: zstd where zlib has it). */
export const SUPPORTED_CONTENT_ENCODINGS: readonly string[] = [
  'gzip',
  'deflate',
  'br',
  ...('createZstdDecompress' in zlib ? ['zstd'] : []),
];

/** 415 for a Content-Encoding the body parser cannot decompress. */
export function unsupportedEncoding(encoding: string): ApiError {
  return new ApiError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Content-Encoding '${encoding}' is not supported; send the body uncompressed or as ${SUPPORTED_CONTENT_ENCODINGS.join(', ')}.`,
    { details: { content_encoding: encoding, supported_encodings: SUPPORTED_CONTENT_ENCODINGS } },
  );
}

/** The router's error for a path parameter that is not valid percent-encoding: a URIError
 * with status 400 ("Failed to decode param '%zz'"). */
export function isUndecodablePathError(error: unknown): boolean {
  return error instanceof URIError && (error as { status?: unknown }).status === 400;
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
