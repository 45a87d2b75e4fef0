import { join } from 'node:path';
import { scratchFolder } from '@fin/test-utils';
import { LISTENING, runCli } from '../test-support/processes';

// docs/data-providers.md, docs/operations.md: a market-data setting that cannot work stops
// `serve` at start-up, with the variable to set, instead of a server whose every discovery
// request answers 503.
const dataDir = scratchFolder('discovery-market-data-');

describe('discovery-api serve with market-data settings that cannot work', () => {
  const env = (settings: Record<string, string>): Record<string, string> => ({
    PORT: '0',
    HOST: '127.0.0.1',
    DISCOVERY_DATA_DIR: dataDir(),
    DATABASE_URL: '',
    REDIS_URL: '',
    DISCOVERY_REFRESH_INTERVAL_MS: '0',
    DISCOVERY_DATA_FILE: '',
    FRED_API_KEY: '',
    ...settings,
  });

  it.each([
    ['live without FRED_API_KEY', { DISCOVERY_DATA_PROVIDER: 'live' }, 'FRED_API_KEY', /FRED_API_KEY: is not set/],
    ['file without DISCOVERY_DATA_FILE', { DISCOVERY_DATA_PROVIDER: 'file' }, 'DISCOVERY_DATA_FILE', /is not set/],
    [
      'file naming a file that is not there',
      { DISCOVERY_DATA_PROVIDER: 'file', DISCOVERY_DATA_FILE: join('no', 'such', 'snapshot.json') },
      'DISCOVERY_DATA_FILE',
      /cannot read the snapshot file/,
    ],
    ['an unknown provider', { DISCOVERY_DATA_PROVIDER: 'bogus' }, 'DISCOVERY_DATA_PROVIDER', /'bogus'; expected/],
  ])(
    '%s: exits non-zero naming the variable, without a stack trace',
    async (_label, settings, variable, problem) => {
      const result = await runCli(['serve'], env(settings), { killWhen: LISTENING });
      expect(result.stdout).not.toMatch(LISTENING);
      expect(result.status).not.toBeNull();
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(`${variable}:`);
      expect(result.stderr).toMatch(problem);
      expect(result.stderr).not.toMatch(/^\s+at /m);
    },
    60_000,
  );
});

// docs/operations.md: "An invalid value stops the server at start-up with the variable's name,
// and a non-zero exit status" — also for the log level (an unknown one would silence every
// line) and the connection URLs (which failed as a bare "TypeError: Invalid URL").
describe('discovery-api serve with a log level or connection URL that cannot work', () => {
  it.each([
    ['LOG_LEVEL', 'loud', /LOG_LEVEL: expected one of error, warn, info, http, verbose, debug, silly, got 'loud'/],
    ['REDIS_URL', 'notaurl', /REDIS_URL: expected a Redis URL such as redis:\/\/host:6379/],
    ['DATABASE_URL', 'notaurl', /DATABASE_URL: expected a PostgreSQL connection URL such as postgres:\/\//],
  ])(
    '%s=%s: exits non-zero before listening, naming the variable and what it expects',
    async (variable, value, problem) => {
      const result = await runCli(
        ['serve'],
        {
          PORT: '0',
          HOST: '127.0.0.1',
          DISCOVERY_DATA_DIR: dataDir(),
          DATABASE_URL: '',
          REDIS_URL: '',
          LOG_LEVEL: 'info',
          DISCOVERY_REFRESH_INTERVAL_MS: '0',
          [variable]: value,
        },
        { killWhen: LISTENING },
      );
      expect(result.stdout).not.toMatch(LISTENING);
      expect(result.status).not.toBeNull();
      expect(result.status).not.toBe(0);
      // oclif wraps the message to the terminal width.
      expect(result.stderr.replace(/\s+/g, ' ')).toMatch(problem);
      expect(result.stderr).not.toMatch(/Invalid URL|^\s+at /m);
    },
    60_000,
  );
});
