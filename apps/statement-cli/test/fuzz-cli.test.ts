import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { mutate, mutationPlan, statementFixtures } from '@fin/test-utils';
import { runCli, tempDir } from './run-cli';

// A sample of the statement fuzz harness's mutants (packages/stmt-parser/test/fuzz) through the
// built CLI: every run ends with exit 0 and a CSV, or exit 4 and nothing, never a stack trace;
// --streaming stays within 128 MiB.
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261125);
const SAMPLE = Number(process.env['FUZZ_CLI_RUNS'] ?? 8);

describe('stmt convert on fuzzed files', () => {
  const fixtures = statementFixtures();
  const cases = fc.sample(
    fc.record({
      fixture: fc.nat({ max: fixtures.length - 1 }),
      plan: mutationPlan,
      streaming: fc.boolean(),
    }),
    { seed: SEED, numRuns: SAMPLE },
  );

  it.each(
    cases.map((c, i) => [i, fixtures[c.fixture]!.name, c.plan.kind, c.streaming ? ' --streaming' : '', c] as const),
  )(
    '#%i %s, %s%s: exit 0 with a CSV or 4 with nothing, no stack trace',
    (_i, name, _kind, _streaming, { fixture, plan, streaming }) => {
      const dir = tempDir();
      const input = join(dir, `mutant-${basename(name)}`);
      writeFileSync(input, mutate(fixtures[fixture]!.bytes, plan).bytes);
      const output = join(dir, 'out.csv');
      const run = runCli(
        ['convert', '-i', input, '-o', output, '--no-categorize', ...(streaming ? ['--streaming'] : [])],
        { env: { STMT_REPORT_MAX_RSS: '1' } },
      );
      expect([0, 4]).toContain(run.status);
      expect(run.stderr).not.toMatch(/\n\s+at |unexpected error|please report|FATAL ERROR/i);
      expect(existsSync(output)).toBe(run.status === 0);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      if (run.status === 4) expect(run.stderr).toMatch(/parse error \([A-Z_]+\) in .*line \d+, column \d+/);
      const kib = (key: string): number => Number(new RegExp(`${key}=(\\d+)`).exec(run.stderr)?.[1] ?? 0);
      if (streaming) expect((kib('max-rss-kib') + kib('launcher-anon-kib')) / 1024).toBeLessThan(128);
    },
  );
});
