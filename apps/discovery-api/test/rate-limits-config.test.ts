import { scratchFolder } from '@fin/test-utils';
import { ConfigError, loadConfig } from '../src/config';
import { DEFAULT_RATE_LIMITS } from '../src/http/rate-limit-table';
import { LISTENING, runCli } from '../src/test-support/processes';

// docs/operations.md: "An invalid value stops the server at start-up with the variable's name,
// and a non-zero exit status"; docs/rate-limits.md: DISCOVERY_RATE_LIMITS overrides groups with
// JSON. A malformed entry used to be ignored, leaving the default in force without a word.
const MALFORMED: [string, RegExp][] = [
  ['{"discover":5}', /the rule of 'discover' must be an object such as \{"limit":100\}; got number 5/],
  ['{"discover":{"limitt":5}}', /the rule of 'discover' has unknown member 'limitt'; known: limit, windowSeconds/],
  ['{"discover":{"limit":5,"window":60}}', /unknown member 'window'/],
  ['{"discover":null}', /the rule of 'discover' must be an object .*; got null/],
  ['{"discover":[5]}', /the rule of 'discover' must be an object .*; got an array/],
  ['{"discover":"5"}', /got string "5"/],
  ['[]', /expected a JSON object of rate-limit groups .*; got an array/],
  ['[{"discover":{"limit":5}}]', /got an array/],
  ['null', /expected a JSON object .*; got null/],
  ['5', /expected a JSON object .*; got number 5/],
  ['"discover"', /got string "discover"/],
  ['{"__proto__":{"limit":5}}', /unknown rate-limit group '__proto__'/],
  ['{"constructor":{"limit":5,"windowSeconds":60}}', /unknown rate-limit group 'constructor'/],
  ['{"everything":{"limit":1}}', /unknown rate-limit group 'everything'/],
  ['{"discover":{"limit":0}}', /positive integers/],
  ['{"discover":{"limit":"5"}}', /positive integers/],
  ['{', /is not valid JSON/],
];

describe('DISCOVERY_RATE_LIMITS', () => {
  it.each(MALFORMED)('%s stops loadConfig with the variable named', (value, problem) => {
    let thrown: unknown;
    try {
      loadConfig({ DISCOVERY_RATE_LIMITS: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe('DISCOVERY_RATE_LIMITS');
    expect((thrown as ConfigError).message).toMatch(/^DISCOVERY_RATE_LIMITS: /);
    expect((thrown as ConfigError).message).toMatch(problem);
  });

  it('applies well-formed overrides and keeps the defaults of the other groups', () => {
    expect(loadConfig({ DISCOVERY_RATE_LIMITS: '{}' }).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(loadConfig({ DISCOVERY_RATE_LIMITS: ' ' }).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    const table = loadConfig({
      DISCOVERY_RATE_LIMITS: '{"discover":{"limit":100},"monitor":{"limit":1000,"windowSeconds":60}}',
    }).rateLimits;
    expect(table).toEqual({
      ...DEFAULT_RATE_LIMITS,
      discover: { limit: 100, windowSeconds: 3600 },
      monitor: { limit: 1000, windowSeconds: 60 },
    });
  });

  describe('discovery-api serve', () => {
    const dataDir = scratchFolder('discovery-rate-limits-');
    it.each(['{"discover":5}', '{"discover":{"limitt":5}}', '{"discover":null}', '[]'])(
      'DISCOVERY_RATE_LIMITS=%s: exits non-zero before listening, naming the variable',
      async (value) => {
        const result = await runCli(
          ['serve'],
          {
            PORT: '0',
            HOST: '127.0.0.1',
            DISCOVERY_DATA_DIR: dataDir(),
            DATABASE_URL: '',
            REDIS_URL: '',
            DISCOVERY_REFRESH_INTERVAL_MS: '0',
            DISCOVERY_RATE_LIMITS: value,
          },
          { killWhen: LISTENING },
        );
        expect(result.stdout).not.toMatch(LISTENING);
        expect(result.status).not.toBeNull();
        expect(result.status).not.toBe(0);
        expect(result.stderr).toContain('DISCOVERY_RATE_LIMITS:');
        expect(result.stderr).not.toMatch(/^\s+at /m);
      },
      60_000,
    );
  });
});
