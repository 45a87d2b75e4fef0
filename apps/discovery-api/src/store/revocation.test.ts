import { enqueueEvent, listDeliveries, webhookTestPayload } from '@disc/webhooks';
import type { Database } from '../db/database';
import { openMemoryDatabase } from '../test-support/databases';
import { TokenStore } from './tokens';
import { WebhookStore } from './webhooks';

let db: Database;
beforeAll(async () => {
  db = await openMemoryDatabase();
});
afterAll(async () => {
  await db.close();
});

const hook = { url: 'https://93.184.216.34/hook', events: ['grade_change' as const], secret: 'a-long-enough-secret' };

async function pendingDelivery(webhookId: string): Promise<string> {
  const now = new Date();
  const enqueued = await db.transaction((tx) =>
    enqueueEvent(tx, webhookTestPayload(webhookId, now), { webhookIds: [webhookId], now }),
  );
  return enqueued.deliveries[0]!.id;
}

describe('revoking a token', () => {
  it('disables its webhooks and cancels their pending deliveries, in one go', async () => {
    const tokens = new TokenStore(db);
    const webhooks = new WebhookStore(db);
    const owner = await tokens.create('owner', ['webhooks']);
    const other = await tokens.create('other', ['webhooks']);
    const mine = await webhooks.create(owner.record.id, hook);
    const theirs = await webhooks.create(other.record.id, hook);
    await pendingDelivery(mine.id);
    await pendingDelivery(theirs.id);

    expect(await tokens.revokeWithWebhooks(owner.record.id)).toEqual({ webhooks: [mine.id], cancelledDeliveries: 1 });
    expect(await webhooks.get(owner.record.id, mine.id)).toMatchObject({
      active: false,
      disabled_reason: 'its token was revoked',
    });
    const [delivery] = await listDeliveries(db, mine.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      last_error: 'cancelled: the webhook is disabled: its token was revoked',
    });
    expect((await listDeliveries(db, theirs.id))[0]).toMatchObject({ status: 'pending' });
    expect(await webhooks.get(other.record.id, theirs.id)).toMatchObject({ active: true });
    expect(await tokens.revoke(owner.record.id)).toBe(false);
  });
});

describe('administering any webhook', () => {
  it('lists every webhook with its owner, disables and deletes any of them', async () => {
    const tokens = new TokenStore(db);
    const webhooks = new WebhookStore(db);
    const owner = await tokens.create('gone', ['webhooks']);
    const created = await webhooks.create(owner.record.id, hook);
    await tokens.revoke(owner.record.id);
    const listed = (await webhooks.listAll()).find((w) => w.id === created.id);
    expect(listed).toMatchObject({ token_id: owner.record.id, token_name: 'gone', token_revoked: true, active: false });

    const live = await webhooks.create((await tokens.create('live', ['webhooks'])).record.id, hook);
    await pendingDelivery(live.id);
    expect(await webhooks.disableAny(live.id, 'disabled by an administrator')).toBe(true);
    expect((await listDeliveries(db, live.id))[0]).toMatchObject({ status: 'failed' });
    expect(await webhooks.disableAny(live.id, 'again')).toBe(false);
    expect(await webhooks.removeAny(created.id)).toBe(true);
    expect((await webhooks.listAll()).map((w) => w.id)).not.toContain(created.id);
    expect(await webhooks.removeAny(created.id)).toBe(false);
  });
});

describe('tokens known from the cache', () => {
  it('are known once read, until a revocation or an invalidation, and only while the cache is trusted', async () => {
    let trusted = true;
    const tokens = new TokenStore(db, { cache: () => trusted });
    const first = await tokens.create('cached', ['discovery']);
    const second = await tokens.create('cached too', ['discovery']);
    expect(tokens.known(first.token)).toBeUndefined();
    await tokens.findActive(first.token);
    await tokens.findActive(second.token);
    expect(tokens.known(first.token)?.id).toBe(first.record.id);
    trusted = false;
    expect(tokens.known(first.token)).toBeUndefined();
    trusted = true;
    await tokens.revoke(first.record.id);
    expect(tokens.known(first.token)).toBeUndefined();
    expect(tokens.known(second.token)).toBeUndefined();
    await tokens.findActive(second.token);
    tokens.invalidate();
    expect(tokens.known(second.token)).toBeUndefined();
  });

  it('are never known without a cache', async () => {
    const tokens = new TokenStore(db);
    const created = await tokens.create('uncached', ['discovery']);
    await tokens.findActive(created.token);
    expect(tokens.known(created.token)).toBeUndefined();
  });
});
