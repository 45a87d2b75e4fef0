import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBuildInfo } from '../lib/build-info';
import { versionLine } from '../lib/version-line';

/**
 * Prints what `stmt version` prints, without loading oclif: the version from package.json, the
 * commit and build date from build-info.json. Returns false (the command runs as usual) when the
 * package.json next to the launcher cannot be read.
 */
export function printVersionFast(binDir: string): boolean {
  let version: unknown;
  try {
    version = (JSON.parse(readFileSync(join(binDir, '..', 'package.json'), 'utf8')) as { version?: unknown }).version;
  } catch {
    return false;
  }
  if (typeof version !== 'string') return false;
  process.stdout.write(`${versionLine(version, readBuildInfo())}\n`);
  return true;
}
