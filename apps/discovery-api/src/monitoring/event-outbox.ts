import { enqueueEvent, type GradeChangePayload, type NewDiscoveryPayload } from '@disc/webhooks';
import type { Queryable } from '../db/database';

/**
 * Writes an event to the webhook outbox with the transaction that recorded its cause.
 * `grade_change` honours a webhook's optional `symbols` filter (our extension of the
 * registration body), so it names its receivers itself; `new_discovery` goes to every
 * active subscriber of the event. Returns the number of deliveries written.
 */
export async function enqueueGradeChange(tx: Queryable, payload: GradeChangePayload, now: Date): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM webhooks
      WHERE active AND deleted_at IS NULL AND 'grade_change' = ANY (events)
        AND (symbols IS NULL OR $1 = ANY (symbols))`,
    [payload.data.symbol],
  );
  // No subscriber: nothing to deliver, and nothing worth keeping.
  if (rows.length === 0) return 0;
  const enqueued = await enqueueEvent(tx, payload, { webhookIds: rows.map((row) => row.id), now });
  return enqueued.deliveries.length;
}

export async function enqueueNewDiscovery(tx: Queryable, payload: NewDiscoveryPayload, now: Date): Promise<number> {
  const enqueued = await enqueueEvent(tx, payload, { now });
  return enqueued.deliveries.length;
}
