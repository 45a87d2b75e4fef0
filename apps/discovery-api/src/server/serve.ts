import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiConfig } from '../config';
import type { Database } from '../db/database';
import type { EngineFactory } from '../discovery/snapshot-engine-source';
import { createHttpServer } from '../http/http-server';
import { createHttpMetrics } from '../http/metrics';
import { startingApp } from '../http/starting';
import { createLogger, type Logger } from '../logging';
import { acquireWhenFree } from './acquire';
import { StartAbortedError, openWhenReachable, redactedUrl } from './database-wait';
import type { OwnerLock } from './owner-lock';
import type { RedisLimits } from './redis';
import type { SnapshotInfo } from '../store/snapshots';
import type { TokenStore } from '../store/tokens';
import type * as Modules from './serve-modules';

export { StartAbortedError } from './database-wait';

export interface RunningServer {
  url: string;
  port: number;
  /** Stops accepting connections, lets in-flight requests finish, closes the database. */
  close(): Promise<void>;
}

export interface ServeOptions {
  engineFactory: EngineFactory;
  logger?: Logger;
  /** Where the first-start banner goes (stdout by default). */
  announce?: (text: string) => void;
  /** The configured market data, in words, for the banner (`marketDataSource`); the bundled sample without it. */
  marketData?: string;
  /** Aborted by a stop signal (its reason the signal's name): ends the wait for an
   * unreachable PostgreSQL, and startServer rejects with StartAbortedError after closing the
   * port. Anything else under way at start-up finishes first; the caller stops the server
   * once it is up. */
  signal?: AbortSignal;
}

/** Wires the real adapters: database (PGlite or PostgreSQL), Redis limits, the SDK, and the
 * HTTP server. On the embedded default it also takes the data-folder lock and creates the
 * development token on first start. */
