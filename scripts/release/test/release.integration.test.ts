// The release check CI runs (`pnpm release check`): `changeset version` and a publish dry run on
// a temporary copy. It must give every package its first release, 0.1.0, with a changelog,
// publish nothing private, and leave the checkout as it was. Build first (`pnpm run build`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');

describe('release check', () => {
  it(
    'versions every package to its first release and dry-runs the publish, leaving the checkout untouched',
    () => {
      const status = (): string =>
        spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout +
        readdirSync(join(root, '.changeset')).join(',') +
        String(existsSync(join(root, 'apps', 'statement-cli', 'CHANGELOG.md')));
      const before = status();
      const result = spawnSync(process.execPath, [join(root, 'scripts', 'release', 'release.mjs'), 'check'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect({ status: result.status, stderr: result.status === 0 ? '' : result.stderr.slice(-3000) }).toEqual({
        status: 0,
        stderr: '',
      });
      const planned = result.stdout.split('\n').filter((line) => /^@(stmt|disc)\//.test(line));
      expect(planned.length).toBeGreaterThanOrEqual(12);
      for (const line of planned)
        expect(line).toMatch(/^@(stmt|disc)\/[a-z-]+@0\.1\.0( \(private: versioned, not published\))?$/);
      expect(planned).toContain('@stmt/cli@0.1.0');
      expect(planned).toContain('@disc/api@0.1.0 (private: versioned, not published)');
      // The statement converter's release is tagged with a leading v and its CLI's version.
      expect(result.stdout).toMatch(/^release tag: v0\.1\.0$/m);
      expect(result.stdout).toMatch(/release check: ok/);
      expect(status()).toBe(before);
    },
    5 * 60_000,
  );
});
