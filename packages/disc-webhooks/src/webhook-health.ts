import type { SqlQueryable } from '@disc/sql';
import { isoTimeOrNull } from './iso-time';

/** What a webhook listing adds so a disabled endpoint says so, and why. */
export interface WebhookHealth {
  active: boolean;
  failure_count: number;
  disabled_at: string | null;
  disabled_reason: string | null;
}

export async function webhookHealth(
  db: SqlQueryable,
  webhookIds: readonly string[],
): Promise<Map<string, WebhookHealth>> {
  const rows = await db.query<Record<string, unknown>>(
    'SELECT id, active, failure_count, disabled_at, disabled_reason FROM webhooks WHERE id = ANY ($1::text[])',
    [[...webhookIds]],
  );
  return new Map(
    rows.map((row) => [
      String(row['id']),
      {
        active: row['active'] === true,
        failure_count: Number(row['failure_count']),
        disabled_at: isoTimeOrNull(row['disabled_at']),
        disabled_reason: (row['disabled_reason'] as string | null) ?? null,
      },
    ]),
  );
}

/** Turns a disabled (not deleted) webhook back on, with a clean failure count. */
export async function reenableWebhook(db: SqlQueryable, webhookId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE webhooks SET active = true, failure_count = 0, disabled_at = NULL, disabled_reason = NULL
      WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
    [webhookId],
  );
  return rows.length > 0;
}

/** What disabling did: the webhooks switched off and the pending deliveries ended. */
export interface DisabledWebhooks {
  webhooks: string[];
  cancelledDeliveries: number;
}

/**
 * Switches webhooks off with a reason (shown in their listing) and ends their pending
 * deliveries at once — status `failed`, `last_error` "cancelled: …" — so nothing more is sent
 * to them; an attempt already in flight finishes. Deleted webhooks are left alone.
 */
export async function disableWebhooks(
  db: SqlQueryable,
  webhookIds: readonly string[],
  reason: string,
  now: Date = new Date(),
): Promise<DisabledWebhooks> {
  if (webhookIds.length === 0) return { webhooks: [], cancelledDeliveries: 0 };
  const rows = await db.query<{ id: string }>(
    `UPDATE webhooks SET active = false, disabled_at = $2, disabled_reason = $3
      WHERE id = ANY ($1::text[]) AND deleted_at IS NULL AND active RETURNING id`,
    [[...webhookIds], now, reason],
  );
  const cancelled = await db.query(
    `UPDATE webhook_deliveries SET status = 'failed', updated_at = $2, last_error = $3
      WHERE webhook_id = ANY ($1::text[]) AND status = 'pending' RETURNING id`,
    [[...webhookIds], now, `cancelled: the webhook is disabled: ${reason}`],
  );
  return { webhooks: rows.map((r) => String(r.id)), cancelledDeliveries: cancelled.length };
}
