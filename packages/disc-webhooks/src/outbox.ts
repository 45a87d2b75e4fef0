import { randomUUID } from 'node:crypto';
import type { WebhookPayload } from '@disc/types';
import type { SqlQueryable } from '@disc/sql';

export interface EnqueueOptions {
  /** Deliver only to these webhooks (e.g. "send a test event"), whatever their `events`
   * list; by default every active webhook subscribed to the payload's event type. */
  webhookIds?: readonly string[];
  /** Creation time and first due time; defaults to now. */
  now?: Date;
}

export interface EnqueuedEvent {
  eventId: string;
  deliveries: { id: string; webhookId: string }[];
}

/**
 * Writes an event and one pending delivery per subscribed, active webhook. Call it with the
 * transaction that records the change behind the event (the transactional outbox): either
 * both are committed or neither, and a crash after the commit loses nothing, because the
 * delivery worker finds the pending rows.
 */
export async function enqueueEvent(
  tx: SqlQueryable,
  payload: WebhookPayload,
  options: EnqueueOptions = {},
): Promise<EnqueuedEvent> {
  const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
  const now = options.now ?? new Date();
  const body = JSON.stringify(payload);
  await tx.query(
    'INSERT INTO webhook_events (id, type, payload, body, created_at) VALUES ($1, $2, $3::jsonb, $4, $5)',
    [eventId, payload.event, body, body, now],
  );
  // The delivery id doubles as the Standard Webhooks message id (`webhook-id`).
  const rows = await tx.query<{ id: string; webhook_id: string }>(
    `INSERT INTO webhook_deliveries (id, event_id, webhook_id, next_attempt_at, created_at, updated_at)
     SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), $1, w.id, $2, $2, $2
       FROM webhooks w
      WHERE w.active AND w.deleted_at IS NULL
        AND CASE WHEN $3::text[] IS NULL THEN $4::text = ANY (w.events) ELSE w.id = ANY ($3::text[]) END
     RETURNING id, webhook_id`,
    [eventId, now, options.webhookIds === undefined ? null : [...options.webhookIds], payload.event],
  );
  return { eventId, deliveries: rows.map((row) => ({ id: row.id, webhookId: row.webhook_id })) };
}
