import { join } from 'node:path';
import { scratchFolder } from '@fin/test-utils';
import { LISTENING, runCli } from '../test-support/processes';

// docs/data-providers.md, docs/operations.md: a market-data setting that cannot work stops
// `serve` at start-up, with the variable to set, instead of a server whose every discovery
// request answers 503.
describe('discovery-api serve with market-data settings that cannot work', () => {
  const dataDir = scratchFolder('discovery-market-data-');
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
