import { scratchFolder } from '@fin/test-utils';
import { spawnServer } from '../test-support/processes';
import { rawConnection, startPostingBody } from '../test-support/raw-http';

// docs/operations.md "Shutdown": SIGTERM lets requests in flight finish within a grace period,
// then closes the connections still open. A client that announced a body and never sent it
// used to keep `serve` up after SIGTERM until the client left (minutes), its webhook worker
// still claiming deliveries meanwhile.

describe('discovery-api serve stopped by SIGTERM while a request waits for its body', () => {
  const dataDir = scratchFolder('discovery-shutdown-');

  it('exits 0 once the grace period is over, closing the connection the client keeps open', async () => {
    const server = await spawnServer({
      DISCOVERY_DATA_DIR: dataDir(),
      DISCOVERY_SHUTDOWN_GRACE_MS: '200',
      // Far beyond the grace period: the shutdown, not the body timeout, ends this request.
      DISCOVERY_BODY_TIMEOUT_MS: '600000',
    });
    // The development token, printed on the first start.
    const token = /(disc_[A-Za-z0-9_-]{43})/.exec(server.output())?.[1] ?? '';
    const connection = await rawConnection(server.url);
    try {
      // 100 Continue: the route reads the body, which never comes.
      await startPostingBody(connection, '/v1/discovery/discover/etf', token);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    await connection.closed;
    expect(server.output()).toMatch(/"message":"shutting down"/);
  }, 60_000);
});
