import type { SqlQueryable } from './sql-client';
import { isoTimeOrNull } from './sql-client';

/** What a webhook listing adds so a disabled endpoint says so, and why. */
export interface WebhookHealth {
  active: boolean;
  failure_count: number;
  disabled_at: string | null;
  disabled_reason: string | null;
}

export async function webhookHealth(db: SqlQueryable, webhookIds: readonly string[]): Promise<Map<string, WebhookHealth>> {
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
