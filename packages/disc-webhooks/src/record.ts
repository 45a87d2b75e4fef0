import type { BackoffOptions } from './backoff';
import { retryDelayMs } from './backoff';
import type { ClaimedDelivery } from './claim';
import type { AttemptResult } from './sender';
import type { SqlQueryable } from '@disc/sql';

export const DEFAULT_DISABLE_AFTER_FAILED_DELIVERIES = 5;

export interface RecordOptions extends BackoffOptions {
  workerId: string;
  now: Date;
  /** An endpoint whose deliveries failed this many times in a row is disabled. */
  disableAfterFailedDeliveries?: number;
}

export type AttemptOutcome =
  | { outcome: 'succeeded' }
  | { outcome: 'retrying'; nextAttemptAt: Date }
  | { outcome: 'failed'; webhookDisabled: boolean }
  /** Another worker claimed the delivery after this worker's lease expired; the attempt is
   * recorded but the delivery's state is theirs to decide. */
  | { outcome: 'superseded' };

/**
 * Records one attempt's result and moves the delivery on: succeeded on a 2xx; otherwise
 * pending again after the backoff delay, or failed when the schedule is used up. A failed
 * delivery counts against its webhook, which is disabled after too many in a row.
 */
export async function recordAttempt(
  db: SqlQueryable,
  delivery: Pick<ClaimedDelivery, 'id' | 'attempt' | 'webhookId'>,
  result: AttemptResult,
  options: RecordOptions,
): Promise<AttemptOutcome> {
  const delay = result.ok ? undefined : retryDelayMs(delivery.attempt, options);
  const nextAttemptAt = delay === undefined ? undefined : new Date(options.now.getTime() + delay);
  const status = result.ok ? 'succeeded' : nextAttemptAt === undefined ? 'failed' : 'pending';

  const limit = options.disableAfterFailedDeliveries ?? DEFAULT_DISABLE_AFTER_FAILED_DELIVERIES;
  const reason = `disabled after ${limit} deliveries in a row failed every retry; last error: ${result.error ?? 'unknown'}`;
  // One statement, so one round trip and one commit per attempt. The delivery row is
  // updated first (`moved` is read by the main query, the attempt update runs last): a
  // worker claiming the same row meanwhile skips it instead of waiting, so the two never
  // lock the delivery and its attempt row in opposite orders.
  const rows = await db.query<{ moved: number; just_disabled: boolean | null }>(
    `WITH moved AS (
       UPDATE webhook_deliveries
          SET status = $4, next_attempt_at = coalesce($5, next_attempt_at), locked_by = NULL, locked_until = NULL,
              last_status = $6, last_error = $7, updated_at = $8
        WHERE id = $1 AND locked_by = $2 AND attempts = $3 AND status = 'delivering'
       RETURNING webhook_id, status
     ), reset AS (
       UPDATE webhooks w SET failure_count = 0
         FROM moved WHERE w.id = moved.webhook_id AND moved.status = 'succeeded' AND w.failure_count <> 0
     ), counted AS (
       UPDATE webhooks w
          SET failure_count = w.failure_count + 1,
              active = CASE WHEN w.failure_count + 1 >= $11 THEN false ELSE w.active END,
              disabled_at = CASE WHEN w.failure_count + 1 >= $11 AND w.active THEN $8 ELSE w.disabled_at END,
              disabled_reason = CASE WHEN w.failure_count + 1 >= $11 AND w.active THEN $12 ELSE w.disabled_reason END
         FROM moved WHERE w.id = moved.webhook_id AND moved.status = 'failed'
       RETURNING (w.disabled_at = $8) AS just_disabled
     ), attempt AS (
       UPDATE webhook_attempts
          SET finished_at = $8, status_code = $6, latency_ms = $9, error = $7, response_body = $10
        WHERE delivery_id = $1 AND attempt = $3
     )
     SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT bool_or(just_disabled) FROM counted) AS just_disabled`,
    [
      delivery.id,
      options.workerId,
      delivery.attempt,
      status,
      nextAttemptAt ?? null,
      result.status ?? null,
      result.error ?? null,
      options.now,
      result.latencyMs,
      result.responseBody ?? null,
      limit,
      reason,
    ],
  );
  const row = rows[0];
  if (row === undefined || row.moved === 0) return { outcome: 'superseded' };
  if (nextAttemptAt !== undefined) return { outcome: 'retrying', nextAttemptAt };
  if (status === 'succeeded') return { outcome: 'succeeded' };
  return { outcome: 'failed', webhookDisabled: row.just_disabled === true };
}
