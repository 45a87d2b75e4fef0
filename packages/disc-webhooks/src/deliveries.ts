import type { SqlQueryable } from '@disc/sql';
import { isoTime, isoTimeOrNull } from './iso-time';

export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed';

/** One attempt as a user sees it: an HTTP status, or the error when there was no answer. */
export interface DeliveryAttemptView {
  attempt: number;
  started_at: string;
  finished_at: string | null;
  status_code: number | null;
  latency_ms: number | null;
  error: string | null;
}

export interface DeliveryView {
  id: string;
  event_id: string;
  event: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  attempts: DeliveryAttemptView[];
}

export interface DeliveryPage {
  data: DeliveryView[];
  /** Pass as `after` for the next (older) page; null on the last page. */
  next_cursor: string | null;
}

/** One page of a webhook's deliveries, newest first (keyset pagination: a delivery written
 * meanwhile never shifts a page). `after` is a `next_cursor`; one that is not a delivery of
 * this webhook throws RangeError. */
export async function listDeliveriesPage(
  db: SqlQueryable,
  webhookId: string,
  options: { limit?: number; after?: string } = {},
): Promise<DeliveryPage> {
  const limit = options.limit ?? 50;
  const afterId = options.after === undefined ? undefined : decodeCursor(options.after);
  if (afterId !== undefined) {
    const known = await db.query('SELECT 1 FROM webhook_deliveries WHERE id = $1 AND webhook_id = $2', [
      afterId,
      webhookId,
    ]);
    if (known.length === 0)
      throw new RangeError(`cursor '${options.after}' does not belong to this webhook's deliveries`);
  }
  const rows = await listDeliveries(db, webhookId, { limit: limit + 1, ...(afterId === undefined ? {} : { afterId }) });
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(last.id) : null };
}

function encodeCursor(deliveryId: string): string {
  return Buffer.from(deliveryId, 'utf8').toString('base64url');
}

/** The delivery id a cursor names; a RangeError when it cannot name one (delivery ids are
 * `msg_` and hex digits, so a NUL byte, which PostgreSQL cannot compare as text, never
 * reaches the database). */
function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new RangeError(`cursor '${cursor}' does not name a delivery`);
  return id;
}

/** A webhook's deliveries, newest first, each with every attempt (oldest first); with
 * `afterId`, only those older than that delivery. */
export async function listDeliveries(
  db: SqlQueryable,
  webhookId: string,
  options: { limit?: number; afterId?: string } = {},
): Promise<DeliveryView[]> {
  const after =
    options.afterId === undefined
      ? ''
      : 'AND (d.created_at, d.id) < (SELECT c.created_at, c.id FROM webhook_deliveries c WHERE c.id = $3)';
  const deliveries = await db.query<Record<string, unknown>>(
    `SELECT d.id, d.event_id, e.type AS event, d.status, d.attempts, d.next_attempt_at, d.last_status, d.last_error,
            d.created_at, d.updated_at
       FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
      WHERE d.webhook_id = $1 ${after}
      ORDER BY d.created_at DESC, d.id DESC
      LIMIT $2`,
    [webhookId, options.limit ?? 50, ...(options.afterId === undefined ? [] : [options.afterId])],
  );
  if (deliveries.length === 0) return [];
  const attempts = await db.query<Record<string, unknown>>(
    `SELECT delivery_id, attempt, started_at, finished_at, status_code, latency_ms, error
       FROM webhook_attempts WHERE delivery_id = ANY ($1::text[]) ORDER BY delivery_id, attempt`,
    [deliveries.map((row) => row['id'])],
  );
  return deliveries.map((row) => {
    const status = row['status'] as DeliveryStatus;
    return {
      id: String(row['id']),
      event_id: String(row['event_id']),
      event: String(row['event']),
      status,
      attempt_count: Number(row['attempts']),
      next_attempt_at: status === 'pending' ? isoTimeOrNull(row['next_attempt_at']) : null,
      last_status: numberOrNull(row['last_status']),
      last_error: (row['last_error'] as string | null) ?? null,
      created_at: isoTime(row['created_at']),
      updated_at: isoTime(row['updated_at']),
      attempts: attempts.filter((attempt) => attempt['delivery_id'] === row['id']).map(presentAttempt),
    };
  });
}

function presentAttempt(row: Record<string, unknown>): DeliveryAttemptView {
  return {
    attempt: Number(row['attempt']),
    started_at: isoTime(row['started_at']),
    finished_at: isoTimeOrNull(row['finished_at']),
    status_code: numberOrNull(row['status_code']),
    latency_ms: numberOrNull(row['latency_ms']),
    error: (row['error'] as string | null) ?? null,
  };
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
