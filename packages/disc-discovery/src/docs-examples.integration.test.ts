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
      });
    });
  }
});
