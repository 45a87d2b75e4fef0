#!/usr/bin/env node
// Packs every workspace package (packages/* and apps/*) into one folder with `pnpm pack`, which
// turns `workspace:^` ranges into the real versions and runs each package's prepack (the CLI's
// oclif manifest). The tarballs are what npm would publish: the container images install them
// (scripts/image.mjs), and so does the consumer test (test/consumer/).
//   node scripts/release/pack.mjs [--out DIR]      (default .cache/pack; build first)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pnpmBin = join(root, '.tools', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

/** Every workspace package: { name, version, private, dir }. */
export function workspacePackages() {
  return ['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, group, entry.name))
      .flatMap((dir) => {
        try {
          const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
          return [
            { name: manifest.name, version: manifest.version, private: manifest.private === true, dir, manifest },
          ];
        } catch {
          return [];
        }
      }),
  );
}

/** The file name `pnpm pack` gives a package's tarball. */
export function tarballName({ name, version }) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * Packs the packages (all by default) into `out`, emptied first. Returns a map from package
 * name to the tarball's absolute path.
 */
export function packAll(out = join(root, '.cache', 'pack'), packages = workspacePackages()) {
  const unlock = lock();
  try {
    return packInto(out, packages);
  } finally {
    unlock();
  }
}

/**
 * One pack at a time per checkout: the CLI's prepack writes its oclif manifest into the package
 * folder and postpack removes it, so two packs at once (the image and consumer tests run in
 * parallel) could ship a tarball without it. A lock older than ten minutes is a crashed run's.
 */
function lock() {
  const dir = join(root, '.cache', 'pack.lock');
  mkdirSync(dirname(dir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(dir);
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - statSync(dir, { throwIfNoEntry: false })?.mtimeMs > 10 * 60_000)
        rmSync(dir, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}

function packInto(out, packages) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const tarballs = new Map();
  for (const pkg of packages) {
    const result = spawnSync(process.execPath, [pnpmBin, 'pack', '--pack-destination', out], {
      cwd: pkg.dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`pnpm pack failed in ${pkg.dir} (exit ${result.status})`);
    tarballs.set(pkg.name, join(out, tarballName(pkg)));
  }
  return tarballs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const tarballs = packAll(at > 0 ? resolve(process.argv[at + 1]) : undefined);
  for (const [name, path] of tarballs) process.stdout.write(`${name}\t${path}\n`);
}
