import type { Database } from '../db/database';
import type { EngineSource } from '../discovery/engine';
import { TokenStore } from '../store/tokens';
import { startApi, type TestApi } from '../test-support/api';
import { openMemoryDatabase } from '../test-support/databases';
import { capturingLogger } from '../test-support/log-capture';
import { rawConnection, startPostingBody } from '../test-support/raw-http';

// docs/operations.md "Logs": a client that leaves in the middle of its body is not a server
// error. It used to be logged at level error as INTERNAL_ERROR, with the stack of body-parser's
// "BadRequestError: request aborted".

const noEngine: EngineSource = { current: () => Promise.reject(new Error('the discovery engine is not used here')) };

let db: Database;
let api: TestApi;
let token: string;
const logs = capturingLogger();
beforeAll(async () => {
  db = await openMemoryDatabase();
  token = (await new TokenStore(db).create('leaver', ['webhooks'])).token;
  api = await startApi({ db, engine: noEngine, logger: logs.logger });
});
afterAll(async () => {
  await api.close();
  await db.close();
});

/** Starts a registration, waits until the route reads its body, sends part of it and leaves;
 * resolves with the log line of the request. */
async function leaveMidBody(): Promise<Record<string, unknown>> {
  const earlier = logs.messages().filter((message) => message === 'request aborted').length;
  const connection = await rawConnection(api.baseUrl);
  await startPostingBody(connection, '/v1/webhooks', token);
  connection.write('{"url":');
  connection.socket.destroy();
  return logs.logged('request aborted', earlier + 1);
}

it('logs a client that leaves mid-body at level info as status 499, with no error line and no stack', async () => {
  const line = await leaveMidBody();
  expect(line).toMatchObject({ level: 'info', status: 499, route: '/v1/webhooks' });
  const lines = logs.lines.map((text) => JSON.parse(text) as { level: string });
  expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  expect(logs.lines.join('\n')).not.toMatch(/stack|INTERNAL_ERROR|BadRequestError/);
});

it('counts such a request under status 499 in the metrics, not as a 500', async () => {
  await leaveMidBody();
  const metrics = await api.call('GET', '/metrics');
  expect(metrics.body).toMatch(
    /discovery_http_requests_total\{method="POST",route="\/v1\/webhooks",status="499"\} \d+/,
  );
  expect(metrics.body).not.toMatch(/status="500"/);
});
