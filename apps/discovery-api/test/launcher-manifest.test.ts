// bin/run.js removes an oclif manifest older than the last compile (oclif would trust its flags
// and commands), and keeps a current one, which spares loading every command at start-up.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const appDir = join(__dirname, '..');

describe('the discovery-api launcher and the oclif manifest', () => {
  it('removes a manifest older than dist/.tsbuildinfo and keeps a newer one', () => {
    // A copy of the app's launcher and package.json over its real dependencies, with its own
    // dist/.tsbuildinfo to date and the real commands.
    const app = mkdtempSync(join(tmpdir(), 'discovery-launcher-'));
    try {
      mkdirSync(join(app, 'bin'));
      copyFileSync(join(appDir, 'bin', 'run.js'), join(app, 'bin', 'run.js'));
      copyFileSync(join(appDir, 'package.json'), join(app, 'package.json'));
      symlinkSync(join(appDir, 'node_modules'), join(app, 'node_modules'));
      mkdirSync(join(app, 'dist'));
      symlinkSync(join(appDir, 'dist', 'commands'), join(app, 'dist', 'commands'));
      const buildInfo = join(app, 'dist', '.tsbuildinfo');
      const manifest = join(app, 'oclif.manifest.json');
      writeFileSync(buildInfo, '{}');
      writeFileSync(manifest, JSON.stringify({ version: '0.0.0', commands: {} }));
      const at = (file: string, ms: number): void => utimesSync(file, new Date(ms), new Date(ms));
      const version = () =>
        spawnSync(process.execPath, [join(app, 'bin', 'run.js'), '--version'], { encoding: 'utf8' });

      at(buildInfo, 1_000_000_000_000);
      at(manifest, 2_000_000_000_000);
      expect(version().status).toBe(0);
      expect(existsSync(manifest)).toBe(true);

      at(buildInfo, 3_000_000_000_000);
      expect(version().status).toBe(0);
      expect(existsSync(manifest)).toBe(false);
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });
});
