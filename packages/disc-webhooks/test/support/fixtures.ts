import { randomUUID } from 'node:crypto';
import type { SqlQueryable } from '@disc/sql';

export async function insertWebhook(
  db: SqlQueryable,
  input: { url: string; events?: readonly string[]; secret?: string; active?: boolean },
): Promise<string> {
  const id = `wh_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await db.query('INSERT INTO webhooks (id, url, events, secret, active, token_id) VALUES ($1, $2, $3, $4, $5, $6)', [
    id,
    input.url,
    [...(input.events ?? ['grade_change', 'new_discovery'])],
    input.secret ?? 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    input.active ?? true,
    'tok_test',
  ]);
  return id;
}

/** A clock the test moves by hand, so retries come due without waiting. */
export class ManualClock {
  constructor(private current: Date) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
