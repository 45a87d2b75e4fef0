import { WebhookSecretError } from './errors';

const WHSEC_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The HMAC key bytes of a subscriber's secret.
 *
 * Standard Webhooks secrets are `whsec_<base64 of the key bytes>`; our API lets a subscriber
 * choose any string, so both forms are accepted: a `whsec_` prefix means base64 key bytes,
 * anything else is used as its UTF-8 bytes. (The reference libraries also base64-decode an
 * unprefixed secret; we do not, because a chosen passphrase is rarely valid base64.)
 */
export function secretKey(secret: string): Buffer {
  if (typeof secret !== 'string') {
    throw new WebhookSecretError(
      'EMPTY_SECRET',
      `The webhook secret is missing (got ${secret === null ? 'null' : typeof secret}); pass the secret given when the webhook was registered, as a string.`,
    );
  }
  if (secret.length === 0) {
    throw new WebhookSecretError(
      'EMPTY_SECRET',
      'The webhook secret is empty; use the secret given when the webhook was registered.',
    );
  }
  if (!secret.startsWith(WHSEC_PREFIX)) return Buffer.from(secret, 'utf8');
  const encoded = secret.slice(WHSEC_PREFIX.length);
  if (!BASE64.test(encoded)) {
    throw new WebhookSecretError(
      'INVALID_BASE64_SECRET',
      'A secret that starts with "whsec_" must continue with standard base64 (A-Z a-z 0-9 + /, optional = padding).',
    );
  }
  return Buffer.from(encoded, 'base64');
}
