import { MemoryStore, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { createClient } from 'redis';
import type { LimiterStoreFactory } from '../http/rate-limit';
import type { Logger } from '../logging';
import { FallbackStore } from './fallback-store';
import { redactedUrl } from './database-wait';
import { withTimeout } from './timeout';

export interface RedisLimits {
  storeFactory: LimiterStoreFactory;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface RedisLimitsOptions {
  logger: Logger;
  /** How long start-up waits for Redis before serving with per-instance limits. */
  startupTimeoutMs: number;
  /** A Redis command that takes longer counts as failed (readiness, rate limits). */
  commandTimeoutMs?: number;
  /** Longest pause between reconnection attempts. */
  maxBackoffMs?: number;
}

/**
 * Rate-limit counters in Redis, so every instance behind a load balancer spends the same
 * per-token budget. `prefix` separates deployments (and test runs) on one Redis.
 *
 * Redis going away never stalls a request (docs/operations.md "Redis outages"): commands are
 * not queued while disconnected and time out after `commandTimeoutMs`; the limited routes
 * then count in this instance's memory (logged once per outage) and go back to Redis when it
 * answers again; readiness reports `redis: failed`. Start-up waits at most
 * `startupTimeoutMs`, logging each attempt, then serves in that degraded mode while the
 * client keeps reconnecting with exponential backoff.
 */
export async function connectRedisLimits(
  url: string,
  prefix: string,
  options: RedisLimitsOptions,
): Promise<RedisLimits> {
  const { logger } = options;
  const commandTimeoutMs = options.commandTimeoutMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const where = redactedUrl(url, 'redis');
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: Math.max(commandTimeoutMs, 1_000),
      reconnectStrategy: (retries: number, cause: Error) => {
        const delay = Math.min(maxBackoffMs, 100 * 2 ** Math.min(retries, 16));
        // Every attempt while starting or just after a loss; then one line in ten.
        if (retries < 5 || retries % 10 === 0) {
          logger.warn('waiting for Redis (rate-limit store)', {
            redis: where,
            attempt: retries + 1,
            retry_in_ms: delay,
            error: cause.message,
          });
        }
        return delay;
      },
    },
  });
  // Without a listener a lost connection would crash the process; the reconnect strategy
  // above logs the attempts.
  client.on('error', () => undefined);
  client.on('ready', () => {
    if (!connected) logger.info('connected to Redis', { redis: where });
    connected = true;
  });
  client.on('end', () => (connected = false));
  client.on('reconnecting', () => (connected = false));

  const connecting = client.connect().then(
    () => true,
    () => false,
  );
  const ready = await Promise.race([
    connecting,
    new Promise<false>((resolve) => setTimeout(() => resolve(false), options.startupTimeoutMs).unref()),
  ]);
  if (!ready) {
    logger.warn(
      'Redis unreachable at start-up; serving with per-instance rate limits and readiness failed until it answers',
      {
        redis: where,
        waited_ms: options.startupTimeoutMs,
      },
    );
  }

  const send = (args: string[]): Promise<RedisReply> =>
    withTimeout(client.sendCommand<RedisReply>(args), commandTimeoutMs, 'Redis command');
  let warnedAt = 0;
  const onFallback = (error: unknown): void => {
    // One warning per outage (and at most one a minute), not one per request.
    const now = Date.now();
    if (now - warnedAt < 60_000) return;
    warnedAt = now;
    logger.warn('Redis rate-limit store failed; counting in this instance until Redis answers', {
      redis: where,
      error: error instanceof Error ? error.message : String(error),
    });
  };
  const onRecovered = (): void => {
    if (warnedAt === 0) return;
    warnedAt = 0;
    logger.info('Redis rate-limit store answers again; shared limits resumed', { redis: where });
  };
  return {
    // Each limiter's key is already `<group>:<token id>` (rate-limit.ts): keys are `<prefix><group>:<token id>`.
    storeFactory: (): Store =>
      new FallbackStore(new RedisStore({ sendCommand: (...args: string[]) => send(args), prefix }), new MemoryStore(), {
        onFallback,
        onRecovered,
      }),
    ping: async () => {
      await withTimeout(client.ping(), commandTimeoutMs, 'Redis PING');
    },
    close: async () => {
      if (client.isOpen) await client.close().catch(() => undefined);
      else client.destroy();
      await connecting;
    },
  };
}
