import { verifyWebhook } from '@disc/webhooks';
import { DeliveryWorker } from '@disc/webhooks';
import type { Database } from '../db/database';
import { sdkEngineFactory } from '../discovery/sdk-engine';
import { snapshotEngineSource } from '../discovery/snapshot-engine-source';
import { silentLogger } from '../logging';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';
import { startReceiver, type TestReceiver } from '@fin/test-utils';
import { snapshotWithDowngradedEtf } from '../test-support/snapshots';
import { TokenStore } from '../store/tokens';
import { createMonitoring } from './monitoring';

// The whole event path in one process, on loopback: a grade moves when a snapshot is loaded,
// the refresh records the point and writes the event to the outbox in the same transaction,
// the delivery worker signs and sends it, and a receiver verifies it with the SDK.
const ADMIN = 'admin-secret-for-event-tests';
const SECRET = 'receiver-secret-0123456789';

let db: Database;
let api: TestApi;
let worker: DeliveryWorker;
let receiver: TestReceiver;
let token: string;
let failingHook: string;

beforeAll(async () => {
  db = await openMemoryDatabase();
  // /hook fails its first request and then recovers; /broken always fails.
  receiver = await startReceiver((request, index) => (request.path === '/broken' ? 500 : index === 0 ? 500 : 200));
  const engine = snapshotEngineSource(db, sdkEngineFactory(), 60_000);
  worker = new DeliveryWorker({
    db,
    pollIntervalMs: 20,
    schedule: [0.05, 0.05],
    disableAfterFailedDeliveries: 1,
    urlPolicy: { allowLoopback: true },
  });
  const monitoring = createMonitoring({ db, engine, logger: silentLogger(), onEnqueued: () => worker.nudge() });
  api = await startApi({
    db,
    engine,
    monitoring,
    adminSecret: ADMIN,
    webhookUrlPolicy: { allowLoopback: true },
    onSnapshotLoaded: () => engine.invalidate(),
    onEventsEnqueued: () => worker.nudge(),
  });
  token = (await new TokenStore(db).create('events', ['discovery', 'webhooks'])).token;
  worker.start();
}, 30_000);
afterAll(async () => {
  await worker.stop();
  await api.close();
  await receiver.close();
  await db.close();
});

