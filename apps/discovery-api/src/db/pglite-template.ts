import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A new PGlite data folder starts with `initdb` run in WebAssembly, writing and syncing its
 * files: 4–5 s on a small machine, most of a first `serve`. The cluster `initdb` makes is the
 * same every time, so the build makes it once (`scripts/write-pglite-template.mjs`) and stores
 * it, gzipped, in `dist/`: a new data folder is unpacked from it in about a second.
 * The file is named for the PGlite release that wrote it, and used only by the same release.
 */
const DIST_DIR = join(__dirname, '..', '..', 'dist');

/** The installed `@electric-sql/pglite` version (its package.json is not among its exports). */
export function installedPgliteVersion(): string | undefined {
  for (let dir = dirname(require.resolve('@electric-sql/pglite')); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
    if (name === '@electric-sql/pglite') return version;
  }
  return undefined;
}

/** Where the build stores the fresh cluster of the installed PGlite release (undefined: no release found). */
export function pgliteTemplatePath(version: string | undefined = installedPgliteVersion()): string | undefined {
  return version === undefined ? undefined : join(DIST_DIR, `pglite-template-${version}.tar.gz`);
}

/** The stored cluster, if the build wrote one for the installed release. */
export function readPgliteTemplate(path: string | undefined = pgliteTemplatePath()): Blob | undefined {
  return path !== undefined && existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}

/** True when `dataDir` holds nothing yet: it does not exist, or is an empty folder. */
export function isNewDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}
