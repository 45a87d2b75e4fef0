import { WebhookVerificationError } from './errors';
import type { WebhookPayload } from '@disc/types';
import {
  sameDigest,
  signatureDigest,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from './signature';

/** Node's `req.headers`, a plain object, or a fetch `Headers` (anything with `get`). */
export type HeaderSource =
  { get(name: string): string | null | undefined } | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyOptions {
  /** How far the `webhook-timestamp` may be from `now`, either way; defaults to 300 s. */
  toleranceSeconds?: number;
  now?: Date;
}

const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * Checks a received webhook and returns its parsed JSON payload.
 *
 * Pass the raw body exactly as received (with Express: `express.raw({ type: 'application/json' })`):
 * the signature covers the bytes, and re-serialised JSON would not match. Throws
 * `WebhookVerificationError` when a header is missing, the timestamp is outside the
 * tolerance window (a replay guard), no `v1` signature matches, or the body is not JSON.
 */
export function verifyWebhook<P = WebhookPayload>(
  secret: string,
  headers: HeaderSource,
  body: string | Uint8Array,
  options: VerifyOptions = {},
): P {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) {
    throw new WebhookVerificationError(
      'INVALID_PAYLOAD',
      'Pass the raw request body (a string or Buffer), not parsed JSON: in Express use express.raw({ type: "application/json" }).',
    );
  }
  const tolerance = toleranceOf(options?.toleranceSeconds);
  const now = nowSecondsOf(options?.now);
  const id = header(headers, WEBHOOK_ID_HEADER);
  const timestampText = header(headers, WEBHOOK_TIMESTAMP_HEADER);
  const signatures = header(headers, WEBHOOK_SIGNATURE_HEADER);
  const missing = [
    id === undefined ? WEBHOOK_ID_HEADER : undefined,
    timestampText === undefined ? WEBHOOK_TIMESTAMP_HEADER : undefined,
    signatures === undefined ? WEBHOOK_SIGNATURE_HEADER : undefined,
  ].filter((name) => name !== undefined);
  if (id === undefined || timestampText === undefined || signatures === undefined) {
    throw new WebhookVerificationError('MISSING_HEADERS', `Missing webhook header(s): ${missing.join(', ')}.`);
  }
  if (!/^\d{1,12}$/.test(timestampText)) {
    throw new WebhookVerificationError(
      'MISSING_HEADERS',
      `webhook-timestamp must be Unix seconds, got "${timestampText.slice(0, 40)}".`,
    );
  }

  const timestamp = Number(timestampText);
  if (Math.abs(now - timestamp) > tolerance) {
    throw new WebhookVerificationError(
      'TIMESTAMP_OUT_OF_TOLERANCE',
      `webhook-timestamp ${timestamp} is ${now - timestamp} s away from now (${now}); at most ${tolerance} s is accepted. Check the receiver's clock.`,
    );
  }

  const expected = signatureDigest({ id, timestamp, body, secret });
  // Several space-separated signatures may be sent (e.g. during secret rotation); any
  // matching `v1` one is enough, other versions are ignored.
  const matches = signatures
    .split(' ')
    .map((entry) => entry.split(','))
    .some(([version, digest]) => version === 'v1' && digest !== undefined && sameDigest(expected, digest));
  if (!matches) {
    throw new WebhookVerificationError(
      'INVALID_SIGNATURE',
      'No v1 signature in webhook-signature matches this body and secret.',
    );
  }

  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  try {
    return JSON.parse(text) as P;
  } catch (cause) {
    throw new WebhookVerificationError('INVALID_PAYLOAD', 'The signed body is not valid JSON.', { cause });
  }
}

/** The replay window. A tolerance that is not a finite number >= 0 (NaN from a bad env
 * variable, say) would make every timestamp pass or none, so it is refused outright. */
function toleranceOf(value: unknown): number {
  if (value === undefined) return DEFAULT_TOLERANCE_SECONDS;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(
      `verifyWebhook: options.toleranceSeconds must be a finite number of seconds >= 0, got ${describe(value)}.`,
    );
  }
  return value;
}

/** `options.now` in Unix seconds; an Invalid Date (or a non-Date) would disable the replay check. */
function nowSecondsOf(value: unknown): number {
  if (value === undefined) return Math.floor(Date.now() / 1000);
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new RangeError(`verifyWebhook: options.now must be a valid Date, got ${describe(value)}.`);
  }
  return Math.floor(value.getTime() / 1000);
}

function describe(value: unknown): string {
  if (value instanceof Date) return 'an invalid Date';
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}

function header(headers: HeaderSource | null | undefined, name: string): string | undefined {
  if (headers === null || headers === undefined || typeof headers !== 'object') return undefined;
  const raw = isHeadersLike(headers) ? headers.get(name) : lookupIgnoringCase(headers, name);
  const value = Array.isArray(raw) ? raw.join(' ') : (raw as string | null | undefined);
  return value === null || value === undefined || value === '' ? undefined : value;
}

function isHeadersLike(headers: HeaderSource): headers is { get(name: string): string | null | undefined } {
  return typeof (headers as { get?: unknown }).get === 'function';
}

function lookupIgnoringCase(
  headers: Readonly<Record<string, string | readonly string[] | undefined>>,
  name: string,
): string | readonly string[] | undefined {
  if (headers[name] !== undefined) return headers[name];
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}
