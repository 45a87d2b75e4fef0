import { loadConfig, ConfigError } from '../config';
import { DEFAULT_RATE_LIMITS, parseRateLimitOverrides } from './rate-limit-table';

describe('loadConfig', () => {
  it('defaults to the embedded database in the data folder and memory rate limits', () => {
    const config = loadConfig({ DISCOVERY_DATA_DIR: '/srv/disc' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      database: { kind: 'pglite', dataDir: '/srv/disc/pgdata' },
      redisUrl: undefined,
      logFormat: 'json',
    });
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('uses PostgreSQL and Redis when their URLs are set, ignoring empty values', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/x', REDIS_URL: 'redis://r:6379', PORT: '8080' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db/x' });
    expect(config.redisUrl).toBe('redis://r:6379');
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' }).database.kind).toBe('pglite');
  });

  it('reads the webhook worker, retry schedule and refresh settings', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      allowLoopbackWebhooks: false,
      worker: true,
      retrySchedule: undefined,
      refreshIntervalMs: 6 * 3_600_000,
    });
    const set = loadConfig({
      DISCOVERY_ALLOW_LOOPBACK_WEBHOOKS: 'true',
      DISCOVERY_WORKER: 'off',
      DISCOVERY_WEBHOOK_RETRY_SCHEDULE: '1, 2.5,60',
      DISCOVERY_REFRESH_INTERVAL_MS: '0',
    });
    expect(set).toMatchObject({
      allowLoopbackWebhooks: true,
      worker: false,
      retrySchedule: [1, 2.5, 60],
      refreshIntervalMs: 0,
    });
    // The earlier name of the development flag still works.
    expect(loadConfig({ DISCOVERY_WEBHOOKS_ALLOW_LOCAL: '1' }).allowLoopbackWebhooks).toBe(true);
    expect(() => loadConfig({ DISCOVERY_WORKER: 'maybe' })).toThrow(
      new ConfigError('INVALID_VALUE', "expected on or off, got 'maybe'", { variable: 'DISCOVERY_WORKER' }),
    );
    expect(() => loadConfig({ DISCOVERY_WEBHOOK_RETRY_SCHEDULE: '5,soon' })).toThrow(
      /DISCOVERY_WEBHOOK_RETRY_SCHEDULE/,
    );
  });

  it('reads the request timeouts and the shutdown grace period, 10 s, 10 s and 8 s by default', () => {
    expect(loadConfig({})).toMatchObject({ headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000, shutdownGraceMs: 8_000 });
    const set = loadConfig({
      DISCOVERY_HEADERS_TIMEOUT_MS: '2000',
      DISCOVERY_BODY_TIMEOUT_MS: '30000',
      DISCOVERY_SHUTDOWN_GRACE_MS: '0',
    });
    expect(set).toMatchObject({ headersTimeoutMs: 2_000, bodyTimeoutMs: 30_000, shutdownGraceMs: 0 });
    expect(() => loadConfig({ DISCOVERY_BODY_TIMEOUT_MS: '0' })).toThrow(/DISCOVERY_BODY_TIMEOUT_MS/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      new ConfigError('INVALID_VALUE', "expected an integer from 0 to 65535, got 'eighty'", { variable: 'PORT' }),
    );
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('LOG_LEVEL, REDIS_URL and DATABASE_URL (docs/operations.md: an invalid value stops start-up)', () => {
  it("takes winston's levels, case ignored, and refuses any other level that would silence every line", () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(
      new ConfigError('INVALID_VALUE', "expected one of error, warn, info, http, verbose, debug, silly, got 'loud'", {
        variable: 'LOG_LEVEL',
      }),
    );
  });

  it('refuses a REDIS_URL that is not a redis:// or rediss:// URL, naming the variable and the form expected', () => {
    expect(loadConfig({ REDIS_URL: 'rediss://user:secret@cache:6380/0' }).redisUrl).toBe(
      'rediss://user:secret@cache:6380/0',
    );
    expect(() => loadConfig({ REDIS_URL: 'notaurl' })).toThrow(
      new ConfigError(
        'INVALID_VALUE',
        'expected a Redis URL such as redis://host:6379 or rediss://user:password@host:6380/0; the value set is not a URL',
        { variable: 'REDIS_URL' },
      ),
    );
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(
      /^REDIS_URL: .* the value set is a http: URL$/,
    );
  });

  it('refuses a DATABASE_URL that node-postgres would read as a host named "base", without echoing the value', () => {
    for (const url of [
      'postgresql://u:p%40ss@db:5432/x',
      'postgres://u@/discovery?host=/var/run/postgresql',
      '/var/run/postgresql discovery',
      'socket:/var/run/postgresql?db=discovery',
    ])
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    for (const [url, problem] of [
      ['notaurl', 'the value set is not a URL'],
      ['mysql://root:hunter2@db/x', 'the value set is a mysql: URL'],
    ] as const) {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        new ConfigError(
          'INVALID_VALUE',
          `expected a PostgreSQL connection URL such as postgres://user:password@host:5432/discovery (or a Unix socket directory such as /var/run/postgresql); ${problem}`,
          { variable: 'DATABASE_URL' },
        ),
      );
    }
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).not.toThrow(/hunter2/);
  });
});

describe('rate-limit overrides', () => {
  it('merges groups over the spec defaults', () => {
    const table = parseRateLimitOverrides('{"discover":{"limit":2},"monitor":{"windowSeconds":60}}');
    expect(table.discover).toEqual({ limit: 2, windowSeconds: 3600 });
    expect(table.monitor).toEqual({ limit: 100, windowSeconds: 60 });
    expect(table.batch).toEqual({ limit: 5, windowSeconds: 3600 });
  });

  it('rejects unknown groups and non-positive limits', () => {
    expect(() => parseRateLimitOverrides('{"everything":{"limit":1}}')).toThrow(
      /unknown rate-limit group 'everything'/,
    );
    expect(() => parseRateLimitOverrides('{"discover":{"limit":0}}')).toThrow(/positive integers/);
    expect(() => parseRateLimitOverrides('{')).toThrow(/not valid JSON/);
  });
});
