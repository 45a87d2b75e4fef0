import {
  DeliveryWorker,
  enqueueEvent,
  gradeChangePayload,
  listDeliveries,
  verifyWebhook,
  webhookHealth,
  webhookTestPayload,
} from '@disc/webhooks';
import type { WebhookPayload } from '@disc/webhooks';
import { recordAttempts } from '../../src/attempt-recorder';
import { ABANDONED_ATTEMPT_ERROR, claimDue } from '../../src/claim';
import type { AttemptOutcome } from '../../src/record';
import type { TestDatabase } from './databases';
import { insertWebhook, ManualClock, waitFor } from './fixtures';
import type { TestReceiver } from '@fin/test-utils';
import { startReceiver } from '@fin/test-utils';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const START = new Date('2026-03-02T06:00:00Z');
const MIDPOINT = (): number => 0.5;

function gradeChange(symbol: string): WebhookPayload {
  return gradeChangePayload(
    { symbol, previous_grade: 'A', new_grade: 'A+', previous_score: 0.91, new_score: 0.96, reason: 'test' },
    START,
  );
}

/** The outbox and worker behaviour, run against one database engine. */
export function deliverySuite(open: () => Promise<TestDatabase>): void {
  let db: TestDatabase;
  let receiver: TestReceiver | undefined;

  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());
  beforeEach(async () => {
    await db.query('TRUNCATE webhook_attempts, webhook_deliveries, webhook_events, webhooks');
  });
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  function worker(
    clock: ManualClock | undefined,
    extra: Partial<ConstructorParameters<typeof DeliveryWorker>[0]> = {},
  ): DeliveryWorker {
    return new DeliveryWorker({
      db,
      random: MIDPOINT,
      urlPolicy: { allowLoopback: true },
      ...(clock === undefined ? {} : { clock: clock.now }),
      ...extra,
    });
  }

  it('writes the event and one delivery per active subscriber in the caller transaction', async () => {
    const grade = await insertWebhook(db, { url: 'https://a.example/', events: ['grade_change'] });
    await insertWebhook(db, { url: 'https://b.example/', events: ['new_discovery'] });
    await insertWebhook(db, { url: 'https://c.example/', events: ['grade_change'], active: false });
    const enqueued = await db.transaction((tx) => enqueueEvent(tx, gradeChange('VTI'), { now: START }));
    expect(enqueued.deliveries.map((delivery) => delivery.webhookId)).toEqual([grade]);
    expect(enqueued.deliveries[0]?.id).toMatch(/^msg_[0-9a-f]{32}$/);

    await expect(
      db.transaction(async (tx) => {
        await enqueueEvent(tx, gradeChange('VOO'), { now: START });
        throw new Error('the change behind the event failed');
      }),
    ).rejects.toThrow('the change behind the event failed');
    const counts = await db.query<{ events: number; deliveries: number }>(
      'SELECT (SELECT count(*) FROM webhook_events)::int AS events, (SELECT count(*) FROM webhook_deliveries)::int AS deliveries',
    );
    expect(counts[0]).toEqual({ events: 1, deliveries: 1 });
  });

  it('sends a test event only to the webhook it names, whatever its subscriptions', async () => {
    receiver = await startReceiver();
    const target = await insertWebhook(db, { url: receiver.url, events: ['new_discovery'] });
    await insertWebhook(db, { url: receiver.url, events: ['grade_change'] });
    const clock = new ManualClock(START);
    await enqueueEvent(db, webhookTestPayload(target, START), { webhookIds: [target], now: START });
    expect(await worker(clock).runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(
      verifyWebhook(SECRET, receiver.received[0]!.headers, receiver.received[0]!.body, { now: clock.now() }),
    ).toEqual(webhookTestPayload(target, START));
  });

  it('retries after a 500 and succeeds on the 200, keeping the message id and recording both attempts', async () => {
    receiver = await startReceiver((_request, index) => (index === 0 ? 500 : 200));
    const webhookId = await insertWebhook(db, { url: receiver.url, secret: SECRET });
    const clock = new ManualClock(START);
    await enqueueEvent(db, gradeChange('VTI'), { now: START });
    const outcomes: AttemptOutcome[] = [];
    const sender = worker(clock, { onAttempt: (_delivery, _result, outcome) => outcomes.push(outcome) });

    expect(await sender.runOnce()).toBe(1);
    expect(outcomes[0]).toEqual({ outcome: 'retrying', nextAttemptAt: new Date(START.getTime() + 5_000) });
    expect(await sender.runOnce()).toBe(0); // not due yet
    clock.advance(6_000);
    expect(await sender.runOnce()).toBe(1);
    expect(outcomes[1]).toEqual({ outcome: 'succeeded' });

    const [first, second] = receiver.received;
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    expect(verifyWebhook(SECRET, second!.headers, second!.body, { now: clock.now() })).toEqual(gradeChange('VTI'));

    const [delivery] = await listDeliveries(db, webhookId);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempt_count: 2,
      last_status: 200,
      next_attempt_at: null,
      event: 'grade_change',
    });
    expect(delivery?.attempts.map(({ attempt, status_code }) => ({ attempt, status_code }))).toEqual([
      { attempt: 1, status_code: 500 },
      { attempt: 2, status_code: 200 },
    ]);
    expect(delivery?.attempts[0]?.error).toContain('HTTP 500');
    expect(delivery?.attempts[1]?.error).toBeNull();
  });

  it('delivers after a restart what was written to the outbox but never sent', async () => {
    receiver = await startReceiver();
    await insertWebhook(db, { url: receiver.url });
    await db.transaction((tx) => enqueueEvent(tx, gradeChange('VTI'), { now: START }));
    // No worker ran: the process "died" after the commit. A new worker finds the delivery.
    const restarted = worker(new ManualClock(START));
    expect(await restarted.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('lets another worker take over a delivery whose worker died mid-send, once the lease expires', async () => {
    const hanging: Array<() => void> = [];
    receiver = await startReceiver((_request, index, response) => {
      if (index > 0) return 200;
      hanging.push(() => response.destroy());
      return undefined;
    });
    const webhookId = await insertWebhook(db, { url: receiver.url });
    await enqueueEvent(db, gradeChange('VTI'), { now: START });
    const clock = new ManualClock(START);
    const outcomesOfDead: AttemptOutcome[] = [];
    const dying = worker(clock, {
      workerId: 'dying',
      leaseMs: 30_000,
      onAttempt: (_d, _r, outcome) => outcomesOfDead.push(outcome),
    });
    const dyingRun = dying.runOnce();
    await waitFor('the first request to arrive', () => receiver!.received.length === 1);

    const survivor = worker(clock, { workerId: 'survivor', leaseMs: 30_000 });
    expect(await survivor.runOnce()).toBe(0); // the lease still holds
    clock.advance(31_000);
    expect(await survivor.runOnce()).toBe(1);

    let [delivery] = await listDeliveries(db, webhookId);
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    expect(delivery?.attempts[0]?.error).toContain('abandoned');
    expect(delivery?.attempts[1]?.status_code).toBe(200);

    // The first worker's request finally ends: its result is recorded on its own attempt,
    // and it cannot move the delivery that is no longer its own.
    hanging.forEach((destroy) => destroy());
    await dyingRun;
    expect(outcomesOfDead).toEqual([{ outcome: 'superseded' }]);
    [delivery] = await listDeliveries(db, webhookId);
    expect(delivery?.status).toBe('succeeded');
    expect(receiver.received).toHaveLength(2);
  });

  it('fails a delivery when the schedule is used up and disables an endpoint that keeps failing', async () => {
    receiver = await startReceiver(() => 503);
    const webhookId = await insertWebhook(db, { url: receiver.url });
    const clock = new ManualClock(START);
    const outcomes: AttemptOutcome[] = [];
    const sender = worker(clock, {
      schedule: [1],
      disableAfterFailedDeliveries: 2,
      onAttempt: (_d, _r, o) => outcomes.push(o),
    });
    for (const symbol of ['A', 'B', 'C']) {
      await enqueueEvent(db, gradeChange(symbol), { now: clock.now() });
      clock.advance(1);
    }
    await sender.runOnce(); // first attempt of A, B, C
    clock.advance(2_000);
    await sender.runOnce(); // second and last attempt of each: A fails, B fails and disables, C fails
    expect(outcomes.filter((o) => o.outcome === 'failed')).toHaveLength(3);
    expect(outcomes).toContainEqual({ outcome: 'failed', webhookDisabled: true });

    const health = (await webhookHealth(db, [webhookId])).get(webhookId);
    expect(health).toMatchObject({ active: false, failure_count: 3 });
    expect(health?.disabled_reason).toContain('HTTP 503');
    expect(health?.disabled_at).not.toBeNull();

    // Nothing more is sent to a disabled endpoint: a new event gets no delivery.
    const later = await enqueueEvent(db, gradeChange('D'), { now: clock.now() });
    expect(later.deliveries).toEqual([]);
    const deliveries = await listDeliveries(db, webhookId);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['failed', 'failed', 'failed']);
    expect(receiver.received).toHaveLength(6);
  });

  it('ends pending deliveries of an endpoint disabled or deleted in the meantime', async () => {
    receiver = await startReceiver();
    const webhookId = await insertWebhook(db, { url: receiver.url });
    await enqueueEvent(db, gradeChange('VTI'), { now: START });
    await db.query('UPDATE webhooks SET deleted_at = $2, active = false WHERE id = $1', [webhookId, START]);
    expect(await worker(new ManualClock(START)).runOnce()).toBe(0);
    const [delivery] = await listDeliveries(db, webhookId);
    expect(delivery).toMatchObject({ status: 'failed', last_error: 'the webhook was deleted' });
    expect(receiver.received).toHaveLength(0);
  });

  it('re-checks the receiver address before sending (a loopback URL without the development flag)', async () => {
    receiver = await startReceiver();
    const webhookId = await insertWebhook(db, { url: receiver.url });
    await enqueueEvent(db, gradeChange('VTI'), { now: START });
    await worker(new ManualClock(START), { urlPolicy: {} }).runOnce();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await listDeliveries(db, webhookId);
    expect(delivery?.status).toBe('pending');
    expect(delivery?.attempts[0]?.error).toMatch(/ReceiverUrlError: .*(loopback|https)/);
  });

  it('fails a delivery whose last allowed attempt was abandoned by a dead worker', async () => {
    const webhookId = await insertWebhook(db, { url: 'https://hooks.example.com/' });
    await enqueueEvent(db, gradeChange('VTI'), { now: START });
    const claim = (workerId: string, now: Date) =>
      claimDue(db, { workerId, limit: 10, leaseMs: 1_000, now, maxAttempts: 2 });
    expect(await claim('dead-1', START)).toHaveLength(1);
    expect((await claim('dead-2', new Date(START.getTime() + 2_000))).map((d) => d.attempt)).toEqual([2]);
    expect(await claim('next', new Date(START.getTime() + 4_000))).toEqual([]);
    const [delivery] = await listDeliveries(db, webhookId);
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 2 });
    expect(delivery?.attempts.map((attempt) => attempt.error)).toEqual([
      ABANDONED_ATTEMPT_ERROR,
      ABANDONED_ATTEMPT_ERROR,
    ]);
  });

  it('records a batch of attempts in one go, answering each in the order given', async () => {
    const first = await insertWebhook(db, { url: 'https://a.example/' });
    const second = await insertWebhook(db, { url: 'https://b.example/' });
    await enqueueEvent(db, gradeChange('VTI'), { now: START });
    await enqueueEvent(db, gradeChange('VOO'), { now: START });
    const claimed = await claimDue(db, { workerId: 'w', limit: 10, leaseMs: 60_000, now: START, maxAttempts: 11 });
    expect(claimed.map((d) => d.webhookId).sort()).toEqual([first, first, second, second].sort());
    const results = claimed.map((delivery, index) =>
      index % 2 === 0
        ? { ok: true, status: 200, latencyMs: 3 }
        : { ok: false, status: 502, latencyMs: 4, error: 'HTTP 502' },
    );
    const outcomes = await recordAttempts(
      db,
      claimed.map((delivery, index) => ({ delivery, result: results[index]!, now: START })),
      { workerId: 'w', random: MIDPOINT },
    );
    expect(outcomes).toEqual(
      results.map((result) =>
        result.ok
          ? { outcome: 'succeeded' }
          : { outcome: 'retrying', nextAttemptAt: new Date(START.getTime() + 5_000) },
      ),
    );
    const deliveries = [...(await listDeliveries(db, first)), ...(await listDeliveries(db, second))];
    const byId = new Map(deliveries.map((delivery) => [delivery.id, delivery]));
    claimed.forEach((delivery, index) => {
      expect(byId.get(delivery.id)).toMatchObject({
        last_status: results[index]!.status,
        attempts: [{ attempt: 1, status_code: results[index]!.status }],
      });
    });
  });

  it('stops gracefully: the attempt in flight is sent and recorded before stop() resolves', async () => {
    const release: Array<() => void> = [];
    receiver = await startReceiver((_request, _index, response) => {
      release.push(() => response.writeHead(200).end());
      return undefined;
    });
    const webhookId = await insertWebhook(db, { url: receiver.url });
    await enqueueEvent(db, gradeChange('VTI'));
    const running = worker(undefined, { pollIntervalMs: 10 });
    running.start();
    await waitFor('the request to arrive', () => release.length === 1);
    const stopped = running.stop();
    release[0]!();
    await stopped;
    const [delivery] = await listDeliveries(db, webhookId);
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 1 });
  });

  it('sends at once when nudged instead of waiting for the next poll', async () => {
    receiver = await startReceiver();
    await insertWebhook(db, { url: receiver.url });
    const idle = worker(undefined, { pollIntervalMs: 600_000 });
    idle.start();
    await enqueueEvent(db, gradeChange('VTI'));
    idle.nudge();
    await waitFor('the nudged delivery', () => receiver!.received.length === 1);
    await idle.stop();
    expect(receiver.received).toHaveLength(1);
  });

  it('has two workers deliver each of 1,000 events exactly once', async () => {
    const seen = new Map<string, number>();
    receiver = await startReceiver((request) => {
      const payload = verifyWebhook(SECRET, request.headers, request.body);
      expect(payload.event).toBe('grade_change');
      const id = String(request.headers['webhook-id']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      return 200;
    });
    await insertWebhook(db, { url: receiver.url, events: ['grade_change'], secret: SECRET });
    for (let batch = 0; batch < 10; batch += 1) {
      await db.transaction(async (tx) => {
        for (let index = 0; index < 100; index += 1) await enqueueEvent(tx, gradeChange(`S${batch * 100 + index}`));
      });
    }

    const handles = [await db.connect(), await db.connect()];
    const counts = [0, 0];
    const workers = handles.map(
      (handle, index) =>
        new DeliveryWorker({
          db: handle,
          workerId: `worker-${index}`,
          pollIntervalMs: 20,
          concurrency: 10,
          urlPolicy: { allowLoopback: true },
          onAttempt: () => (counts[index]! += 1),
          onError: (error) => {
            throw error;
          },
        }),
    );
    workers.forEach((w) => w.start());
    await waitFor('1,000 deliveries', () => receiver!.received.length >= 1000, 60_000);
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(handles.map((handle) => handle.close()));

    expect(receiver.received).toHaveLength(1000);
    expect(seen.size).toBe(1000);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
    expect(counts[0]! + counts[1]!).toBe(1000);
    const rows = await db.query<{ status: string; deliveries: number; attempts: number }>(
      `SELECT d.status, count(*)::int AS deliveries, sum(d.attempts)::int AS attempts FROM webhook_deliveries d GROUP BY d.status`,
    );
    expect(rows).toEqual([{ status: 'succeeded', deliveries: 1000, attempts: 1000 }]);
    if (db.engine === 'postgres') expect(Math.min(...counts)).toBeGreaterThan(0);
  }, 90_000);
}
