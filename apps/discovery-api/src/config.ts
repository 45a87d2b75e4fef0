import { homedir } from 'node:os';
import { join } from 'node:path';
import winston from 'winston';
import type { DatabaseTarget } from './db/open';
import { parseRateLimitOverrides, type RateLimitTable } from './http/rate-limit-table';
import { CodedError } from '@fin/errors';

export interface ApiConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  redisUrl: string | undefined;
  /** Key prefix of the rate-limit counters; instances that share budgets share it. */
  redisPrefix: string;
  /** How long `serve` waits for Redis at start-up before serving with per-instance limits. */
  redisStartupTimeoutMs: number;
  /** Days discovery runs are kept; older ones are deleted as new runs are recorded. */
  runsRetentionDays: number;
  /** Browser origins allowed to call the API (CORS); empty: CORS off. */
  corsOrigins: string[];
  /** A level of winston's npm scale (LOG_LEVELS), lower-case. */
  logLevel: string;
  logFormat: 'json' | 'text';
  rateLimits: RateLimitTable;
  /** How often an instance checks for a snapshot loaded through another instance. */
  snapshotPollMs: number;
  bodyLimitBytes: number;
  /** How long a client may take to send a request's headers (Node's server.headersTimeout). */
  headersTimeoutMs: number;
  /** How long a client may take to send a request's body once the route reads it; then 408. */
  bodyTimeoutMs: number;
  /** How long requests in flight at SIGTERM may take to finish before their connections close. */
  shutdownGraceMs: number;
  /** Development only: accept http://127.0.0.1 webhook receivers. */
  allowLoopbackWebhooks: boolean;
  /** Run the webhook delivery worker inside `serve` (DISCOVERY_WORKER=off: a separate
   * `discovery-api worker` process does it). */
  worker: boolean;
  workerPollMs: number;
  workerConcurrency: number;
  /** Seconds before each retry; undefined: the library's default (about a day in all). */
  retrySchedule: number[] | undefined;
  /** How often `serve` re-scores monitored symbols; 0 turns the schedule off. */
  refreshIntervalMs: number;
}

export const CONFIG_ERROR_CODES = ['INVALID_VALUE'] as const;
export type ConfigErrorCode = (typeof CONFIG_ERROR_CODES)[number];

/** An environment variable with a value the API cannot use; the message starts with its name. */
export class ConfigError extends CodedError<ConfigErrorCode> {
  override readonly name: string = 'ConfigError';
  readonly variable: string;
  constructor(code: ConfigErrorCode, message: string, options: { variable: string; cause?: unknown }) {
    super(code, `${options.variable}: ${message}`, options);
    this.variable = options.variable;
  }
}

/** The levels createLogger's winston loggers know (winston's npm levels), most severe first.
 * Any other LOG_LEVEL would make winston drop every line, so it stops start-up instead. */
export const LOG_LEVELS: readonly string[] = Object.keys(winston.config.npm.levels);

/** Reads the environment variables documented in docs/operations.md. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const dataDir = env.DISCOVERY_DATA_DIR ?? join(homedir(), '.discovery-api');
  const databaseUrl = postgresUrl(env, 'DATABASE_URL');
  const logFormat = env.LOG_FORMAT ?? 'json';
  if (logFormat !== 'json' && logFormat !== 'text')
    throw new ConfigError('INVALID_VALUE', `expected json or text, got '${logFormat}'`, { variable: 'LOG_FORMAT' });
  return {
    port: integer(env, 'PORT', 3000, 0, 65_535),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    database:
      databaseUrl === undefined
        ? { kind: 'pglite', dataDir: join(dataDir, 'pgdata') }
        : { kind: 'postgres', url: databaseUrl },
    redisUrl: redisUrl(env, 'REDIS_URL'),
    redisPrefix: env.DISCOVERY_REDIS_PREFIX ?? 'discovery:rl:',
    redisStartupTimeoutMs: integer(env, 'DISCOVERY_REDIS_STARTUP_TIMEOUT_MS', 30_000, 0, 600_000),
    runsRetentionDays: integer(env, 'DISCOVERY_RUNS_RETENTION_DAYS', 90, 1, 36_500),
    corsOrigins: origins(env, 'DISCOVERY_CORS_ORIGINS'),
    logLevel: logLevel(env, 'LOG_LEVEL'),
    logFormat,
    rateLimits: rateLimits(env, 'DISCOVERY_RATE_LIMITS'),
    snapshotPollMs: integer(env, 'DISCOVERY_SNAPSHOT_POLL_MS', 5_000, 100, 3_600_000),
    bodyLimitBytes: integer(env, 'DISCOVERY_BODY_LIMIT_BYTES', 100 * 1024, 1_024, 10 * 1024 * 1024),
    headersTimeoutMs: integer(env, 'DISCOVERY_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
    bodyTimeoutMs: integer(env, 'DISCOVERY_BODY_TIMEOUT_MS', 10_000, 100, 600_000),
    shutdownGraceMs: integer(env, 'DISCOVERY_SHUTDOWN_GRACE_MS', 8_000, 0, 600_000),
    // DISCOVERY_WEBHOOKS_ALLOW_LOCAL=1 is the earlier name, kept as an alias.
    allowLoopbackWebhooks:
      flag(env, 'DISCOVERY_ALLOW_LOOPBACK_WEBHOOKS') || flag(env, 'DISCOVERY_WEBHOOKS_ALLOW_LOCAL'),
    worker: onOff(env, 'DISCOVERY_WORKER', true),
    workerPollMs: integer(env, 'DISCOVERY_WORKER_POLL_MS', 1_000, 10, 60_000),
    workerConcurrency: integer(env, 'DISCOVERY_WORKER_CONCURRENCY', 8, 1, 256),
    retrySchedule: schedule(env, 'DISCOVERY_WEBHOOK_RETRY_SCHEDULE'),
    refreshIntervalMs: integer(env, 'DISCOVERY_REFRESH_INTERVAL_MS', 6 * 3_600_000, 0, 7 * 24 * 3_600_000),
  };
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return false;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError('INVALID_VALUE', `expected true or false, got '${env[name]}'`, { variable: name });
}

function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env[name])?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['on', 'true', '1'].includes(raw)) return true;
  if (['off', 'false', '0'].includes(raw)) return false;
  throw new ConfigError('INVALID_VALUE', `expected on or off, got '${env[name]}'`, { variable: name });
}

/** JSON overrides of the rate-limit groups (docs/rate-limits.md); any malformed value stops
 * start-up rather than leaving the defaults in force. */
