// The public surface: what receivers (verification), senders (payloads, the outbox, the
// worker, the migrations) and the discovery API use. Internals (claiming, recording attempts,
// the sender's limits) are reached by this package's own tests through relative imports.
export type {
  WebhookVerificationErrorCode,
  WebhookSecretErrorCode,
  ReceiverUrlErrorCode,
  ReceiverUrlContext,
} from './errors';
export {
  WEBHOOK_VERIFICATION_ERROR_CODES,
  WEBHOOK_SECRET_ERROR_CODES,
  RECEIVER_URL_ERROR_CODES,
  WebhookVerificationError,
  WebhookSecretError,
  ReceiverUrlError,
} from './errors';
export type { SignInput, WebhookHeaders } from './signature';
export {
  signPayload,
  webhookHeaders,
  WEBHOOK_ID_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from './signature';
export type { HeaderSource, VerifyOptions } from './verify';
export { verifyWebhook } from './verify';
export type {
  SubscribableEventType,
  WebhookEventType,
  WebhookPayload,
  GradeChangeData,
  GradeChangePayload,
  NewDiscoveryData,
  NewDiscoveryPayload,
  TopDiscovery,
  WebhookTestData,
  WebhookTestPayload,
} from '@disc/types';
export {
  SUBSCRIBABLE_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  gradeChangePayload,
  newDiscoveryPayload,
  webhookTestPayload,
} from '@disc/types';
export type { ResolvedAddress, HostLookup, ReceiverUrlPolicy, CheckedReceiverUrl } from './url-policy';
export { checkReceiverUrl } from './url-policy';
export type { BackoffOptions } from './backoff';
export { DEFAULT_RETRY_SCHEDULE_SECONDS, retryDelayMs } from './backoff';
export type { SendRequest, AttemptResult, WebhookSender, SenderOptions } from './sender';
export { createHttpSender } from './sender';
export { WEBHOOK_MIGRATIONS } from './migrations';
export type { EnqueueOptions, EnqueuedEvent } from './outbox';
export { enqueueEvent } from './outbox';
export type { DeliveryStatus, DeliveryView, DeliveryAttemptView, DeliveryPage } from './deliveries';
export { listDeliveries, listDeliveriesPage } from './deliveries';
export type { WebhookHealth, DisabledWebhooks } from './webhook-health';
export { webhookHealth, reenableWebhook, disableWebhooks } from './webhook-health';
export type { DeliveryWorkerOptions } from './worker';
export { DeliveryWorker } from './worker';
