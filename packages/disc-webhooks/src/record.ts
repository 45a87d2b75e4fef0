import type { BackoffOptions } from './backoff';
import { retryDelayMs } from './backoff';
import type { ClaimedDelivery } from './claim';
import type { AttemptResult } from './sender';
import type { SqlClient, SqlQueryable } from './sql-client';

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
  db: SqlClient,
  delivery: Pick<ClaimedDelivery, 'id' | 'attempt' | 'webhookId'>,
  result: AttemptResult,
  options: RecordOptions,
): Promise<AttemptOutcome> {
  const delay = result.ok ? undefined : retryDelayMs(delivery.attempt, options);
  const nextAttemptAt = delay === undefined ? undefined : new Date(options.now.getTime() + delay);
  const status = result.ok ? 'succeeded' : nextAttemptAt === undefined ? 'failed' : 'pending';

  return db.transaction(async (tx) => {
    // The delivery row first: a worker claiming the same row concurrently skips it instead
    // of waiting, so the two never lock the attempt row and the delivery row in opposite orders.
    const moved = await tx.query(
      `UPDATE webhook_deliveries
          SET status = $4, next_attempt_at = coalesce($5, next_attempt_at), locked_by = NULL, locked_until = NULL,
              last_status = $6, last_error = $7, updated_at = $8
        WHERE id = $1 AND locked_by = $2 AND attempts = $3 AND status = 'delivering'
       RETURNING id`,
      [delivery.id, options.workerId, delivery.attempt, status, nextAttemptAt ?? null, result.status ?? null, result.error ?? null, options.now],
    );
    await tx.query(
      `UPDATE webhook_attempts
          SET finished_at = $3, status_code = $4, latency_ms = $5, error = $6, response_body = $7
        WHERE delivery_id = $1 AND attempt = $2`,
      [delivery.id, delivery.attempt, options.now, result.status ?? null, result.latencyMs, result.error ?? null, result.responseBody ?? null],
    );
    if (moved.length === 0) return { outcome: 'superseded' };
    if (status === 'succeeded') {
      await tx.query('UPDATE webhooks SET failure_count = 0 WHERE id = $1 AND failure_count <> 0', [delivery.webhookId]);
      return { outcome: 'succeeded' };
    }
    if (status === 'pending') return { outcome: 'retrying', nextAttemptAt: nextAttemptAt! };
    const webhookDisabled = await countFailedDelivery(tx, delivery.webhookId, result, options);
    return { outcome: 'failed', webhookDisabled };
  });
}

async function countFailedDelivery(tx: SqlQueryable, webhookId: string, result: AttemptResult, options: RecordOptions): Promise<boolean> {
  const limit = options.disableAfterFailedDeliveries ?? DEFAULT_DISABLE_AFTER_FAILED_DELIVERIES;
  const reason = `disabled after ${limit} deliveries in a row failed every retry; last error: ${result.error ?? 'unknown'}`;
  const rows = await tx.query<{ just_disabled: boolean }>(
    `UPDATE webhooks
        SET failure_count = failure_count + 1,
            active = CASE WHEN failure_count + 1 >= $2 THEN false ELSE active END,
            disabled_at = CASE WHEN failure_count + 1 >= $2 AND active THEN $3 ELSE disabled_at END,
            disabled_reason = CASE WHEN failure_count + 1 >= $2 AND active THEN $4 ELSE disabled_reason END
      WHERE id = $1
     RETURNING (disabled_at = $3) AS just_disabled`,
    [webhookId, limit, options.now, reason],
  );
  return rows[0]?.just_disabled === true;
}
