import { API_ERROR_CODES } from '@disc/types';
import { parseRetryAfter } from '@fin/retry';
import type { components } from './generated/api';
import { CodedError } from '@fin/errors';

type ErrorDetails = components['schemas']['ErrorDetails'];

/** The codes the API answers with (its error envelope's `code`, docs/api.md), plus
 * `HTTP_ERROR`: an answer that is not the envelope (a proxy in between) or a code this client
 * does not know; `status` and `reportedCode` then say more. */
export const DISCOVERY_API_ERROR_CODES = [...API_ERROR_CODES, 'HTTP_ERROR'] as const;
export type DiscoveryApiErrorCode = (typeof DISCOVERY_API_ERROR_CODES)[number];

/** An error answer of the API, with the envelope's machine `code` and `requestId` (quote it
 * when reporting a problem; the server's log has the same id). */
export class DiscoveryApiError extends CodedError<DiscoveryApiErrorCode> {
  override readonly name: string = 'DiscoveryApiError';
  readonly status: number;
  readonly requestId: string | undefined;
  readonly details: ErrorDetails;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | undefined;
  /** The code the answer carried, as sent (differs from `code` only for `HTTP_ERROR`). */
  readonly reportedCode: string | undefined;
  constructor(
    code: DiscoveryApiErrorCode,
    message: string,
    options: {
      status: number;
      requestId?: string | undefined;
      details?: ErrorDetails;
      retryAfterSeconds?: number | undefined;
      reportedCode?: string | undefined;
      cause?: unknown;
    },
  ) {
    super(code, message, options);
    this.status = options.status;
    this.requestId = options.requestId;
    this.details = options.details ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.reportedCode = options.reportedCode;
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(DISCOVERY_API_ERROR_CODES);

/** Builds the error from a response and its parsed body (the envelope, or anything else a
 * proxy in between may have answered). */
export function apiErrorOf(response: Response, body: unknown): DiscoveryApiError {
  const envelope = (
    body as { error?: { code?: unknown; message?: unknown; details?: unknown; request_id?: unknown } } | undefined
  )?.error;
  const requestId =
    typeof envelope?.request_id === 'string'
      ? envelope.request_id
      : (response.headers.get('x-request-id') ?? undefined);
  const reported = typeof envelope?.code === 'string' ? envelope.code : undefined;
  const code = reported !== undefined && KNOWN_CODES.has(reported) ? (reported as DiscoveryApiErrorCode) : 'HTTP_ERROR';
  const message =
    typeof envelope?.message === 'string'
      ? envelope.message
      : `The API answered ${response.status} ${response.statusText}.`;
  return new DiscoveryApiError(code, message, {
    status: response.status,
    requestId,
    details:
      typeof envelope?.details === 'object' && envelope.details !== null ? (envelope.details as ErrorDetails) : {},
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
    reportedCode: reported,
  });
}

/** `Retry-After` as whole seconds (@fin/retry's reading, rounded up); undefined when absent or bad. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | undefined {
  const ms = parseRetryAfter(header, now);
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}
