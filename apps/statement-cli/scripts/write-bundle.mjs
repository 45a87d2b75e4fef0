#!/usr/bin/env node
// Writes dist/stmt.js: oclif, the process guards, every command, the not-found hook, oclif and our libraries in
// one CommonJS file (esbuild), so that `stmt` starts without resolving and reading ~340 modules.
// bin/run.js uses it when it is not older than the last compile (dist/.tsbuildinfo); oclif finds
// the commands in its COMMANDS export (explicit command strategy, src/launch/main.ts). Run after
// `tsc -b` (`pnpm build` does).
// What must stay a file of its own stays one: the camt fragment worker script (started by path),
// and the packages a bundle cannot carry (msgpackr with its native extension), which are required
// at run time from the package that depends on them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(appDir, 'dist');
const { build } = createRequire(join(appDir, 'package.json'))('esbuild');
const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));

/**
 * Packages loaded at run time from where their dependent is installed, not bundled: native code
 * (msgpackr), and what our code requires lazily, only on some runs (the AI client, schema
 * compilation, YAML, logging, progress bars), so that no run pays for parsing them.
 */
const KEEP_EXTERNAL = new Set(['msgpackr', 'axios', 'bottleneck', 'ajv', 'yaml', 'winston', 'cli-progress']);
/** Data files of a bundled package read on some runs only (iconv-lite's CJK tables): read by path. */
const DATA_BY_PATH = { 'iconv-lite': { dependent: '@stmt/parser', filter: /^\.\/tables\/.*\.json$/ } };

/** The command files (ids as oclif names them: `mappings:apply`). */
const COMMAND_FILES = ['camt', 'categorize', 'config', 'convert', 'validate', 'version', 'mappings/apply'];
// Each command and the hook load on first use: a run evaluates only what it needs.
const entry = [
  `exports.installProcessGuards = require('./launch/process-guards.js').installProcessGuards;`,
  `exports.loadOclif = () => require('@oclif/core');`,
  `exports.commandNotFound = function (options) { return require('./hooks/command-not-found.js').default.call(this, options); };`,
  `exports.COMMANDS = {`,
  ...COMMAND_FILES.map(
    (file) => `  get '${file.replaceAll('/', ':')}'() { return require('./commands/${file}.js').default; },`,
  ),
  `};`,
].join('\n');

/** The workspace package a file belongs to: { name, dir }, or undefined (the app, a dependency). */
function workspacePackage(file) {
  const match = /[\\/]packages[\\/](stmt-[a-z]+)[\\/]dist[\\/]/.exec(file);
  if (match === null || file.includes(`${sep}node_modules${sep}`)) return undefined;
  const dir = file.slice(0, match.index + match[0].length - 'dist/'.length);
  return { name: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name, dir };
}

/** The expression for the folder `file` was compiled into, as seen from the bundle at run time. */
function folderOf(file) {
  const owner = workspacePackage(file);
  const base =
    owner === undefined
      ? '__stmtBundleDir'
      : `require('node:path').dirname(require.resolve('${owner.name}/package.json'))`;
  const rel = relative(owner === undefined ? distDir : owner.dir, dirname(file))
    .split(sep)
    .join('/');
  return `require('node:path').join(${base}, ${JSON.stringify(rel)})`;
}

/** `__dirname` keeps meaning the file's own compiled folder (the shipped database, the worker script). */
const dirnamePlugin = {
  name: 'dirname',
  setup(b) {
    b.onLoad({ filter: /[\\/](dist)[\\/].*\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('__dirname') || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      return { contents: `var __dirname = ${folderOf(args.path)};\n${source}`, loader: 'js' };
    });
  },
};

/** The expression that requires `name` from where `dependent` (a workspace package) is installed. */
const requireFrom = (dependent) => `require('node:module').createRequire(require.resolve('${dependent}/package.json'))`;

