import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLE_SNAPSHOT_PATH } from '@disc/market-data';

// Spawns the generator, which loads the built packages: run `pnpm run build` first.
describe('sample snapshot generator', () => {
  it('reproduces the bundled snapshot byte for byte from its seed', () => {
    const out = mkdtempSync(join(tmpdir(), 'disc-snapshot-'));
    try {
      execFileSync(process.execPath, [join(__dirname, '..', 'scripts', 'generate-sample-snapshot.mjs'), '--out', out], {
        stdio: 'pipe',
      });
      const fresh = readFileSync(join(out, 'sample-snapshot.json'));
      expect(fresh.equals(readFileSync(SAMPLE_SNAPSHOT_PATH))).toBe(true);
      expect(fresh.length).toBeLessThan(4 * 1024 * 1024);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
