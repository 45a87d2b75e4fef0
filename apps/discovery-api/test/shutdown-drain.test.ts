import { once } from 'node:events';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { InvestmentDiscoveryCrew } from '@disc/discovery';
import { scratchFolder } from '@fin/test-utils';
import { loadConfig } from '../src/config';
import { sdkEngine } from '../src/discovery/sdk-engine';
import { createHttpServer } from '../src/http/http-server';
import { silentLogger } from '../src/logging';
import { startServer } from '../src/server/serve';
import { capturingLogger } from '../src/test-support/log-capture';
import { rawConnection } from '../src/test-support/raw-http';

// docs/operations.md "Shutdown": SIGTERM stops accepting connections and lets in-flight
// requests finish. Those responses used to say `Connection: keep-alive` while the server then
// closed the connection, so a keep-alive client sent its next request on it and got ECONNRESET
// (for a POST, without knowing whether it ran). Now they say `Connection: close`, and idle
// keep-alive connections are closed at once: the client opens its next connection elsewhere.

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  socket: Socket;
}

function get(port: number, agent: Agent, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      const socket = res.socket;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, socket }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A promise and the function that settles it. */
function latch(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** The SDK's engine, whose `criteria` opens `entered` and answers only once `release` is opened. */
function slowCriteria(
  entered: { open: () => void },
  release: { promise: Promise<void> },
): ReturnType<typeof sdkEngine> {
  const engine = sdkEngine(new InvestmentDiscoveryCrew());
  return {
    ...engine,
    criteria: async (assetType) => {
      entered.open();
      await release.promise;
      return engine.criteria(assetType);
    },
  };
}

/** What the socket reports until it closes: the errors it saw (none, for a clean close). */
function watch(socket: Socket): Promise<Error[]> {
  const errors: Error[] = [];
  socket.on('error', (error) => errors.push(error));
  return once(socket, 'close').then(() => errors);
}

describe('draining the HTTP server', () => {
  it('answers the requests in flight with Connection: close and closes idle keep-alive connections at once', async () => {
    const entered = latch();
    const release = latch();
    const server = createHttpServer(
      (req, res) => {
        if (req.url === '/hold') {
          entered.open();
          void release.promise.then(() => res.end('held'));
        } else res.end('quick');
      },
      { logger: silentLogger() },
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // An idle keep-alive connection, and one that will carry the request in flight.
      const idle = await get(port, idleAgent, '/quick');
      expect(idle.headers.connection).toBe('keep-alive');
      const idleClosed = watch(idle.socket);
      const before = await get(port, agent, '/quick');
      expect(before.headers.connection).toBe('keep-alive');

      const busyClosed = watch(before.socket);
      const pending = get(port, agent, '/hold');
      await entered.promise;
      const drained = server.drain();
      expect(await idleClosed).toEqual([]);
      release.open();
      const held = await pending;
      expect(held.socket).toBe(before.socket);
      expect([held.status, held.body, held.headers.connection]).toEqual([200, 'held', 'close']);
      expect(await busyClosed).toEqual([]);
      await drained;
      // The client's next request goes to a new connection: refused, not reset.
      await expect(get(port, agent, '/quick')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      agent.destroy();
      idleAgent.destroy();
      release.open();
      if (server.listening) server.close();
    }
  });
});

describe('draining with a grace period', () => {
  it('closes the connections of requests still in flight once the grace period is over', async () => {
    const entered = latch();
    // A request that is never answered: the body it waits for never comes.
    const server = createHttpServer(() => entered.open(), { logger: silentLogger() });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const connection = await rawConnection(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      connection.write('POST /hold HTTP/1.1\r\nHost: api\r\nContent-Length: 100\r\n\r\n{}');
      await entered.promise;
      await server.drain({ graceMs: 50 });
      expect(await connection.closed).toBe('');
    } finally {
      if (server.listening) server.close();
    }
  });
});

describe('startServer close() (what SIGTERM runs)', () => {
  const dataDir = scratchFolder('discovery-drain-');

  it('lets the request in flight finish with Connection: close, so a keep-alive client reconnects', async () => {
    const entered = latch();
    const release = latch();
    const slowEngine = slowCriteria(entered, release);
    const announced: string[] = [];
    const config = { ...loadConfig({ DISCOVERY_DATA_DIR: dataDir() }), port: 0, refreshIntervalMs: 0 };
    const server = await startServer(config, {
      engineFactory: () => slowEngine,
      logger: silentLogger(),
      announce: (text) => announced.push(text),
    });
    const token = /(disc_[A-Za-z0-9_-]{43})/.exec(announced.join(''))?.[1] ?? '';
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await get(server.port, agent, '/healthz');
      expect(before.headers.connection).toBe('keep-alive');
      const busyClosed = watch(before.socket);
      const pending = get(server.port, agent, '/v1/discovery/criteria/etf', { authorization: `Bearer ${token}` });
      await entered.promise;
      const closed = server.close();
      release.open();
      const response = await pending;
      expect(response.socket).toBe(before.socket);
      expect([response.status, JSON.parse(response.body).asset_type, response.headers.connection]).toEqual([
        200,
        'etf',
        'close',
      ]);
      expect(await busyClosed).toEqual([]);
      await closed;
      await expect(get(server.port, agent, '/healthz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      agent.destroy();
      release.open();
      await server.close();
    }
  }, 60_000);

  it('stops the webhook worker at once, while a request is still in flight', async () => {
    const entered = latch();
    const release = latch();
    const slowEngine = slowCriteria(entered, release);
    const announced: string[] = [];
    const logs = capturingLogger();
    const config = { ...loadConfig({ DISCOVERY_DATA_DIR: dataDir() }), port: 0, refreshIntervalMs: 0 };
    const server = await startServer(config, {
      engineFactory: () => slowEngine,
      logger: logs.logger,
      announce: (text) => announced.push(text),
    });
    const token = /(disc_[A-Za-z0-9_-]{43})/.exec(announced.join(''))?.[1] ?? '';
    const agent = new Agent({ keepAlive: false });
    let answered = false;
    try {
      const pending = get(server.port, agent, '/v1/discovery/criteria/etf', { authorization: `Bearer ${token}` }).then(
        (answer) => {
          answered = true;
          return answer;
        },
      );
      await entered.promise;
      const closed = server.close();
      // The worker claims no more deliveries from here on: it stopped before the request ended.
      await logs.logged('webhook worker stopped');
      expect(answered).toBe(false);
      release.open();
      expect((await pending).status).toBe(200);
      await closed;
    } finally {
      agent.destroy();
      release.open();
      await server.close();
    }
  }, 60_000);
});
