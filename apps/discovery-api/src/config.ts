import { homedir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseTarget } from './db/open';
import { parseRateLimitOverrides, type RateLimitTable } from './http/rate-limit-table';

export interface ApiConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  redisUrl: string | undefined;
  /** Key prefix of the rate-limit counters; instances that share budgets share it. */
  redisPrefix: string;
  logLevel: string;
  logFormat: 'json' | 'text';
  rateLimits: RateLimitTable;
  /** How often an instance checks for a snapshot loaded through another instance. */
  snapshotPollMs: number;
  bodyLimitBytes: number;
}

export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment variables documented in docs/operations.md. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const dataDir = env.DISCOVERY_DATA_DIR ?? join(homedir(), '.discovery-api');
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const logFormat = env.LOG_FORMAT ?? 'json';
  if (logFormat !== 'json' && logFormat !== 'text') throw new ConfigError('LOG_FORMAT', `expected json or text, got '${logFormat}'`);
  return {
    port: integer(env, 'PORT', 3000, 0, 65_535),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    database: databaseUrl === undefined ? { kind: 'pglite', dataDir: join(dataDir, 'pgdata') } : { kind: 'postgres', url: databaseUrl },
    redisUrl: nonEmpty(env.REDIS_URL),
    redisPrefix: env.DISCOVERY_REDIS_PREFIX ?? 'discovery:rl:',
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat,
    rateLimits: parseRateLimitOverrides(env.DISCOVERY_RATE_LIMITS),
    snapshotPollMs: integer(env, 'DISCOVERY_SNAPSHOT_POLL_MS', 5_000, 100, 3_600_000),
    bodyLimitBytes: integer(env, 'DISCOVERY_BODY_LIMIT_BYTES', 100 * 1024, 1_024, 10 * 1024 * 1024),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `expected an integer from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}
