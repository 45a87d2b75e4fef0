// The public surface: what receivers (verification), senders (payloads, the outbox, the
// worker, the migrations) and the discovery API use. Internals (claiming, recording attempts,
// the sender's limits) are reached by this package's own tests through relative imports.
export {
  type WebhookVerificationErrorCode,
  type WebhookSecretErrorCode,
  type ReceiverUrlErrorCode,
  type ReceiverUrlContext,
  WEBHOOK_VERIFICATION_ERROR_CODES,
  WEBHOOK_SECRET_ERROR_CODES,
  RECEIVER_URL_ERROR_CODES,
  WebhookVerificationError,
  WebhookSecretError,
  ReceiverUrlError,
} from './errors';
export {
  type SignInput,
  type WebhookHeaders,
  signPayload,
  webhookHeaders,
  WEBHOOK_ID_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from './signature';
export { type HeaderSource, type VerifyOptions, verifyWebhook } from './verify';
export {
  type SubscribableEventType,
  type WebhookEventType,
  type WebhookPayload,
  type GradeChangeData,
  type GradeChangePayload,
  type NewDiscoveryData,
  type NewDiscoveryPayload,
  type TopDiscovery,
  type WebhookTestData,
  type WebhookTestPayload,
  SUBSCRIBABLE_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  gradeChangePayload,
  newDiscoveryPayload,
  webhookTestPayload,
} from '@disc/types';
export {
  type ResolvedAddress,
  type HostLookup,
  type ReceiverUrlPolicy,
  type CheckedReceiverUrl,
  checkReceiverUrl,
} from './url-policy';
export { type BackoffOptions, DEFAULT_RETRY_SCHEDULE_SECONDS, retryDelayMs } from './backoff';
export {
  type SendRequest,
  type AttemptResult,
  type WebhookSender,
  type SenderOptions,
  createHttpSender,
} from './sender';
export { WEBHOOK_MIGRATIONS } from './migrations';
export { type EnqueueOptions, type EnqueuedEvent, enqueueEvent } from './outbox';
export {
  type DeliveryStatus,
  type DeliveryView,
  type DeliveryAttemptView,
  type DeliveryPage,
  listDeliveries,
  listDeliveriesPage,
} from './deliveries';
export {
  type WebhookHealth,
  type DisabledWebhooks,
  webhookHealth,
  reenableWebhook,
  disableWebhooks,
} from './webhook-health';
export { type DeliveryWorkerOptions, DeliveryWorker } from './worker';
