import type { SqlQueryable } from '@disc/sql';

export interface ClaimOptions {
  workerId: string;
  limit: number;
  /** How long the claim holds; after it a delivery whose worker died is claimed again. Must
   * exceed the send timeout, or a slow but healthy send could be repeated. */
  leaseMs: number;
  now: Date;
  /** Attempts a delivery gets in all (`maxAttempts(schedule)`). */
  maxAttempts: number;
  /** First end deliveries that can no longer be sent (see `failUndeliverable`); default true.
   * A busy worker claims often and sweeps less often. */
  sweep?: boolean;
}

/** A delivery claimed for one attempt, with what it takes to send it. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  eventType: string;
  webhookId: string;
  /** 1 for the first attempt. */
  attempt: number;
  url: string;
  secret: string;
  body: string;
}

export const ABANDONED_ATTEMPT_ERROR = 'abandoned: the worker stopped before recording a result (lease expired)';

/**
 * Claims up to `limit` due deliveries for one attempt each. `FOR UPDATE SKIP LOCKED` lets
 * several workers claim at once without waiting on or taking each other's rows; the
 * attempt counter and the (delivery, attempt) row written in the same statement make
 * every attempt number belong to exactly one worker.
 */
export async function claimDue(db: SqlQueryable, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  if (options.sweep !== false) await failUndeliverable(db, options);
  const lockedUntil = new Date(options.now.getTime() + options.leaseMs);
  const rows = await db.query<{
    id: string;
    event_id: string;
    event_type: string;
    webhook_id: string;
    attempt: number;
    url: string;
    secret: string;
    body: string;
  }>(
    `WITH due AS (
       SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE w.active AND w.deleted_at IS NULL
          AND ((d.status = 'pending' AND d.next_attempt_at <= $1)
            OR (d.status = 'delivering' AND d.locked_until <= $1 AND d.attempts < $5))
        ORDER BY d.next_attempt_at
        LIMIT $3
        FOR UPDATE OF d SKIP LOCKED
     ), claimed AS (
       UPDATE webhook_deliveries d
          SET status = 'delivering', attempts = d.attempts + 1, locked_by = $2, locked_until = $4, updated_at = $1
         FROM due WHERE d.id = due.id
       RETURNING d.id, d.event_id, d.webhook_id, d.attempts
     ), abandoned AS (
       UPDATE webhook_attempts a SET finished_at = $1, error = $6
         FROM claimed WHERE a.delivery_id = claimed.id AND a.finished_at IS NULL
     ), started AS (
       INSERT INTO webhook_attempts (delivery_id, attempt, worker_id, started_at)
       SELECT id, attempts, $2, $1 FROM claimed
     )
     SELECT c.id, c.event_id, e.type AS event_type, c.webhook_id, c.attempts AS attempt, w.url, w.secret, e.body
       FROM claimed c JOIN webhooks w ON w.id = c.webhook_id JOIN webhook_events e ON e.id = c.event_id`,
    [options.now, options.workerId, options.limit, lockedUntil, options.maxAttempts, ABANDONED_ATTEMPT_ERROR],
  );
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    webhookId: row.webhook_id,
    attempt: Number(row.attempt),
    url: row.url,
    secret: row.secret,
    body: row.body,
  }));
}

/** Ends deliveries that can no longer be sent: their webhook was disabled or deleted, or
 * their last allowed attempt was abandoned by a worker that died. */
export async function failUndeliverable(
  db: SqlQueryable,
  options: Pick<ClaimOptions, 'now' | 'maxAttempts'>,
): Promise<void> {
  await db.query(
    `UPDATE webhook_deliveries d
        SET status = 'failed', locked_by = NULL, locked_until = NULL, updated_at = $1,
            last_error = CASE WHEN w.deleted_at IS NOT NULL THEN 'the webhook was deleted'
                              ELSE 'the webhook is disabled: ' || coalesce(w.disabled_reason, 'set inactive') END
       FROM webhooks w
      WHERE w.id = d.webhook_id AND (NOT w.active OR w.deleted_at IS NOT NULL)
        AND (d.status = 'pending' OR (d.status = 'delivering' AND d.locked_until <= $1))`,
    [options.now],
  );
  await db.query(
    `WITH expired AS (
       UPDATE webhook_deliveries
          SET status = 'failed', locked_by = NULL, locked_until = NULL, updated_at = $1, last_error = $3
        WHERE status = 'delivering' AND locked_until <= $1 AND attempts >= $2
       RETURNING id
     )
     UPDATE webhook_attempts a SET finished_at = $1, error = $3
       FROM expired WHERE a.delivery_id = expired.id AND a.finished_at IS NULL`,
    [options.now, options.maxAttempts, ABANDONED_ATTEMPT_ERROR],
  );
}
