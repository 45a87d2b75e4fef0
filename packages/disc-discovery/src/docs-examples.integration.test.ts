import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Runs every ```js example of the SDK docs and READMEs against the built packages, so the
// docs cannot drift from the code. Needs `pnpm run build` first (like every test that
// spawns built code).
const root = join(__dirname, '..', '..', '..');
const sources = ['docs/sdk.md', 'packages/disc-discovery/README.md', 'packages/disc-portfolio/README.md'];
const linked = { '@disc/discovery': 'packages/disc-discovery', '@disc/portfolio': 'packages/disc-portfolio' };

function examplesOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

/** What an example says it prints: each `// prints: LINE — why` comment promises LINE as a
 * line of its output, so a comment cannot describe a result the code no longer gives. */
function promisedLines(code: string): string[] {
  return [...code.matchAll(/^\s*\/\/ prints: (.+?)(?: — .*)?$/gm)].map((m) => m[1] ?? '');
}

describe('documentation examples', () => {
  let dir: string;
  beforeAll(() => {
    for (const pkg of Object.values(linked)) {
      if (!existsSync(join(root, pkg, 'dist', 'index.js')))
        throw new Error(`${pkg}/dist is missing: run \`pnpm run build\` first`);
    }
    dir = mkdtempSync(join(tmpdir(), 'disc-docs-'));
    mkdirSync(join(dir, 'node_modules', '@disc'), { recursive: true });
    for (const [name, pkg] of Object.entries(linked))
      symlinkSync(join(root, pkg), join(dir, 'node_modules', name), 'dir');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const file of sources) {
    const examples = examplesOf(file);
    it(`${file} has examples`, () => expect(examples.length).toBeGreaterThan(0));
    examples.forEach((code, i) => {
      it(`${file} example ${i + 1} runs`, () => {
        const path = join(dir, `example-${file.replace(/\W/g, '_')}-${i}.mjs`);
        writeFileSync(path, code);
        const run = spawnSync(process.execPath, [path], { encoding: 'utf8', timeout: 60_000 });
        expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
        expect(run.stdout.length).toBeGreaterThan(0);
        const printed = run.stdout.split('\n');
        for (const line of promisedLines(code))
          expect({ promised: line, printed }).toEqual({ promised: line, printed: expect.arrayContaining([line]) });
      });
    });
  }

  it('docs/sdk.md "Scoring one instrument" says what its scores print (VTI has a price history in the sample)', () => {
    const text = readFileSync(join(root, 'docs/sdk.md'), 'utf8');
    const section = text.slice(text.indexOf('## Scoring one instrument'));
    const example = /```js\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(promisedLines(example)).toEqual(['A+ 0.9767 0.9691', 'A- 0.2119']);
    expect(example).not.toMatch(/no price history for VTI/);
  });
});
