import { createHmac, timingSafeEqual } from 'node:crypto';
import { secretKey } from './secret';

/** The Standard Webhooks header names (https://www.standardwebhooks.com/). */
export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

export interface SignInput {
  /** The message id; stays the same across retries so receivers can drop duplicates. */
  id: string;
  /** When this attempt is sent: a Date or Unix seconds. */
  timestamp: Date | number;
  /** The exact request body bytes (the signature covers them, not a re-serialisation). */
  body: string | Uint8Array;
  /** `whsec_<base64>` or any other string, used as UTF-8 bytes (see `secretKey`). */
  secret: string;
}

export function unixSeconds(timestamp: Date | number): number {
  return typeof timestamp === 'number' ? Math.floor(timestamp) : Math.floor(timestamp.getTime() / 1000);
}

/** The base64 HMAC-SHA256 of `"<id>.<timestamp>.<body>"`, without the `v1,` version tag. */
export function signatureDigest(input: SignInput): string {
  return createHmac('sha256', secretKey(input.secret))
    .update(`${input.id}.${unixSeconds(input.timestamp)}.`)
    .update(input.body)
    .digest('base64');
}

/** `v1,<base64 HMAC-SHA256>` as it goes into the `webhook-signature` header. */
export function signPayload(input: SignInput): string {
  return `v1,${signatureDigest(input)}`;
}

// A type alias rather than an interface, so that it is assignable to header records.
export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** The three Standard Webhooks headers for one delivery attempt. */
export function webhookHeaders(input: SignInput): WebhookHeaders {
  return {
    [WEBHOOK_ID_HEADER]: input.id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(unixSeconds(input.timestamp)),
    [WEBHOOK_SIGNATURE_HEADER]: signPayload(input),
  };
}

/** Compares two base64 digests without leaking where they differ. */
export function sameDigest(expected: string, candidate: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(candidate, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
