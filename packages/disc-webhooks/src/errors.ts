/** Why a received webhook was rejected. A receiver answers 400/401 for any of them and
 * logs the code; the sender retries, so a rejected message is not lost. */
export type WebhookVerificationErrorCode =
  | 'MISSING_HEADERS'
  | 'TIMESTAMP_OUT_OF_TOLERANCE'
  | 'INVALID_SIGNATURE'
  | 'INVALID_PAYLOAD';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';

  constructor(
    readonly code: WebhookVerificationErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A signing secret that cannot be turned into key bytes. */
export type WebhookSecretErrorCode = 'EMPTY_SECRET' | 'INVALID_BASE64_SECRET';

export class WebhookSecretError extends Error {
  override readonly name = 'WebhookSecretError';

  constructor(
    readonly code: WebhookSecretErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Why a receiver URL is refused, at registration or again right before a send. */
export type ReceiverUrlErrorCode = 'INVALID_URL' | 'SCHEME_NOT_ALLOWED' | 'UNRESOLVABLE_HOST' | 'ADDRESS_NOT_ALLOWED';

export class ReceiverUrlError extends Error {
  override readonly name = 'ReceiverUrlError';

  constructor(
    readonly code: ReceiverUrlErrorCode,
    message: string,
    readonly context: { url: string; address?: string; range?: string },
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
