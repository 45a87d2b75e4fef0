import { DISCOVERY_ERROR_CODES } from './errors';

/** The codes only the discovery API raises; the libraries' codes (`DiscoveryError` and its
 * children) are DISCOVERY_ERROR_CODES. Here, beside them, so the API and its client share one list. */
export const API_ONLY_ERROR_CODES = [
  'MALFORMED_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'SYMBOL_NOT_FOUND',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMIT_EXCEEDED',
  'HEADERS_TOO_LARGE',
  'INTERNAL_ERROR',
  'DATABASE_UNAVAILABLE',
] as const;

/** Every code the API's error envelope carries: a closed set. */
export const API_ERROR_CODES = [...DISCOVERY_ERROR_CODES, ...API_ONLY_ERROR_CODES] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