async function register(body: Record<string, unknown>): Promise<string> {
  const res = await api.call('POST', '/v1/webhooks', { token, body: { secret: SECRET, ...body } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the deliveries' JSON, checked by each test
async function deliveries(id: string, done: (list: { status: string }[]) => boolean): Promise<any[]> {
  for (;;) {
    const res = await api.call('GET', `/v1/webhooks/${id}/deliveries`, { token });
    if (done(res.body.data)) return res.body.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('grade_change', () => {
  let hook: string;
  let elsewhere: string;

  it('is sent once, signed, when a loaded snapshot moves a grade, and succeeds on retry after a 500', async () => {
    hook = await register({ url: receiver.urlFor('/hook'), events: ['grade_change', 'new_discovery'] });
    elsewhere = await register({ url: receiver.urlFor('/other'), events: ['grade_change'], symbols: ['ZZZZ'] });
    const first = await api.call('GET', '/v1/discovery/monitor/NUH', { token });
    expect([first.status, first.body.current_grade]).toEqual([200, 'A']);

    const loaded = await api.call('POST', '/v1/admin/snapshots', {
      headers: { authorization: `Bearer ${ADMIN}` },
      body: { source: 'downgrade.json', content: snapshotWithDowngradedEtf() },
    });
    expect(loaded.status).toBe(201);
    expect(loaded.body.refresh).toMatchObject({ grade_changes: 1, deliveries: 1 });

    const [failed, retried] = await receiver.waitFor(2, '/hook');
    for (const request of [failed!, retried!]) {
      const payload = verifyWebhook(SECRET, request.headers as Record<string, string>, request.body);
      expect(payload).toEqual({
        event: 'grade_change',
        timestamp: expect.stringMatching(/Z$/),
        data: {
          symbol: 'NUH',
          previous_grade: 'A',
          new_grade: 'D',
          previous_score: 0.9451,
          new_score: expect.any(Number),
          reason: expect.stringContaining('downgraded from A to D'),
        },
      });
    }
    expect(retried!.headers['webhook-id']).toBe(failed!.headers['webhook-id']);

    const [delivery] = await deliveries(hook, (list) => list[0]?.status === 'succeeded');
    expect(delivery.event).toBe('grade_change');
    expect(delivery.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 200]);
    expect(delivery.attempts.every((a: { latency_ms: unknown }) => typeof a.latency_ms === 'number')).toBe(true);
    // The other webhook follows another symbol: nothing was written for it.
    expect((await api.call('GET', `/v1/webhooks/${elsewhere}/deliveries`, { token })).body.data).toEqual([]);
  }, 30_000);

  it('is not sent again when a refresh finds the same grade', async () => {
    const refreshed = await api.call('POST', '/v1/admin/refresh', { headers: { authorization: `Bearer ${ADMIN}` } });
    expect(refreshed.body).toMatchObject({ grade_changes: 0, deliveries: 0 });
    expect(refreshed.body.monitored).toBeGreaterThanOrEqual(2); // NUH, and ZZZZ named by a webhook
    const monitor = await api.call('GET', '/v1/discovery/monitor/NUH', { token });
    // Newest first; the same-day change from A is kept, and the alerts compare with it.
    expect(monitor.body.grade_history.map((p: { grade: string }) => p.grade)).toEqual(['D', 'A']);
    expect(monitor.body.alerts.map((a: { type: string }) => a.type)).toContain('grade_downgrade');
  });

  it('new_discovery names the A+ candidates the previous run did not have', async () => {
    const res = await api.call('POST', '/v1/discovery/discover/etf', { token, body: {} });
    const aPlus = res.body.a_plus_candidates.filter((a: { final_grade: string }) => a.final_grade === 'A+');
    expect(aPlus.length).toBeGreaterThan(0);
    const [delivery] = await deliveries(hook, (list) => list.length === 2 && list[0]?.status === 'succeeded');
    expect(delivery.event).toBe('new_discovery');
    const request = receiver.received.filter((r) => r.path === '/hook').at(-1)!;
    const payload = verifyWebhook(SECRET, request.headers as Record<string, string>, request.body);
    expect(payload).toEqual({
      event: 'new_discovery',
      timestamp: expect.any(String),
      data: {
        asset_type: 'etf',
        discoveries_count: aPlus.length,
        top_discovery: {
          symbol: aPlus[0].candidate.symbol,
          name: aPlus[0].candidate.name,
          score: expect.any(Number),
          grade: 'A+',
        },
      },
    });
    // The same run again finds nothing new.
    await api.call('POST', '/v1/discovery/discover/etf', { token, body: {} });
    expect((await api.call('GET', `/v1/webhooks/${hook}/deliveries`, { token })).body.data).toHaveLength(2);
  }, 30_000);
});

describe('webhook management', () => {
  it('sends a test event to one webhook', async () => {
    const before = receiver.received.length;
    const id = await register({ url: receiver.urlFor('/test'), events: ['new_discovery'] });
    const sent = await api.call('POST', `/v1/webhooks/${id}/test`, { token });
    expect(sent.status).toBe(202);
    const [request] = await receiver.waitFor(1, '/test');
    expect(request!.headers['webhook-id']).toBe(sent.body.delivery_id);
    expect(verifyWebhook(SECRET, request!.headers as Record<string, string>, request!.body)).toMatchObject({
      event: 'webhook.test',
      data: { webhook_id: id },
    });
    expect(receiver.received.length).toBeGreaterThan(before);
  }, 30_000);

  it('disables an endpoint that keeps failing and says so in its listing', async () => {
    failingHook = await register({ url: receiver.urlFor('/broken'), events: ['new_discovery'] });
    await api.call('POST', `/v1/webhooks/${failingHook}/test`, { token });
    const [delivery] = await deliveries(failingHook, (list) => list[0]?.status === 'failed');
    expect(delivery.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 500, 500]);
    const listed = await api.call('GET', '/v1/webhooks', { token });
    const shown = listed.body.data.find((w: { id: string }) => w.id === failingHook);
    expect(shown).toMatchObject({
      active: false,
      failure_count: 1,
      disabled_reason: expect.stringContaining('failed'),
    });
    const retest = await api.call('POST', `/v1/webhooks/${failingHook}/test`, { token });
    expect([retest.status, retest.body.error.code]).toEqual([400, 'VALIDATION_ERROR']);
  }, 30_000);

  it('refuses a receiver on 127.0.0.1 without the development flag', async () => {
    const strict = await startApi({ db, engine: { current: () => Promise.reject(new Error('unused')) } });
    try {
      for (const url of [receiver.urlFor('/hook'), receiver.urlFor('/hook').replace('http:', 'https:')]) {
        const res = await strict.call('POST', '/v1/webhooks', {
          token,
          body: { url, events: ['grade_change'], secret: SECRET },
        });
        expect([res.status, res.body.error.details.errors[0].path]).toEqual([400, '/url']);
      }
      const https = await strict.call('POST', '/v1/webhooks', {
        token,
        body: { url: 'https://127.0.0.1/hook', events: ['grade_change'], secret: SECRET },
      });
      expect(https.body.error.message).toMatch(/loopback.*DISCOVERY_ALLOW_LOOPBACK_WEBHOOKS/);
    } finally {
      await strict.close();
    }
  });
});
