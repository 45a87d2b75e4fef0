import { randomUUID } from 'node:crypto';
import { disableWebhooks, type SubscribableEventType } from '@disc/webhooks';
import type { Queryable } from '../db/database';

export type WebhookEvent = SubscribableEventType;

/** A registration as the admin listing shows it: with its owner. */
export interface AdminWebhook extends Webhook {
  token_id: string;
  token_name: string | null;
  token_revoked: boolean;
}

/** A registration as the API shows it: the secret is never echoed (docs/decisions/0009-responses-beyond-the-spec.md). */
export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  /** The symbols whose grade changes it receives; null: every symbol (our extension). */
  symbols: string[] | null;
  /** False once the delivery worker disabled it; `disabled_reason` says why. */
  active: boolean;
  failure_count: number;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_at: string;
}

interface WebhookRow {
  id: string;
  url: string;
  events: WebhookEvent[];
  symbols: string[] | null;
  active: boolean;
  failure_count: number;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
}

export interface NewWebhook {
  url: string;
  events: readonly WebhookEvent[];
  secret: string;
  symbols?: readonly string[] | undefined;
}

const COLUMNS = 'id, url, events, symbols, active, failure_count, disabled_at, disabled_reason, created_at';

/** Webhook registrations, each owned by the token that created it: a token sees and
 * deletes only its own. */
export class WebhookStore {
  constructor(private readonly db: Queryable) {}

  async create(tokenId: string, input: NewWebhook): Promise<Webhook> {
    const id = `wh_${randomUUID().replaceAll('-', '')}`;
    const symbols = input.symbols === undefined ? null : [...new Set(input.symbols.map((s) => s.toUpperCase()))];
    const rows = await this.db.query<WebhookRow>(
      `INSERT INTO webhooks (id, url, events, secret, token_id, symbols) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [id, input.url, [...new Set(input.events)], input.secret, tokenId, symbols],
    );
    return present(rows[0]!);
  }

  async list(tokenId: string): Promise<Webhook[]> {
    const rows = await this.db.query<WebhookRow>(
      `SELECT ${COLUMNS} FROM webhooks WHERE token_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
      [tokenId],
    );
    return rows.map(present);
  }

  async get(tokenId: string, id: string): Promise<Webhook | undefined> {
    const rows = await this.db.query<WebhookRow>(
      `SELECT ${COLUMNS} FROM webhooks WHERE token_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [tokenId, id],
    );
    return rows[0] === undefined ? undefined : present(rows[0]);
  }

  /** Soft delete: delivery records keep pointing at the registration. */
  async remove(tokenId: string, id: string): Promise<boolean> {
    return (await this.removeWhere('token_id = $2 AND id = $1', [id, tokenId])) > 0;
  }

  /** Admin: every webhook that is not deleted, whoever owns it, with its owner. */
  async listAll(): Promise<AdminWebhook[]> {
    const rows = await this.db.query<
      WebhookRow & { token_id: string; token_name: string | null; token_revoked_at: Date | null }
    >(
      `SELECT ${COLUMNS.split(', ')
        .map((c) => `w.${c}`)
        .join(', ')}, w.token_id, t.name AS token_name, t.revoked_at AS token_revoked_at
         FROM webhooks w LEFT JOIN api_tokens t ON t.id = w.token_id
        WHERE w.deleted_at IS NULL ORDER BY w.created_at, w.id`,
    );
    return rows.map((row) => ({
      ...present(row),
      token_id: row.token_id,
      token_name: row.token_name,
      token_revoked: row.token_revoked_at !== null,
    }));
  }

  /** Admin: disables any webhook and cancels its pending deliveries; false when there is
   * no such active webhook. */
  async disableAny(id: string, reason: string): Promise<boolean> {
    return (await disableWebhooks(this.db, [id], reason)).webhooks.length > 0;
  }

  /** Admin: deletes any webhook (soft) and cancels its pending deliveries. */
  async removeAny(id: string): Promise<boolean> {
    await disableWebhooks(this.db, [id], 'deleted by an administrator');
    return (await this.removeWhere('id = $1', [id])) > 0;
  }

  private async removeWhere(condition: string, params: unknown[]): Promise<number> {
    const rows = await this.db.query(
      `UPDATE webhooks SET deleted_at = now(), active = false WHERE ${condition} AND deleted_at IS NULL RETURNING id`,
      params,
    );
    return rows.length;
  }
}

function present(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: [...row.events],
    symbols: row.symbols === null ? null : [...row.symbols],
    active: row.active,
    failure_count: Number(row.failure_count),
    disabled_at: row.disabled_at?.toISOString() ?? null,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at.toISOString(),
  };
}