function rateLimits(env: NodeJS.ProcessEnv, name: string): RateLimitTable {
  try {
    return parseRateLimitOverrides(env[name]);
  } catch (error) {
    throw new ConfigError('INVALID_VALUE', error instanceof Error ? error.message : String(error), {
      variable: name,
      cause: error,
    });
  }
}

/** "5,30,120": seconds before each retry, one entry per retry. */
function schedule(env: NodeJS.ProcessEnv, name: string): number[] | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  const steps = raw.split(',').map((part) => Number(part.trim()));
  if (steps.some((step) => !Number.isFinite(step) || step < 0)) {
    throw new ConfigError('INVALID_VALUE', `expected comma-separated seconds such as 5,30,120, got '${raw}'`, {
      variable: name,
    });
  }
  return steps;
}

/** "https://app.example.com,http://localhost:5173": exact origins, no wildcard. */
function origins(env: NodeJS.ProcessEnv, name: string): string[] {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return [];
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const origin of list) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(
        'INVALID_VALUE',
        `expected comma-separated origins such as https://app.example.com (scheme, host, optional port; no path or wildcard), got '${origin}'`,
        { variable: name },
      );
    }
  }
  return list;
}

/** One of LOG_LEVELS, case ignored; `info` when unset. */
function logLevel(env: NodeJS.ProcessEnv, name: string): string {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return 'info';
  const level = raw.trim().toLowerCase();
  if (!LOG_LEVELS.includes(level))
    throw new ConfigError('INVALID_VALUE', `expected one of ${LOG_LEVELS.join(', ')}, got '${raw}'`, {
      variable: name,
    });
  return level;
}

// Connection URLs may hold a password: their errors say what is wrong without the value.

/** A PostgreSQL connection string as node-postgres reads it: a `postgres://` or
 * `postgresql://` URL, a `socket:` URL, or a Unix socket directory (`/var/run/postgresql`). */
function postgresUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined || raw.startsWith('/')) return raw;
  const expected =
    'expected a PostgreSQL connection URL such as postgres://user:password@host:5432/discovery (or a Unix socket directory such as /var/run/postgresql)';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (scheme === undefined)
    throw new ConfigError('INVALID_VALUE', `${expected}; the value set is not a URL`, { variable: name });
  if (!['postgres', 'postgresql', 'socket'].includes(scheme))
    throw new ConfigError('INVALID_VALUE', `${expected}; the value set is a ${scheme}: URL`, { variable: name });
  if (!parsesAsPostgresUrl(raw))
    throw new ConfigError('INVALID_VALUE', `${expected}; the value set is not a valid URL`, { variable: name });
  return raw;
}

/** A Redis URL as node-redis reads it: `redis://` or `rediss://` (TLS). */
function redisUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return undefined;
  const expected = 'expected a Redis URL such as redis://host:6379 or rediss://user:password@host:6380/0';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('INVALID_VALUE', `${expected}; the value set is not a URL`, { variable: name });
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new ConfigError('INVALID_VALUE', `${expected}; the value set is a ${url.protocol} URL`, { variable: name });
  return raw;
}

/** Parses as pg-connection-string does: spaces and stray `%` encoded first, and a URL
 * without a host (`postgres://user@/db?host=/tmp`) read with a stand-in host. */
function parsesAsPostgresUrl(raw: string): boolean {
  const text = / |%[^a-f0-9]|%[a-f0-9][^a-f0-9]/i.test(raw) ? encodeURI(raw).replace(/%25(\d\d)/g, '%$1') : raw;
  return URL.canParse(text) || URL.canParse(text.replace('@/', '@stand-in/'));
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError('INVALID_VALUE', `expected an integer from ${min} to ${max}, got '${raw}'`, {
      variable: name,
    });
  }
  return value;
}
