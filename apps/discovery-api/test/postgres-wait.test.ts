import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createScratchPostgres,
  freePort,
  scratchFolder,
  TEST_POSTGRES_ADMIN_URL,
  type ScratchPostgres,
} from '@fin/test-utils';
import { describeWithServices } from '../src/test-support/services';
import { refused, spawnCommand, type ChildProcessHandle } from '../src/test-support/processes';

// docs/operations.md: `serve` listens before it opens the database (`/healthz` 200, `/readyz`
// 503, every other route 503 DATABASE_UNAVAILABLE), and after an outage "No restart is needed
// when it comes back". A PostgreSQL that was not reachable at start-up used to make `serve`
// exit 1 within two seconds, without ever answering. Now it waits, with backoff, logging each
// attempt; the database here sits behind a loopback TCP forwarder that the test starts late.

const WAITING = /"message":"waiting for PostgreSQL"/;

/** Forwards connections on `port` to the test PostgreSQL server, once started. */
class PostgresForwarder {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(readonly port: number) {}

  async start(): Promise<void> {
    const target = new URL(TEST_POSTGRES_ADMIN_URL);
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.once('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    this.server.listen(this.port, '127.0.0.1');
    await once(this.server, 'listening');
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.server?.listening === true) await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** A forwarder not started yet, and the database URL through it (with a password that must not be logged). */
async function unreachableDatabase(pg: ScratchPostgres): Promise<{ forwarder: PostgresForwarder; url: string }> {
  const forwarder = new PostgresForwarder(await freePort());
  const url = new URL(pg.url);
  url.hostname = '127.0.0.1';
  url.port = String(forwarder.port);
  url.password = 'not-logged';
  return { forwarder, url: url.toString() };
}

/** Waits until the process's output matches (the test's own timeout bounds the wait). */
async function outputMatches(handle: ChildProcessHandle, pattern: RegExp): Promise<void> {
  while (!pattern.test(handle.output())) await sleep(50);
}

function count(text: string, pattern: RegExp): number {
  return text.split('\n').filter((line) => pattern.test(line)).length;
}

describeWithServices('serve and worker while PostgreSQL is unreachable at start-up', ['postgres'], () => {
  const dataDir = scratchFolder('discovery-pg-wait-');
  let pg: ScratchPostgres;
  let forwarder: PostgresForwarder | undefined;
  let handle: ChildProcessHandle | undefined;

  beforeAll(async () => {
    pg = await createScratchPostgres();
  });
  afterEach(async () => {
    await handle?.stop('SIGKILL');
    handle = undefined;
    await forwarder?.stop();
    forwarder = undefined;
  });
  afterAll(async () => {
    await pg.drop();
  });

  async function start(): Promise<{ base: string; port: number }> {
    const database = await unreachableDatabase(pg);
    forwarder = database.forwarder;
    const port = await freePort();
    handle = await spawnCommand(
      ['serve'],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DISCOVERY_DATA_DIR: dataDir(),
        DATABASE_URL: database.url,
        REDIS_URL: '',
        DISCOVERY_REFRESH_INTERVAL_MS: '0',
      },
      WAITING,
    );
    return { base: `http://127.0.0.1:${port}`, port };
  }

  it('listens and answers as while starting, logs each attempt, and serves once the database answers', async () => {
    const { base } = await start();
    const health = await fetch(`${base}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([
      503,
      { status: 'unavailable', checks: { database: 'failed' } },
    ]);
    const api = await fetch(`${base}/v1/webhooks`, { headers: { authorization: 'Bearer disc_x' } });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('DATABASE_UNAVAILABLE');

    // A second failed attempt is logged too, with its number and the next delay; the
    // password is not.
    await outputMatches(
      handle!,
      /"message":"waiting for PostgreSQL"[^\n]*"attempt":2|"attempt":2[^\n]*"message":"waiting for PostgreSQL"/,
    );
    const first =
      handle!
        .output()
        .split('\n')
        .find((line) => WAITING.test(line)) ?? '';
    expect(JSON.parse(first)).toMatchObject({ level: 'warn', attempt: 1, retry_in_ms: 100 });
    expect(first).toMatch(/ECONNREFUSED/);
    expect(handle!.output()).not.toContain('not-logged');

    await forwarder!.start();
    await outputMatches(handle!, /"message":"listening"/);
    expect(handle!.output()).toMatch(/"message":"connected to PostgreSQL"/);
    const readyNow = await fetch(`${base}/readyz`);
    expect(readyNow.status).toBe(200);
    const unauthenticated = await fetch(`${base}/v1/webhooks`);
    expect(unauthenticated.status).toBe(401);

    expect(await handle!.stop('SIGTERM')).toBe(0);
    handle = undefined;
  }, 60_000);

  it('stops cleanly on SIGTERM while it waits: exit 0, the port released', async () => {
    const { port } = await start();
    const attempts = count(handle!.output(), WAITING);
    expect(attempts).toBeGreaterThanOrEqual(1);
    const stopped = handle!;
    const output = (): string => stopped.output();
    expect(await stopped.stop('SIGTERM')).toBe(0);
    handle = undefined;
    expect(output()).toMatch(
      /"message":"shutting down"[^\n]*"signal":"SIGTERM"|"signal":"SIGTERM"[^\n]*"message":"shutting down"/,
    );
    expect(output()).toMatch(/"message":"stopped"/);
    expect(output()).not.toMatch(/"message":"listening"/);
    expect(await refused(port)).toBe(true);
  }, 60_000);

  // The delivery worker used to exit 1 at once when PostgreSQL was not reachable at its start,
  // so a worker started beside its database (compose, Kubernetes) needed a restart policy.
  async function startWorker(): Promise<ChildProcessHandle> {
    const database = await unreachableDatabase(pg);
    forwarder = database.forwarder;
    handle = await spawnCommand(['worker'], { DATABASE_URL: database.url, REDIS_URL: '' }, WAITING);
    return handle;
  }

  it('worker: waits, logging each attempt, and starts delivering once the database answers', async () => {
    const worker = await startWorker();
    expect(worker.output()).toMatch(/ECONNREFUSED/);
    expect(worker.output()).not.toContain('not-logged');
    expect(worker.output()).not.toMatch(/"message":"worker started"/);
    await forwarder!.start();
    await outputMatches(worker, /"message":"worker started"/);
    expect(worker.output()).toMatch(/"message":"connected to PostgreSQL"/);
    expect(await worker.stop('SIGTERM')).toBe(0);
    handle = undefined;
  }, 60_000);

  it('worker: stops with exit 0 on SIGTERM while it waits', async () => {
    const worker = await startWorker();
    expect(await worker.stop('SIGTERM')).toBe(0);
    handle = undefined;
    expect(worker.output()).toMatch(/"message":"worker stopping"[^\n]*"while":"waiting for the database"/);
    expect(worker.output()).not.toMatch(/"message":"worker started"/);
  }, 60_000);
});
