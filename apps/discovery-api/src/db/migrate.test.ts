import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { splitStatements } from '@disc/sql';
import { WEBHOOK_MIGRATIONS } from '@disc/webhooks';
import type { Database } from './database';
import { migrate, MIGRATIONS_DIR } from './migrate';
import { openPglite } from './pglite';

// A database created before the `webhooks` table moved to @disc/webhooks: 0001_initial.sql
// created it then, with the API's token_id, and 0001 and 0002 are recorded as applied.
const WEBHOOKS_AS_0001_CREATED_IT = `CREATE TABLE webhooks (
  id text PRIMARY KEY, url text NOT NULL, events text[] NOT NULL, secret text NOT NULL,
  active boolean NOT NULL DEFAULT true, token_id text NOT NULL REFERENCES api_tokens (id),
  created_at timestamptz NOT NULL DEFAULT now(), deleted_at timestamptz
)`;

async function columnsOfWebhooks(db: Database): Promise<string[]> {
  const rows = await db.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'webhooks' ORDER BY column_name",
  );
  return rows.map((row) => row.column_name);
}

describe('migrating a database of the earlier layout', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite(undefined);
    const run = async (sql: string) => {
      for (const statement of splitStatements(sql)) await db.query(statement);
    };
    await run(readFileSync(join(MIGRATIONS_DIR, '0001_initial.sql'), 'utf8'));
    await db.query(WEBHOOKS_AS_0001_CREATED_IT);
    await db.query('CREATE INDEX webhooks_token_idx ON webhooks (token_id) WHERE deleted_at IS NULL');
    await run(readFileSync(WEBHOOK_MIGRATIONS[0]!.path, 'utf8'));
    await db.query(
      'CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await db.query("INSERT INTO schema_migrations (version) VALUES ('0001_initial.sql'), ('0002_webhook_outbox.sql')");
  });
  afterAll(() => db.close());

  it('recognises the applied migrations and ends with the same webhooks table as a new database', async () => {
    expect(await migrate(db)).toEqual(['0003_monitoring.sql', '0004_grade_changes.sql']);
    const fresh = await openPglite(undefined);
    try {
      expect(await migrate(fresh)).toEqual([
        '0001_initial.sql',
        '0002_webhook_outbox.sql',
        '0003_monitoring.sql',
        '0004_grade_changes.sql',
      ]);
      expect(await columnsOfWebhooks(db)).toEqual(await columnsOfWebhooks(fresh));
      expect(await columnsOfWebhooks(fresh)).toEqual(
        expect.arrayContaining(['token_id', 'symbols', 'failure_count', 'disabled_at']),
      );
    } finally {
      await fresh.close();
    }
  });
});
