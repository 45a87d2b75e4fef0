import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiConfig } from '../config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { snapshotEngineSource, type EngineFactory } from '../discovery/snapshot-engine-source';
import { createApp } from '../http/app';
import { createHttpMetrics } from '../http/metrics';
import { createLogger, type Logger } from '../logging';
import { createMonitoring } from '../monitoring/monitoring';
import { createDeliveryWorker } from './delivery-worker';
import { TokenStore } from '../store/tokens';
import { ensureAdminSecret } from './admin-secret';
import { acquireWhenFree } from './acquire';
import type { OwnerLock } from './owner-lock';
import { connectRedisLimits, type RedisLimits } from './redis';

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
}

/** Wires the real adapters: database (PGlite or PostgreSQL), Redis limits, the SDK, and the
 * HTTP server. On the embedded default it also takes the data-folder lock and creates the
 * development token on first start. */
export async function startServer(config: ApiConfig, options: ServeOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, format: config.logFormat });
  const embedded = config.database.kind === 'pglite';
  const lock: OwnerLock | undefined = embedded ? await acquireWhenFree(config.dataDir, 'server') : undefined;
  let db: Database | undefined;
  let redis: RedisLimits | undefined;
  try {
    db = await openDatabase(config.database);
    redis = config.redisUrl === undefined ? undefined : await connectRedisLimits(config.redisUrl, config.redisPrefix, { logger, startupTimeoutMs: config.redisStartupTimeoutMs });
    const adminSecret = embedded ? await ensureAdminSecret(config.dataDir) : undefined;
    const engine = snapshotEngineSource(db, options.engineFactory, config.snapshotPollMs);
    // The in-process delivery worker (DISCOVERY_WORKER=off leaves delivery to
    // `discovery-api worker` processes); woken at once when a request writes an event.
    const worker = config.worker ? createDeliveryWorker(db, config, logger) : undefined;
    const monitoring = createMonitoring({ db, engine, logger, onEnqueued: () => worker?.nudge(), runsRetentionDays: config.runsRetentionDays });
    const app = createApp({
      monitoring,
      onEventsEnqueued: () => worker?.nudge(),
      db,
      engine,
      logger,
      rateLimits: config.rateLimits,
      metrics: createHttpMetrics({ processMetrics: true }),
      bodyLimitBytes: config.bodyLimitBytes,
      corsOrigins: config.corsOrigins,
      ...(redis === undefined ? {} : { limiterStore: redis.storeFactory, readinessChecks: { redis: redis.ping } }),
      ...(adminSecret === undefined ? {} : { adminSecret }),
      webhookUrlPolicy: { allowLoopback: config.allowLoopbackWebhooks },
      onSnapshotLoaded: () => engine.invalidate(),
    });
    const server: Server = await new Promise((resolve, reject) => {
      const listening = app.listen(config.port, config.host, () => resolve(listening));
      listening.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    await lock?.announcePort(port);
    const url = `http://${displayHost(config.host)}:${port}`;
    if (embedded) await createDevelopmentToken(new TokenStore(db), url, options.announce ?? ((text) => process.stdout.write(text)));
    worker?.start();
    monitoring.refresh.start(config.refreshIntervalMs);
    logger.info('listening', {
      url,
      dashboard: `${url}/`,
      database: db.engine,
      rate_limit_store: redis === undefined ? 'memory' : 'redis',
      webhook_worker: worker === undefined ? 'off' : worker.workerId,
      refresh_interval_ms: config.refreshIntervalMs,
    });
    const openDb = db;
    const openRedis = redis;
    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      close: () => {
        closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          });
          await monitoring.refresh.stop();
          await worker?.stop();
          await openRedis?.close();
          await openDb.close();
          await lock?.release();
          logger.info('stopped');
        })();
        return closing;
      },
    };
  } catch (error) {
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
async function createDevelopmentToken(tokens: TokenStore, url: string, announce: (text: string) => void): Promise<void> {
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
      'Market data: the bundled SAMPLE snapshot (synthetic, not live market data).',
      '',
    ].join('\n') + '\n',
  );
}
