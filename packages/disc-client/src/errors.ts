import type { components } from './generated/api';

type ErrorDetails = components['schemas']['ErrorDetails'];

/** An error answer of the API, with the envelope's machine `code` and `request_id` (quote it
 * when reporting a problem; the server's log has the same id). */
export class DiscoveryApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    readonly details: ErrorDetails = {},
    /** Seconds the server asked to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DiscoveryApiError';
  }
}

/** Builds the error from a response and its parsed body (the envelope, or anything else a
 * proxy in between may have answered). */
export function apiErrorOf(response: Response, body: unknown): DiscoveryApiError {
  const envelope = (body as { error?: { code?: unknown; message?: unknown; details?: unknown; request_id?: unknown } } | undefined)?.error;
  const requestId = typeof envelope?.request_id === 'string' ? envelope.request_id : (response.headers.get('x-request-id') ?? undefined);
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  return new DiscoveryApiError(
    response.status,
    typeof envelope?.code === 'string' ? envelope.code : `HTTP_${response.status}`,
    typeof envelope?.message === 'string' ? envelope.message : `The API answered ${response.status} ${response.statusText}.`,
    requestId,
    typeof envelope?.details === 'object' && envelope.details !== null ? (envelope.details as ErrorDetails) : {},
    retryAfter,
  );
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date; undefined when absent or bad. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
