import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new PGlite data folder starts with `initdb` run in WebAssembly, writing and syncing its
 * files: 4–5 s on a small machine, most of a first `serve`. The cluster `initdb` makes is the
 * same every time, so the build makes it once (`writePgliteTemplate`) and stores it, gzipped,
 * in `dist/`: a new data folder is unpacked from it in about a second.
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

/**
 * Writes the fresh cluster of the installed PGlite release, unless it is there already, and
 * removes another release's. `pnpm build` runs it, and so does the image build after installing
 * the app, whose PGlite may be a later release than the workspace's. Returns the file.
 */
export async function writePgliteTemplate(target: string | undefined = pgliteTemplatePath()): Promise<string> {
  if (target === undefined) throw new Error('cannot find the installed @electric-sql/pglite: run pnpm install');
  if (!existsSync(target)) {
    const pg = await PGlite.create();
    const cluster = await pg.dumpDataDir('gzip');
    await pg.close();
    mkdirSync(dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.tmp`;
    try {
      writeFileSync(partial, Buffer.from(await cluster.arrayBuffer()));
      renameSync(partial, target);
    } finally {
      rmSync(partial, { force: true });
    }
  }
  for (const name of readdirSync(dirname(target)))
    if (/^pglite-template-.*\.tar\.gz$/.test(name) && name !== basename(target)) rmSync(join(dirname(target), name));
  return target;
}
