import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * oclif reads `oclif.manifest.json` (written by `pnpm build` and at pack time) instead of loading
 * every command, and trusts it. In a checkout, a compile after it (`tsc -b` alone, a watch) can
 * change flags or commands the manifest still describes; this removes such a stale manifest, so
 * oclif falls back to reading the commands. An installed package has no build info: nothing to do.
 * Returns whether it removed one.
 */
export function removeStaleManifest(packageDir: string): boolean {
  const manifest = join(packageDir, 'oclif.manifest.json');
  const written = statSync(manifest, { throwIfNoEntry: false })?.mtimeMs;
  const compiled = statSync(join(packageDir, 'dist', '.tsbuildinfo'), { throwIfNoEntry: false })?.mtimeMs;
  if (written === undefined || compiled === undefined || compiled <= written) return false;
  rmSync(manifest, { force: true });
  return true;
}
