import fc from 'fast-check';
import { mutate, mutationPlan, statementFixtures } from '@fin/test-utils';
import { accepted, problem, run, type Run } from './oracle';

// The statement fuzz harness (issue 12). CI runs it with a fixed seed; `pnpm fuzz:stmt` runs
// random seeds for a few minutes (FUZZ_SECONDS), and FUZZ_SEED replays one.
//   pnpm jest packages/stmt-parser/test/fuzz            # fixed seed
//   FUZZ_SEED=123 FUZZ_RUNS=2000 pnpm jest packages/stmt-parser/test/fuzz
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261125);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 400);
const SECONDS = Number(process.env['FUZZ_SECONDS'] ?? 0);
/** Small enough that the huge-value mutants (64 KiB – 2 MiB) cross it. */
const MAX_FIELD_SIZE = 256 * 1024;
/** A parse that holds more than this over what the process held before points at an unbounded buffer. */
const HEAP_GROWTH_LIMIT = 192 * 1024 * 1024;

const fixtures = statementFixtures();
const originals = new Map<string, Run>();

async function original(name: string, bytes: Buffer): Promise<Run> {
  let result = originals.get(name);
  if (!result) {
    result = await run(bytes, [bytes.length], true, { maxFieldSize: MAX_FIELD_SIZE });
    originals.set(name, result);
  }
  return result;
}

const planArbitrary = fc.record({
  fixture: fc.nat({ max: fixtures.length - 1 }),
  plan: mutationPlan,
  sizes: fc.array(fc.integer({ min: 1, max: 4096 }), { minLength: 1, maxLength: 6 }),
  collectIssues: fc.boolean(),
});

type Case = typeof planArbitrary extends fc.Arbitrary<infer T> ? T : never;

async function check({ fixture, plan, sizes, collectIssues }: Case): Promise<void> {
  const { name, bytes } = fixtures[fixture]!;
  const mutant = mutate(bytes, plan);
  const heapBefore = process.memoryUsage().heapUsed;
  const result = await run(mutant.bytes, sizes, collectIssues, { maxFieldSize: MAX_FIELD_SIZE });
  const growth = process.memoryUsage().heapUsed - heapBefore;
  const wrong = problem(mutant, result, await original(name, bytes), /^(mt940|csv)\//.test(name));
  if (wrong) throw new Error(`${name}, ${plan.kind}: ${wrong}`);
  if (growth > HEAP_GROWTH_LIMIT)
    throw new Error(`${name}, ${plan.kind}: the heap grew by ${Math.round(growth / 2 ** 20)} MiB`);
}

describe('statement fuzz harness', () => {
  it(
    `every mutant of every fixture ends in a complete result or a located parse error (seed ${SEED})`,
    async () => {
      const deadline = Date.now() + SECONDS * 1000;
      let seed = SEED;
      do {
        await fc.assert(fc.asyncProperty(planArbitrary, check), { seed, numRuns: RUNS, endOnFailure: true });
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
      } while (Date.now() < deadline);
    },
    600_000 + SECONDS * 1000,
  );

  it('a small fixture cut at every offset is refused, says it may be cut, or keeps the original data', async () => {
    let cuts = 0;
    // Every offset of the files up to 1 KB; every third of the larger ones (FUZZ_SECONDS runs take them all).
    for (const { name, bytes } of fixtures.filter((f) => f.bytes.length <= 2500 && !f.name.startsWith('camt/'))) {
      const whole = await original(name, bytes);
      if (!accepted(whole)) continue;
      const step = bytes.length <= 1000 || SECONDS > 0 ? 1 : 3;
      for (let at = 1; at < bytes.length; at += step) {
        const mutant = { bytes: bytes.subarray(0, at), kind: 'truncate' as const, truncated: true };
        const wrong = problem(
          mutant,
          await run(mutant.bytes, [at % 7 === 0 ? 3 : 4096], true),
          whole,
          /^(mt940|csv)\//.test(name),
        );
        if (wrong) throw new Error(`${name} cut at ${at}: ${wrong}`);
        cuts++;
      }
    }
    expect(cuts).toBeGreaterThan(3000);
  }, 300_000);

  it('camt fixtures cut at every 31st offset are refused', async () => {
    for (const { name, bytes } of fixtures.filter((f) => f.name.startsWith('camt/') && !f.name.includes('invalid'))) {
      for (let at = 1; at < bytes.length - 16; at += SECONDS > 0 ? 3 : 31) {
        const result = await run(bytes.subarray(0, at), [512], false);
        if (accepted(result)) throw new Error(`${name} cut at ${at} was accepted`);
      }
    }
  }, 300_000);
});
