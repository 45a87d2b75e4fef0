import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { verifyWebhook } from '@disc/webhooks';
import { enqueueEvent, gradeChangePayload } from '@disc/webhooks';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { callApi } from '../test-support/api';
import { createScratchPostgres, type ScratchPostgres } from '@fin/test-utils';
import { runCli, spawnCommand, spawnServer } from '../test-support/processes';
import { snapshotWithDowngradedEtf } from '../test-support/snapshots';
import { startReceiver, type TestReceiver } from '@fin/test-utils';
import { describeWithServices } from '../test-support/services';
import { TokenStore } from '../store/tokens';
import { WebhookStore } from '../store/webhooks';

// Delivery across processes, against a real PostgreSQL: the outbox survives a killed API
// process, and several `discovery-api worker` processes share it without sending twice.
describeWithServices('webhook delivery across processes', ['postgres'], () => {
  const SECRET = 'receiver-secret-0123456789';
  let pg: ScratchPostgres;
  let db: Database;
  let receiver: TestReceiver;
  let env: Record<string, string>;

  beforeAll(async () => {
    pg = await createScratchPostgres();
    db = await openDatabase({ kind: 'postgres', url: pg.url });
    receiver = await startReceiver();
    env = {
      DATABASE_URL: pg.url,
      REDIS_URL: '',
      DISCOVERY_ALLOW_LOOPBACK_WEBHOOKS: 'true',
      DISCOVERY_REFRESH_INTERVAL_MS: '0',
      DISCOVERY_WORKER_POLL_MS: '50',
      DISCOVERY_DATA_PROVIDER: 'sample',
    };
  }, 30_000);
  afterAll(async () => {
    await receiver.close();
    await db.close();
    await pg.drop();
  });

  const waitUntil = async (check: () => Promise<boolean>): Promise<void> => {
    while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('delivers an event written before the API process was killed, after a restart', async () => {
    const token = (await new TokenStore(db).create('restart', ['discovery', 'webhooks'])).token;
    const first = await spawnServer({ ...env, DISCOVERY_WORKER: 'off' });
    let restarted: Awaited<ReturnType<typeof spawnServer>> | undefined;
    try {
      const hook = await callApi(first.url, 'POST', '/v1/webhooks', {
        token,
        body: { url: receiver.urlFor('/restart'), events: ['new_discovery'], secret: SECRET },
      });
      expect(hook.status).toBe(201);
      expect((await callApi(first.url, 'POST', '/v1/discovery/discover/etf', { token, body: {} })).status).toBe(200);
      const pending = await db.query<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM webhook_deliveries WHERE webhook_id = $1',
        [hook.body.id],
      );
      expect(pending).toEqual([{ status: 'pending', attempts: 0 }]);
      await first.stop('SIGKILL');
      expect(receiver.received.filter((r) => r.path === '/restart')).toEqual([]);

      restarted = await spawnServer({ ...env, DISCOVERY_WORKER: 'on' });
      const [request] = await receiver.waitFor(1, '/restart');
      expect(verifyWebhook(SECRET, request!.headers as Record<string, string>, request!.body)).toMatchObject({
        event: 'new_discovery',
        data: { asset_type: 'etf' },
      });
      await waitUntil(
        async () =>
          (
            await db.query<{ status: string }>('SELECT status FROM webhook_deliveries WHERE webhook_id = $1', [
              hook.body.id,
            ])
          )[0]?.status === 'succeeded',
      );
    } finally {
      await first.stop('SIGKILL');
      await restarted?.stop('SIGTERM');
    }
  }, 120_000);

  it('`data load` re-scores monitored symbols and the server delivers the grade change', async () => {
    const token = (await new TokenStore(db).create('load', ['discovery', 'webhooks'])).token;
    const server = await spawnServer({ ...env, DISCOVERY_WORKER: 'on' });
    const file = join(await mkdtemp(join(tmpdir(), 'discovery-load-')), 'downgrade.json');
    try {
      await writeFile(file, JSON.stringify(snapshotWithDowngradedEtf('NUH')));
      const hook = await callApi(server.url, 'POST', '/v1/webhooks', {
        token,
        body: { url: receiver.urlFor('/load'), events: ['grade_change'], secret: SECRET, symbols: ['NUH'] },
      });
      expect(hook.status).toBe(201);
      expect((await callApi(server.url, 'GET', '/v1/discovery/monitor/NUH', { token })).body.current_grade).toBe('A');
      const loaded = await runCli(['data', 'load', file], env);
      expect(loaded.status).toBe(0);
      expect(loaded.stderr).toMatch(/1 grade change, 1 webhook delivery queued/);
      const [request] = await receiver.waitFor(1, '/load');
      expect(verifyWebhook(SECRET, request!.headers as Record<string, string>, request!.body)).toMatchObject({
        event: 'grade_change',
        data: { symbol: 'NUH', previous_grade: 'A', new_grade: 'D' },
      });
    } finally {
      await server.stop('SIGTERM');
      await rm(dirname(file), { recursive: true, force: true });
    }
  }, 120_000);

  it('two worker processes deliver each of 1,000 events exactly once', async () => {
    const owner = (await new TokenStore(db).create('many', ['webhooks'])).record.id;
    const hook = await new WebhookStore(db).create(owner, {
      url: receiver.urlFor('/many'),
      events: ['grade_change'],
      secret: SECRET,
    });
    const workers = await Promise.all([1, 2].map(() => spawnCommand(['worker'], env, /"worker started"/)));
    try {
      const at = new Date();
      for (let batch = 0; batch < 10; batch += 1) {
        await db.transaction(async (tx) => {
          for (let i = 0; i < 100; i += 1) {
            const n = batch * 100 + i;
            const payload = gradeChangePayload(
              {
                symbol: `S${n}`,
                previous_grade: 'A',
                new_grade: 'B',
                previous_score: 0.91,
                new_score: 0.76,
                reason: 'bench',
              },
              at,
            );
            await enqueueEvent(tx, payload, { webhookIds: [hook.id], now: at });
          }
        });
      }
      await receiver.waitFor(1000, '/many');
      await waitUntil(
        async () =>
          (
            await db.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'succeeded'",
              [hook.id],
            )
          )[0]?.n === 1000,
      );
      const ids = receiver.received.filter((r) => r.path === '/many').map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(1000);
      expect(new Set(ids).size).toBe(1000);
      const attempts = await db.query<{ n: number; workers: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT worker_id)::int AS workers FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.webhook_id = $1',
        [hook.id],
      );
      expect(attempts[0]).toEqual({ n: 1000, workers: 2 });
    } finally {
      await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
    }
  }, 180_000);
});
