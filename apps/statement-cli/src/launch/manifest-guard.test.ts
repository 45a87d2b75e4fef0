import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeStaleManifest } from './manifest-guard';

describe('the oclif manifest guard', () => {
  it('removes a manifest older than the last compile, and keeps a fresh one or one without build info', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stmt-manifest-'));
    try {
      const manifest = join(dir, 'oclif.manifest.json');
      const buildInfo = join(dir, 'dist', '.tsbuildinfo');
      writeFileSync(manifest, '{}');
      expect(removeStaleManifest(dir)).toBe(false); // an installed package: no build info
      mkdirSync(join(dir, 'dist'));
      writeFileSync(buildInfo, '{}');
      utimesSync(manifest, new Date(2_000_000_000_000), new Date(2_000_000_000_000));
      utimesSync(buildInfo, new Date(1_000_000_000_000), new Date(1_000_000_000_000));
      expect(removeStaleManifest(dir)).toBe(false);
      expect(existsSync(manifest)).toBe(true);
      utimesSync(buildInfo, new Date(3_000_000_000_000), new Date(3_000_000_000_000));
      expect(removeStaleManifest(dir)).toBe(true);
      expect(existsSync(manifest)).toBe(false);
      expect(removeStaleManifest(dir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
