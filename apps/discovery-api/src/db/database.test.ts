import type { Database } from './database';
import { migrate } from './migrate';
import { openMemoryDatabase } from '../test-support/databases';
import { TokenStore, hashToken, looksLikeToken } from '../store/tokens';
import { ScorePointStore } from '../store/score-points';
import { WebhookStore } from '../store/webhooks';
import { DiscoveryRunStore } from '../store/discovery-runs';
import { SnapshotStore } from '../store/snapshots';

let db: Database;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('migrations on PGlite', () => {
  it('records every migration once and applies nothing on a second run', async () => {
    const versions = await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map((v) => v.version)).toEqual([
      '0001_initial.sql',
      '0002_webhook_outbox.sql',
      '0003_monitoring.sql',
      '0004_grade_changes.sql',
    ]);
    expect(await migrate(db)).toEqual([]);
  });

  it("applies the webhook library's outbox SQL as migration 0002", async () => {
    const tables = await db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_name IN ('webhook_events', 'webhook_deliveries', 'webhook_attempts') ORDER BY table_name",
    );
    expect(tables.map((t) => t.table_name)).toEqual(['webhook_attempts', 'webhook_deliveries', 'webhook_events']);
  });
});

describe('hashToken', () => {
  it('is the hex SHA-256 of the token (what api_tokens.hash holds)', () => {
    // FIPS 180-2 test vector.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('TokenStore', () => {
  it('stores only the hash and finds the token by its value until it is revoked', async () => {
    const tokens = new TokenStore(db);
    const created = await tokens.create('ci', ['webhooks', 'discovery']);
    expect(looksLikeToken(created.token)).toBe(true);
    const stored = await db.query<{ hash: string }>('SELECT hash FROM api_tokens WHERE id = $1', [created.record.id]);
    expect(stored[0]?.hash).toBe(hashToken(created.token));
    expect(JSON.stringify(await db.query('SELECT * FROM api_tokens'))).not.toContain(created.token);
    expect((await tokens.findActive(created.token))?.scopes).toEqual(['discovery', 'webhooks']);
    expect(await tokens.revoke(created.record.id)).toBe(true);
    expect(await tokens.revoke(created.record.id)).toBe(false);
    expect(await tokens.findActive(created.token)).toBeUndefined();
    const listed = await tokens.list();
    expect(listed.find((t) => t.id === created.record.id)?.revoked_at).toMatch(/Z$/);
  });
});

describe('ScorePointStore', () => {
  it('keeps one point per symbol per day plus one per grade change within the day', async () => {
    const points = new ScorePointStore(db);
    await points.record([
      { symbol: 'VTI', asset_type: 'etf', day: '2026-01-01', grade: 'A', score: 0.91, components: { quality: 0.9 } },
    ]);
    await points.record([
      { symbol: 'VTI', asset_type: 'etf', day: '2026-01-02', grade: 'B', score: 0.76, components: {} },
    ]);
    await points.record([
      { symbol: 'VTI', asset_type: 'etf', day: '2026-01-02', grade: 'B', score: 0.77, components: {} },
    ]); // same grade: updated
    await points.record([
      { symbol: 'VTI', asset_type: 'etf', day: '2026-01-02', grade: 'A+', score: 0.96, components: {} },
    ]); // change: kept
    await points.record([
      { symbol: 'VTI', asset_type: 'etf', day: '2026-01-02', grade: 'A+', score: 0.96, components: {} },
    ]); // identical: nothing
    const history = await points.history('VTI');
    expect(history.map((p) => [p.day, p.grade, p.score])).toEqual([
      ['2026-01-01', 'A', 0.91],
      ['2026-01-02', 'B', 0.77],
      ['2026-01-02', 'A+', 0.96],
    ]);
    expect(history[0]?.components).toEqual({ quality: 0.9 });
    expect(await points.history('NOPE')).toEqual([]);
  });
});

describe('WebhookStore', () => {
  it('shows a registration only to its token and never returns the secret', async () => {
    const owner = (await new TokenStore(db).create('owner', ['webhooks'])).record.id;
    const other = (await new TokenStore(db).create('other', ['webhooks'])).record.id;
    const hooks = new WebhookStore(db);
    const created = await hooks.create(owner, {
      url: 'https://example.org/h',
      events: ['grade_change'],
      secret: 's3cret-value',
    });
    expect(created).toMatchObject({ url: 'https://example.org/h', events: ['grade_change'], active: true });
    expect(JSON.stringify(created)).not.toContain('s3cret');
    expect(await hooks.list(other)).toEqual([]);
    expect(await hooks.get(owner, created.id)).toEqual(created);
    expect(await hooks.remove(other, created.id)).toBe(false);
    expect(await hooks.remove(owner, created.id)).toBe(true);
    expect(await hooks.list(owner)).toEqual([]);
  });
});

describe('DiscoveryRunStore and SnapshotStore', () => {
  it('returns the previous run of the same asset type', async () => {
    const runs = new DiscoveryRunStore(db);
    expect(await runs.record('etf', ['VTI'])).toBeUndefined();
    expect(await runs.record('stock', ['MSFT'])).toBeUndefined();
    expect(await runs.record('etf', ['VTI', 'VOO'])).toEqual(['VTI']);
  });

  it('serves the newest snapshot', async () => {
    const snapshots = new SnapshotStore(db);
    expect(await snapshots.latestInfo()).toBeUndefined();
    await snapshots.save('a.json', { version: 1, n: 1 });
    const second = await snapshots.save('b.json', { version: 1, n: 2 });
    expect((await snapshots.latestInfo())?.id).toBe(second.id);
    expect(await snapshots.content(second.id)).toEqual({ version: 1, n: 2 });
  });
});
