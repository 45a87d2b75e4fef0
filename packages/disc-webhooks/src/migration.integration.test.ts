import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { applyMigrations } from '@disc/sql';
import { enqueueEvent, listDeliveries, webhookTestPayload, WEBHOOK_MIGRATIONS } from '@disc/webhooks';
import type { TestDatabase } from '../test/support/databases';
import { migrate, openPglite } from '../test/support/databases';

// The discovery API runs this package's migrations between its own, which add columns to the
// `webhooks` table; check that they apply together (when the app is present in this checkout).
const APP_MIGRATIONS = join(__dirname, '..', '..', '..', 'apps', 'discovery-api', 'migrations');
const describeWithApp = existsSync(APP_MIGRATIONS) ? describe : describe.skip;

describeWithApp('the webhook migrations together with the discovery API schema', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openPglite({ migrate: false });
    const app = readdirSync(APP_MIGRATIONS)
      .filter((name) => name.endsWith('.sql'))
      .map((id) => ({ id, path: join(APP_MIGRATIONS, id) }));
    await applyMigrations(db, [...app, ...WEBHOOK_MIGRATIONS]);
    await migrate(db, false);
  });
  afterAll(() => db.close());

  it('applies, can run again, and stores deliveries for an app-created webhook', async () => {
    await migrate(db, false);
    await db.query("INSERT INTO api_tokens (id, name, hash, scopes) VALUES ('tok_1', 'test', 'h', '{discovery}')");
    await db.query(
      "INSERT INTO webhooks (id, url, events, secret, token_id) VALUES ('wh_1', 'https://hooks.example.com/', '{grade_change}', 's', 'tok_1')",
    );
    const enqueued = await enqueueEvent(db, webhookTestPayload('wh_1', new Date('2026-03-02T06:00:00Z')), {
      webhookIds: ['wh_1'],
    });
    expect(enqueued.deliveries).toHaveLength(1);
    const [delivery] = await listDeliveries(db, 'wh_1');
    expect(delivery).toMatchObject({ event: 'webhook.test', status: 'pending', attempt_count: 0, attempts: [] });
    const columns = await db.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'webhooks' ORDER BY column_name",
    );
    expect(columns.map((row) => row.column_name)).toEqual(
      expect.arrayContaining(['failure_count', 'disabled_at', 'disabled_reason']),
    );
  });
});
