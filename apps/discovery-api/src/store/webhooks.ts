import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';

export type WebhookEvent = 'grade_change' | 'new_discovery';
export const WEBHOOK_EVENTS: readonly WebhookEvent[] = ['grade_change', 'new_discovery'];

/** A registration as the API shows it: the secret is never echoed (DECISIONS). */
export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  created_at: string;
}

interface WebhookRow {
  id: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
  created_at: Date;
}

const COLUMNS = 'id, url, events, active, created_at';

/** Webhook registrations, each owned by the token that created it: a token sees and
 * deletes only its own. */
export class WebhookStore {
  constructor(private readonly db: Queryable) {}

  async create(tokenId: string, input: { url: string; events: readonly WebhookEvent[]; secret: string }): Promise<Webhook> {
    const id = `wh_${randomUUID().replaceAll('-', '')}`;
    const rows = await this.db.query<WebhookRow>(
      `INSERT INTO webhooks (id, url, events, secret, token_id) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [id, input.url, [...new Set(input.events)], input.secret, tokenId],
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

  /** Soft delete: the next issue's delivery records keep pointing at the registration. */
  async remove(tokenId: string, id: string): Promise<boolean> {
    const rows = await this.db.query(
      'UPDATE webhooks SET deleted_at = now(), active = false WHERE token_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING id',
      [tokenId, id],
    );
    return rows.length > 0;
  }
}

function present(row: WebhookRow): Webhook {
  return { id: row.id, url: row.url, events: [...row.events], active: row.active, created_at: row.created_at.toISOString() };
}
