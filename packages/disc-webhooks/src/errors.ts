import { CodedError } from '@fin/errors';

/** Why a received webhook was rejected. A receiver answers 400/401 for any of them and
 * logs the code; the sender retries, so a rejected message is not lost. */
export const WEBHOOK_VERIFICATION_ERROR_CODES = [
  'MISSING_HEADERS',
  'TIMESTAMP_OUT_OF_TOLERANCE',
  'INVALID_SIGNATURE',
  'INVALID_PAYLOAD',
] as const;
export type WebhookVerificationErrorCode = (typeof WEBHOOK_VERIFICATION_ERROR_CODES)[number];

export class WebhookVerificationError extends CodedError<WebhookVerificationErrorCode> {
  override readonly name: string = 'WebhookVerificationError';
}

/** A signing secret that cannot be turned into key bytes. */
export const WEBHOOK_SECRET_ERROR_CODES = ['EMPTY_SECRET', 'INVALID_BASE64_SECRET'] as const;
export type WebhookSecretErrorCode = (typeof WEBHOOK_SECRET_ERROR_CODES)[number];

export class WebhookSecretError extends CodedError<WebhookSecretErrorCode> {
  override readonly name: string = 'WebhookSecretError';
}

/** Why a receiver URL is refused, at registration or again right before a send. */
export const RECEIVER_URL_ERROR_CODES = [
  'INVALID_URL',
  'SCHEME_NOT_ALLOWED',
  'UNRESOLVABLE_HOST',
  'ADDRESS_NOT_ALLOWED',
] as const;
export type ReceiverUrlErrorCode = (typeof RECEIVER_URL_ERROR_CODES)[number];

/** The URL refused and, for ADDRESS_NOT_ALLOWED, the address it resolved to and its range. */
export interface ReceiverUrlContext {
  url: string;
  address?: string;
  range?: string;
}

export class ReceiverUrlError extends CodedError<ReceiverUrlErrorCode> {
  override readonly name: string = 'ReceiverUrlError';
  readonly context: ReceiverUrlContext;

  constructor(code: ReceiverUrlErrorCode, message: string, options: ReceiverUrlContext & { cause?: unknown }) {
    const { cause, ...context } = options;
    super(code, message, { cause });
    this.context = context;
  }
}