export async function startServer(config: ApiConfig, options: ServeOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, format: config.logFormat });
  const embedded = config.database.kind === 'pglite';
  const lock: OwnerLock | undefined = embedded ? await acquireWhenFree(config.dataDir, 'server') : undefined;
  const metrics = createHttpMetrics({ processMetrics: true });
  // Listening comes first: /healthz answers while the database opens (a new PGlite database
  // takes seconds) and the rest of the app loads; /readyz and the API answer 503 until then.
  let handle: RequestListener = startingApp(logger, metrics);
  // What the HTTP parser refuses (oversized headers, malformed requests) gets the error
  // envelope too (http/http-server.ts).
  const server = createHttpServer((req, res) => handle(req, res), {
    logger,
    metrics,
    headersTimeoutMs: config.headersTimeoutMs,
    bodyTimeoutMs: config.bodyTimeoutMs,
  });
  let db: Database | undefined;
  let redis: RedisLimits | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as AddressInfo).port;
    const url = `http://${displayHost(config.host)}:${port}`;
    logger.info('starting', { url, database: config.database.kind });
    // The modules behind the API load while the port already answers (a dynamic import()
    // would load them as ES modules).
    const {
      openDatabase,
      connectRedisLimits,
      ensureAdminSecret,
      snapshotEngineSource,
      createDeliveryWorker,
      createMonitoring,
      createApp,
      SnapshotStore,
      TokenStore,
      // eslint-disable-next-line @typescript-eslint/no-require-imports
    } = require('./serve-modules') as typeof Modules;
    // PostgreSQL that does not answer yet (it starts after the API, or is restarting) is
    // waited for, logging each attempt, while the port answers as while starting.
    const target = config.database;
    const opened =
      target.kind === 'postgres'
        ? await openWhenReachable(() => openDatabase(target), {
            logger,
            where: redactedUrl(target.url, 'postgres'),
            ...(options.signal === undefined ? {} : { signal: options.signal }),
          })
        : await openDatabase(target);
    db = opened;
    redis =
      config.redisUrl === undefined
        ? undefined
        : await connectRedisLimits(config.redisUrl, config.redisPrefix, {
            logger,
            startupTimeoutMs: config.redisStartupTimeoutMs,
          });
    const adminSecret = embedded ? await ensureAdminSecret(config.dataDir) : undefined;
    const engine = snapshotEngineSource(opened, options.engineFactory, config.snapshotPollMs);
    // The in-process delivery worker (DISCOVERY_WORKER=off leaves delivery to
    // `discovery-api worker` processes); woken at once when a request writes an event.
    const worker = config.worker ? createDeliveryWorker(opened, config, logger) : undefined;
    const monitoring = createMonitoring({
      db: opened,
      engine,
      logger,
      onEnqueued: () => worker?.nudge(),
      runsRetentionDays: config.runsRetentionDays,
    });
    handle = createApp({
      monitoring,
      onEventsEnqueued: () => worker?.nudge(),
      db: opened,
      engine,
      logger,
      rateLimits: config.rateLimits,
      metrics,
      bodyLimitBytes: config.bodyLimitBytes,
      bodyTimeoutMs: config.bodyTimeoutMs,
      corsOrigins: config.corsOrigins,
      ...(redis === undefined
        ? {}
        : { limiterStore: redis.storeFactory, readinessChecks: { redis: redis.ping.bind(redis) } }),
      ...(adminSecret === undefined ? {} : { adminSecret }),
      webhookUrlPolicy: { allowLoopback: config.allowLoopbackWebhooks },
      onSnapshotLoaded: () => engine.invalidate(),
    });
    await lock?.announcePort(port);
    if (embedded)
      await createDevelopmentToken(
        new TokenStore(opened),
        url,
        options.announce ?? ((text) => process.stdout.write(text)),
        async () => marketDataLine(await new SnapshotStore(opened).latestInfo(), options.marketData),
      );
    worker?.start();
    monitoring.refresh.start(config.refreshIntervalMs);
    logger.info('listening', {
      url,
      dashboard: `${url}/`,
      database: opened.engine,
      rate_limit_store: redis === undefined ? 'memory' : 'redis',
      webhook_worker: worker === undefined ? 'off' : worker.workerId,
      refresh_interval_ms: config.refreshIntervalMs,
    });
    const openRedis = redis;
    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      close: () => {
        closing ??= (async () => {
          // At once, beside the drain: no new delivery attempt or refresh starts from now on
          // (the attempts in flight finish and are recorded), however long requests take.
          const background = Promise.all([
            worker?.stop().then(() => logger.info('webhook worker stopped', { worker_id: worker.workerId })),
            monitoring.refresh.stop(),
          ]);
          // Responses from now on say `Connection: close`, idle keep-alive connections close;
          // connections still busy after the grace period are closed.
          await server.drain({ graceMs: config.shutdownGraceMs });
          await background;
          await openRedis?.close();
          await opened.close();
          await lock?.release();
          logger.info('stopped');
        })();
        return closing;
      },
    };
  } catch (error) {
    if (error instanceof StartAbortedError) {
      // A stop while waiting: the answers under way (/healthz, 503s) finish first.
      await server.drain({ graceMs: config.shutdownGraceMs });
    } else {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
    await redis?.close().catch(() => undefined);
    await db?.close().catch(() => undefined);
    await lock?.release();
    throw error;
  }
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** First start on the embedded default: no token exists yet, so create one with both
 * scopes and print it once, so that the quick start works without another step. */
async function createDevelopmentToken(
  tokens: Pick<TokenStore, 'count' | 'create'>,
  url: string,
  announce: (text: string) => void,
  marketData: () => Promise<string>,
): Promise<void> {
  if ((await tokens.count()) > 0) return;
  const { token } = await tokens.create('development', ['discovery', 'webhooks']);
  announce(
    [
      '',
      `Discovery API running at ${url}`,
      'Created a development token with the scopes discovery and webhooks. It is shown only',
      'this once; keep it (create more with `discovery-api tokens create`):',
      '',
      `  ${token}`,
      '',
      'Try it:',
      `  curl -H "Authorization: Bearer ${token}" ${url}/v1/discovery/criteria/etf`,
      '',
      `Dashboard: ${url}/ (open it in a browser and paste the token)`,
      '',
      `Market data: ${await marketData()}.`,
      '',
    ].join('\n') + '\n',
  );
}

/** The banner's market-data line: a snapshot loaded with `data load` is in force over the configured provider. */
function marketDataLine(loaded: SnapshotInfo | undefined, configured: string | undefined): string {
  if (loaded !== undefined) return `the snapshot loaded with \`discovery-api data load\` from ${loaded.source}`;
  return configured ?? 'the bundled SAMPLE snapshot (synthetic, not live market data)';
}
