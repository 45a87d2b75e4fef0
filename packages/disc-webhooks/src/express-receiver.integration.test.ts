import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { DeliveryWorker, enqueueEvent, gradeChangePayload, listDeliveries, webhookHeaders } from '@disc/webhooks';
import type { WebhookPayload } from '@disc/webhooks';
import type { TestDatabase } from '../test/support/databases';
import { openPglite } from '../test/support/databases';
import { createReceiver } from '../test/support/express-receiver';
import { insertWebhook } from '../test/support/fixtures';

const SECRET = 'a passphrase of at least 16 characters';
const EVENT = gradeChangePayload(
  {
    symbol: 'VTI',
    previous_grade: 'A',
    new_grade: 'A+',
    previous_score: 0.91,
    new_score: 0.96,
    reason: 'expense ratio cut',
  },
  new Date(),
);

describe('the documented Express receiver', () => {
  let db: TestDatabase;
  let server: Server;
  let url: string;
  const handled: WebhookPayload[] = [];

  beforeAll(async () => {
    db = await openPglite();
    server = createReceiver(SECRET, (payload) => handled.push(payload)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/discovery`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.close();
  });

  it('accepts a delivery from the worker and handles it once', async () => {
    const webhookId = await insertWebhook(db, { url, secret: SECRET });
    await enqueueEvent(db, EVENT);
    expect(await new DeliveryWorker({ db, urlPolicy: { allowLoopback: true } }).runOnce()).toBe(1);
    expect(handled).toEqual([EVENT]);
    const [delivery] = await listDeliveries(db, webhookId);
    expect(delivery).toMatchObject({ status: 'succeeded', last_status: 204 });
  });

  it('answers 400 with the code to a forged or replayed request, and 204 to a duplicate', async () => {
    const body = JSON.stringify(EVENT);
    const post = (headers: Record<string, string>) =>
      axios.post(url, body, {
        headers: { 'content-type': 'application/json', ...headers },
        validateStatus: () => true,
      });

    const forged = await post(
      webhookHeaders({ id: 'msg_forged', timestamp: new Date(), body, secret: 'not the secret' }),
    );
    expect(forged.status).toBe(400);
    expect(forged.data).toMatchObject({ error: 'INVALID_SIGNATURE' });

    const replayed = await post(
      webhookHeaders({ id: 'msg_old', timestamp: new Date(Date.now() - 3_600_000), body, secret: SECRET }),
    );
    expect(replayed.data).toMatchObject({ error: 'TIMESTAMP_OUT_OF_TOLERANCE' });

    const before = handled.length;
    const genuine = webhookHeaders({ id: 'msg_dup', timestamp: new Date(), body, secret: SECRET });
    expect((await post(genuine)).status).toBe(204);
    expect((await post(genuine)).status).toBe(204);
    expect(handled.length).toBe(before + 1);
  });
});
