import { readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { Script } from 'node:vm';
import type * as Oclif from '@oclif/core';
import type { Interfaces } from '@oclif/core';
import type * as ProcessGuards from './process-guards';

/** What the converting process takes from dist/stmt.js (scripts/write-bundle.mjs), or from the files. */
export interface Runtime {
  installProcessGuards: typeof ProcessGuards.installProcessGuards;
  /** Called after installProcessGuards: oclif adds a standard-output error listener of its own when loaded, and ours must run first. */
  loadOclif: () => typeof Oclif;
}

/**
 * Loads oclif and the process guards: from the bundle when there is one (the guards must share the
 * bundle's copy of @stmt/export, whose temporary files they remove), else from the separate files.
 * With require, not import(): Node's ESM loader would scan every CommonJS file behind oclif.
 */
export function loadRuntime(bundle: string | undefined): Runtime {
  /* eslint-disable @typescript-eslint/no-require-imports -- see above */
  if (bundle !== undefined) return requireWithCodeCache(realpathSync(bundle)) as Runtime;
  const { installProcessGuards } = require('./process-guards.js') as typeof ProcessGuards;
  return { installProcessGuards, loadOclif: () => require('@oclif/core') as typeof Oclif };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/**
 * `require(bundle)`, compiled with the V8 code cache `pnpm build` writes beside it (dist/stmt.js.cache
 * and one per tuned heap, scripts/write-bundle.mjs): compiling the bundle's functions is most of what loading it costs. A
 * cache older than the bundle is not read; one V8 rejects (another Node version) costs nothing but
 * the read. STMT_WRITE_CODE_CACHE=1 writes the cache when the process exits (the build does).
 */
function requireWithCodeCache(bundle: string): unknown {
  const cacheFile = codeCacheFile(bundle, process.execArgv);
  const fresh = (statSync(cacheFile, { throwIfNoEntry: false })?.mtimeMs ?? -1) >= statSync(bundle).mtimeMs;
  const script = new Script(Module.wrap(readFileSync(bundle, 'utf8')), {
    filename: bundle,
    ...(fresh ? { cachedData: readFileSync(cacheFile) } : {}),
  });
  const module = new Module(bundle);
  module.filename = bundle;
  // oclif requires the bundle again for its commands (the explicit strategy): this same module.
  createRequire(bundle).cache[bundle] = module;
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    module.exports,
    module.exports,
    createRequire(bundle),
    module,
    bundle,
    dirname(bundle),
  );
  module.loaded = true;
  if (process.env['STMT_WRITE_CODE_CACHE'] === '1')
    process.once('exit', () => writeFileSync(cacheFile, script.createCachedData()));
  return module.exports;
}

/**
 * V8 takes a code cache only from a process with the same V8 flags: the tuned-heap restart of a
 * folder or `--streaming` run (heap-relaunch.ts) has a cache of its own, named after its flags.
 */
export function codeCacheFile(bundle: string, execArgv: readonly string[]): string {
  const flags = execArgv
    .join(' ')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '');
  return flags === '' ? `${bundle}.cache` : `${bundle}.${flags}.cache`;
}

/**
 * oclif's load options: the package.json as shipped, with `-h` as a help flag beside `--help`
 * (`stmt -h`, `stmt convert -h`), as most tools take it. For a run from the bundle the commands and
 * the not-found hook are taken from the bundle's exports (oclif's explicit command strategy), not
 * from the files of dist/commands and dist/hooks; the bundle is already loaded, so oclif's require
 * of it costs nothing.
 */
export function cliLoadOptions(packageDir: string, bundle: string | undefined): Interfaces.LoadOptions {
  const pjson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Interfaces.PJSON;
  const helpFlags = { additionalHelpFlags: ['-h'] };
  if (bundle === undefined) return { root: packageDir, pjson: { ...pjson, oclif: { ...pjson.oclif, ...helpFlags } } };
  const target = `./${relative(packageDir, bundle).split(sep).join('/')}`;
  const oclif = {
    ...pjson.oclif,
    ...helpFlags,
    commands: { strategy: 'explicit', target, identifier: 'COMMANDS' },
    hooks: { ...pjson.oclif.hooks, command_not_found: { target, identifier: 'commandNotFound' } },
  } satisfies Interfaces.PJSON['oclif'];
  return { root: packageDir, pjson: { ...pjson, oclif } };
}

/** `cliLoadOptions` for a run from the bundle. */
export function bundledLoadOptions(packageDir: string, bundle: string): Interfaces.LoadOptions {
  return cliLoadOptions(packageDir, bundle);
}
