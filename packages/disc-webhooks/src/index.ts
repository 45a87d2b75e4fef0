export type { WebhookVerificationErrorCode, WebhookSecretErrorCode, ReceiverUrlErrorCode } from './errors';
export { WebhookVerificationError, WebhookSecretError, ReceiverUrlError } from './errors';
export { secretKey } from './secret';
export type { SignInput, WebhookHeaders } from './signature';
export { signPayload, webhookHeaders, WEBHOOK_ID_HEADER, WEBHOOK_TIMESTAMP_HEADER, WEBHOOK_SIGNATURE_HEADER } from './signature';
export type { HeaderSource, VerifyOptions } from './verify';
export { verifyWebhook } from './verify';
export type {
  WebhookEventType,
  WebhookPayload,
  GradeChangeData,
  GradeChangePayload,
  NewDiscoveryData,
  NewDiscoveryPayload,
  TopDiscovery,
  WebhookTestData,
  WebhookTestPayload,
} from './events';
export { SUBSCRIBABLE_EVENT_TYPES, gradeChangePayload, newDiscoveryPayload, webhookTestPayload } from './events';
export type { ScorePoint, PreviousScorePoint, DetectorOptions } from './detectors';
export { gradeChangeEvent, gradeChangeReason, newDiscoveryEvent } from './detectors';
export type { ResolvedAddress, HostLookup, ReceiverUrlPolicy, CheckedReceiverUrl } from './url-policy';
export { checkReceiverUrl, defaultHostLookup } from './url-policy';
export type { BackoffOptions } from './backoff';
export { DEFAULT_RETRY_SCHEDULE_SECONDS, JITTER_FRACTION, maxAttempts, retryDelayMs } from './backoff';
export type { SendRequest, AttemptResult, WebhookSender, SenderOptions } from './sender';
export { createHttpSender, DEFAULT_SEND_TIMEOUT_MS, DEFAULT_MAX_RESPONSE_BYTES } from './sender';
export type { SqlQueryable, SqlClient, PgQueryable, PgPool } from './sql-client';
export { OUTBOX_MIGRATION_PATH, splitStatements, pgPoolClient } from './sql-client';
export type { EnqueueOptions, EnqueuedEvent } from './outbox';
export { enqueueEvent } from './outbox';
export type { ClaimOptions, ClaimedDelivery } from './claim';
export { claimDue, ABANDONED_ATTEMPT_ERROR } from './claim';
export type { RecordOptions, AttemptOutcome } from './record';
export { recordAttempt, DEFAULT_DISABLE_AFTER_FAILED_DELIVERIES } from './record';
export type { AttemptRecord } from './attempt-recorder';
export { recordAttempts } from './attempt-recorder';
export type { DeliveryStatus, DeliveryView, DeliveryAttemptView, DeliveryPage } from './deliveries';
export { listDeliveries, listDeliveriesPage } from './deliveries';
export type { WebhookHealth, DisabledWebhooks } from './webhook-health';
export { webhookHealth, reenableWebhook, disableWebhooks } from './webhook-health';
export type { DeliveryWorkerOptions } from './worker';
export { DeliveryWorker } from './worker';
