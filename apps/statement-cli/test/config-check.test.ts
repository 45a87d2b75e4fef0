import { join } from 'node:path';
import Ajv from 'ajv';
import { CONFIG_AJV_OPTIONS, CONFIG_SCHEMA } from '../src/lib/config/schema';
import { APP_DIR, FIXTURES, runCli, tempDir } from './run-cli';

// `pnpm build` compiles the configuration schema ahead of time (scripts/write-config-check.mjs):
// runs that set a key check it without loading ajv's compiler.
type Check = ((value: unknown) => boolean) & { errors?: unknown; schemaText?: string };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a build output
const built = require(join(APP_DIR, 'dist', 'lib', 'config', 'config-check.js')) as Check;
const atRunTime = new Ajv(CONFIG_AJV_OPTIONS).compile(CONFIG_SCHEMA) as Check;

describe('the configuration check compiled at build time', () => {
  it('was made from the schema in the sources', () => {
    expect(built.schemaText).toBe(JSON.stringify(CONFIG_SCHEMA));
  });

  it.each([
    {},
    { log: { level: 'warn', format: 'json' }, csv: { delimiter: 'semicolon', preset: 'default' } },
    { log: { level: 'loud' }, ai: { requests_per_minute: 0, base_url: 'ftp://x', model: '' } },
    { csv: { delimiter: '""' }, input: { max_field_size: '12 parsecs', max_entry_details: -1 } },
    { colour: 'blue', ai: { enabled: 'yes', extra: 1 } },
    [],
  ])('gives the errors ajv gives at run time: %j', (config) => {
    const valid = built(config);
    expect(valid).toBe(atRunTime(config));
    expect(built.errors ?? null).toEqual(atRunTime.errors ?? null);
  });

  it('is what a run setting a key uses: ajv itself is not loaded', () => {
    const convert = (env: Record<string, string>) =>
      runCli(['convert', '-i', join(FIXTURES, 'two-statements.camt053.xml'), '-o', join(tempDir(), 'out.csv')], {
        env: { NODE_DEBUG: 'module', ...env },
      });
    const valid = convert({ LOG_LEVEL: 'warn', CAMT_AI_MODEL: 'gpt-4o-mini' });
    expect(valid.status).toBe(0);
    const invalid = convert({ LOG_LEVEL: 'loud' });
    expect(invalid.status).not.toBe(0);
    expect(invalid.stderr).toContain('log.level must be one of debug, info, warn, error (environment, LOG_LEVEL)');
    for (const run of [valid, invalid])
      expect(run.stderr).not.toMatch(/node_modules[\\/]ajv[\\/]dist[\\/](ajv|core)\.js/);
  });
});
