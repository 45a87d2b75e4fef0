import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchFolder } from '@fin/test-utils';
import { chunked, collect } from './support/outcome';

// Hostile-input sweep: markup sax reads a character at a time (an attribute value, a comment)
// over --max-field-size ran a `--streaming` run (44 MiB of heap) out of memory, a V8 abort with a
// native stack, before it could be refused; and a start tag of 500,000 attributes was held whole.

const camt = readFileSync(join(__dirname, 'fixtures', 'camt', 'camt053-batch-3-txdtls.xml'), 'utf8');
const DIST = join(__dirname, '..', 'dist', 'index.js');
const scratch = scratchFolder('camt-markup-');

// The parser alone gets 24 MiB of old space, about what `--streaming` leaves it beside the CLI.
describe('camt markup over the limits, in a small heap', () => {
  it.each([
    ['an attribute value of 1.5 MiB', (text: string) => text.replace('<Amt ', `<Amt Foo="${'x'.repeat(1_500_000)}" `)],
    ['a comment of 3 MiB', (text: string) => text.replace('<Ntry>', `<!--${'x'.repeat(3_000_000)}--><Ntry>`)],
  ])('refuses %s as LIMIT_EXCEEDED, not a crash', (_label, edit) => {
    if (!existsSync(DIST)) throw new Error('packages/stmt-parser is not built: run `pnpm run build` first');
    const file = join(scratch(), 'big.xml');
    writeFileSync(file, edit(camt));
    const script = `(async () => {
      try { for await (const _ of require(${JSON.stringify(DIST)}).parseFile(${JSON.stringify(file)})); console.log('read'); }
      catch (error) { console.log(error.code); }
    })();`;
    const run = spawnSync(process.execPath, ['--max-semi-space-size=2', '--max-old-space-size=24', '-e', script], {
      encoding: 'utf8',
    });
    expect([run.status, run.stdout.trim()]).toEqual([0, 'LIMIT_EXCEEDED']);
  });
});

describe('camt start tags', () => {
  const withAttributes = (count: number): Buffer =>
    Buffer.from(camt.replace('<Amt ', `<Amt ${Array.from({ length: count }, (_, i) => `a${i}="1"`).join(' ')} `));

  it('refuses an element with more than 1000 attributes, naming it', async () => {
    const result = await collect(chunked(withAttributes(1001), 4096), { fileName: 'f.xml' });
    expect(result.error?.code).toBe('LIMIT_EXCEEDED');
    expect(result.error?.message).toMatch(/<Amt> has more than 1000 attributes/);
  });

  it('reads one with 1000 (999 and its Ccy)', async () => {
    const result = await collect(chunked(withAttributes(999), 4096), { fileName: 'f.xml' });
    expect(result.error).toBeNull();
  });
});
