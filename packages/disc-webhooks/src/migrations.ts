import { join } from 'node:path';
import type { SqlMigration } from '@disc/sql';

const SQL_DIR = join(__dirname, '..', 'sql');

/**
 * The migrations of the tables this package queries (`webhooks`, `webhook_events`,
 * `webhook_deliveries`, `webhook_attempts`), in order, for an app to run with its own
 * (`applyMigrations` of @disc/sql). Ids are recorded once applied: a change to a released
 * migration is a new entry here, never an edit of a shipped file.
 */
export const WEBHOOK_MIGRATIONS: readonly SqlMigration[] = Object.freeze([
  { id: '0002_webhook_outbox.sql', path: join(SQL_DIR, '0002_webhook_outbox.sql') },
]);