/** msgpackr & co.: `require('msgpackr')` resolved from the package that depends on it. */
const externalPlugin = {
  name: 'external-from-dependent',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!KEEP_EXTERNAL.has(args.path) || args.importer.includes(`${sep}node_modules${sep}`)) return undefined;
      const owner = workspacePackage(args.importer);
      // The app's own dependencies resolve from the bundle's folder.
      if (owner === undefined) return { path: args.path, external: true };
      return { path: `${owner.name}\0${args.path}`, namespace: 'external-from-dependent' };
    });
    b.onLoad({ filter: /.*/, namespace: 'external-from-dependent' }, (args) => {
      const [owner, name] = args.path.split('\0');
      return { contents: `module.exports = ${requireFrom(owner)}('${name}');`, loader: 'js' };
    });
    for (const [name, { dependent, filter }] of Object.entries(DATA_BY_PATH)) {
      b.onResolve({ filter }, (args) => {
        if (!args.importer.includes(`${sep}node_modules${sep}${name}${sep}`)) return undefined;
        const inPackage = relative(
          args.importer.slice(0, args.importer.lastIndexOf(`${sep}${name}${sep}`) + name.length + 2),
          join(args.resolveDir, args.path),
        );
        return {
          path: `${dependent}\0${name}/${inPackage.split(sep).join('/')}`,
          namespace: 'external-from-dependent',
        };
      });
    }
  },
};

// The code caches of the previous bundle must never meet the new one.
for (const file of readdirSync(distDir))
  if (/^stmt\.js\..*cache$/.test(file)) rmSync(join(distDir, file), { force: true });
await build({
  stdin: { contents: entry, resolveDir: distDir, sourcefile: 'stmt-entry.js', loader: 'js' },
  outfile: join(distDir, 'stmt.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: `node${manifest.engines.node.replace(/^>=/, '')}`,
  minifySyntax: true,
  minifyWhitespace: true,
  // Names are not minified, so a function keeps its own name unless it collides with another in
  // the bundle (Big2, Decimal2, Heap2), and no code reads those names (errors set `name` as a
  // field). keepNames would wrap every named function expression in a `__name()` call made each
  // time the expression is evaluated: a closure made per row (the MT940 SEPA keyword reader) paid
  // for it on every row, 5–10 % of a 50 MB MT940 or dense camt conversion.
  keepNames: false,
  legalComments: 'none',
  banner: { js: 'const __stmtBundleDir = __dirname;' },
  // oclif compiles TypeScript commands with these in development only.
  external: ['typescript', 'ts-node', 'tsx'],
  plugins: [dirnamePlugin, externalPlugin],
  logLevel: 'warning',
  logOverride: { 'require-resolve-not-external': 'silent' },
});
process.stderr.write(`wrote ${join(distDir, 'stmt.js')}\n`);

// The V8 code caches (src/launch/bundle.ts): written by runs that convert a small camt file, so
// they hold the functions such a run compiles; one per set of V8 flags the launcher runs with (none,
// and the tuned heaps of folder and --streaming runs, src/launch/heap-relaunch.ts).
const { HEAP_FLAGS, SORTING_HEAP_FLAGS } = createRequire(import.meta.url)('../dist/launch/heap-relaunch.js');
const scratch = mkdtempSync(join(tmpdir(), 'stmt-code-cache-'));
try {
  const sample = join(
    appDir,
    '..',
    '..',
    'packages',
    'stmt-parser',
    'test',
    'fixtures',
    'camt',
    'camt053-foreign-currency.xml',
  );
  for (const flags of [[], SORTING_HEAP_FLAGS, HEAP_FLAGS]) {
    const run = spawnSync(
      process.execPath,
      [...flags, join(appDir, 'bin', 'run.js'), 'convert', '-i', sample, '-o', join(scratch, 'out.csv')],
      {
        encoding: 'utf8',
        env: { ...process.env, STMT_WRITE_CODE_CACHE: '1', STMT_BUNDLE: '1' },
      },
    );
    if (run.status !== 0) throw new Error(`the code-cache run failed (${run.status}): ${run.stderr}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.stderr.write(`wrote the code caches beside ${join(distDir, 'stmt.js')}\n`);
