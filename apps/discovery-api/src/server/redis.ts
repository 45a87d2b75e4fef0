import { RedisStore } from 'rate-limit-redis';
import { createClient } from 'redis';
import type { LimiterStoreFactory } from '../http/rate-limit';

export interface RedisLimits {
  storeFactory: LimiterStoreFactory;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Rate-limit counters in Redis, so every instance behind a load balancer spends the same
 * per-token budget. `prefix` separates deployments (and test runs) on one Redis. */
export async function connectRedisLimits(url: string, prefix: string): Promise<RedisLimits> {
  const client = createClient({ url });
  // Without a listener a lost connection would crash the process; the client reconnects
  // by itself and requests meanwhile fail (readiness reports it).
  client.on('error', () => undefined);
  await client.connect();
  return {
    storeFactory: (group) =>
      new RedisStore({
        sendCommand: (...args: string[]) => client.sendCommand(args),
        prefix: `${prefix}${group}:`,
      }),
    ping: async () => {
      await client.ping();
    },
    close: async () => {
      await client.close();
    },
  };
}
