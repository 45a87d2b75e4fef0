import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BuildInfo {
  commit: string;
  buildDate: string;
}

/**
 * `dist/build-info.json` is written at build time by `scripts/write-build-info.mjs`. A build
 * that skipped that step still runs; it just reports `unknown`.
 */
export function readBuildInfo(distDir: string = join(__dirname, '..')): BuildInfo {
  try {
    const parsed = JSON.parse(readFileSync(join(distDir, 'build-info.json'), 'utf8')) as Partial<BuildInfo>;
    return { commit: parsed.commit ?? 'unknown', buildDate: parsed.buildDate ?? 'unknown' };
  } catch {
    return { commit: 'unknown', buildDate: 'unknown' };
  }
}
