#!/usr/bin/env node
// Releases with changesets (docs/versioning.md, "Releasing"):
//   node scripts/release/release.mjs check     what CI runs: on a temporary copy of the checkout,
//                                              `changeset version`, then `pnpm -r publish --dry-run`
//                                              (what `changeset publish` runs per package, which
//                                              itself has no dry run); prints the versions and
//                                              the tarballs; leaves the checkout untouched.
//                                              Before the first release it also checks the
//                                              changesets: an entry for each package, no
//                                              "instead of" wording (firstReleaseProblems)
//   node scripts/release/release.mjs version   `changeset version` here: versions + changelogs
//   node scripts/release/release.mjs publish   `changeset publish` here: build, publish, tag
//                                              (each package `<name>@<version>`, and the
//                                              statement converter's release `v<version>`)
// Build first (`pnpm run build`): the copy reuses the checkout's dist/ and node_modules.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, workspacePackages } from './pack.mjs';

const pnpmBin = join(root, '.tools', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
const changesetBin = join(root, 'node_modules', '@changesets', 'cli', 'bin.js');

function run(command, args, cwd, { capture = false } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (result.status !== 0) {
    if (capture) process.stderr.write(`${result.stdout}${result.stderr}`);
    throw new Error(`${[command, ...args].join(' ')} failed in ${cwd} (exit ${result.status})`);
  }
  return result.stdout ?? '';
}

/** Tracked changes and changelogs: what `changeset version` would leave in the checkout. (Other
 * untracked files are left out: tests running beside the check may write scratch files.) */
const gitStatus = () =>
  run('git', ['status', '--porcelain', '--untracked-files=no'], root, { capture: true }) +
  workspacePackages()
    .filter(({ dir }) => existsSync(join(dir, 'CHANGELOG.md')))
    .map(({ dir }) => `${dir}/CHANGELOG.md\n`)
    .join('');

/**
 * A copy of the checkout to release from: tracked files plus each package's dist/ and its
 * node_modules (pnpm's links); the root node_modules is linked, not copied.
 */
function copyCheckout() {
  const copy = mkdtempSync(join(tmpdir(), 'finance-tools-release-'));
  const files = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], root, { capture: true })
    .split('\0')
    .filter(Boolean);
  for (const file of files)
    if (existsSync(join(root, file)))
      cpSync(join(root, file), join(copy, file), { recursive: true, verbatimSymlinks: true });
  for (const { dir } of workspacePackages()) {
    const relative = dir.slice(root.length + 1);
    for (const extra of ['dist', 'node_modules']) {
      if (existsSync(join(dir, extra)))
        cpSync(join(dir, extra), join(copy, relative, extra), { recursive: true, verbatimSymlinks: true });
    }
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  symlinkSync(join(root, '.tools'), join(copy, '.tools'));
  return copy;
}

/** Versions and changelog heads after `changeset version` in `dir`. */
function planned(dir) {
  return workspacePackages().map(({ name, dir: original }) => {
    const at = join(dir, original.slice(root.length + 1));
    const manifest = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8'));
    return {
      name,
      version: manifest.version,
      private: manifest.private === true,
      changelog: existsSync(join(at, 'CHANGELOG.md')),
    };
  });
}

/** Wording that tells users about a version they never had: not for a first release. */
const SINCE_BEFORE = /\b(instead of|no longer|used to|any ?more|previously)\b|\*\*breaking/i;

/**
 * Before the first release (every package at 0.0.0) the changesets are its notes: one per
 * package, naming that package only, and no wording about earlier versions nobody received.
 * Returns { errors, warnings }: the wording is an error; several entries for a package (a new
 * changeset not yet folded into the package's first-release entry) a warning.
 */
export function firstReleaseProblems(dir = root) {
  const packages = workspacePackages().filter((pkg) => pkg.version === '0.0.0');
  const errors = [];
  const warnings = [];
  if (packages.length === 0) return { errors, warnings };
  const folder = join(dir, '.changeset');
  const entries = new Map();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.md') && name !== 'README.md')) {
    const text = readFileSync(join(folder, file), 'utf8');
    const names = [...(/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '').matchAll(/^"?([^":]+)"?\s*:/gm)].map((m) =>
      m[1].trim(),
    );
    if (names.length !== 1)
      warnings.push(
        `.changeset/${file} names ${names.length} packages; before the first release each package has one entry`,
      );
    for (const name of names) entries.set(name, [...(entries.get(name) ?? []), file]);
    const wording = SINCE_BEFORE.exec(text);
    if (wording) errors.push(`.changeset/${file} says "${wording[0]}" about a version nobody received`);
  }
  for (const pkg of packages) {
    const files = entries.get(pkg.name) ?? [];
    if (files.length === 0) errors.push(`${pkg.name} has no first-release entry in .changeset/`);
    else if (files.length > 1)
      warnings.push(`${pkg.name} has ${files.length} first-release entries (${files.join(', ')}); fold them into one`);
  }
  return { errors, warnings };
}

function check() {
  const { errors, warnings } = firstReleaseProblems();
  for (const warning of warnings) process.stderr.write(`release: warning: ${warning}\n`);
  if (errors.length > 0) throw new Error(`the first release's changesets:\n  ${errors.join('\n  ')}`);
  const before = gitStatus();
  const copy = copyCheckout();
  try {
    run(process.execPath, [changesetBin, 'version'], copy);
    const plan = planned(copy);
    const left = readdirSync(join(copy, '.changeset')).filter((name) => name.endsWith('.md') && name !== 'README.md');
    if (left.length > 0) throw new Error(`changeset version left ${left.join(', ')} unconsumed`);
    for (const pkg of plan) {
      process.stdout.write(
        `${pkg.name}@${pkg.version}${pkg.private ? ' (private: versioned, not published)' : ''}${pkg.changelog ? '' : ' (no CHANGELOG.md)'}\n`,
      );
    }
    process.stdout.write(`release tag: ${releaseTag(copy)}\n`);
    const missing = plan.filter((pkg) => !pkg.changelog);
    if (missing.length > 0) throw new Error(`no changelog entry for ${missing.map((pkg) => pkg.name).join(', ')}`);
    run(process.execPath, [pnpmBin, '-r', 'publish', '--dry-run', '--no-git-checks', '--access', 'public'], copy);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  if (gitStatus() !== before) throw new Error('the release check changed the checkout');
  process.stdout.write('release check: ok\n');
}

/** The statement converter's release tag, `v` and the version of its CLI (its specification's rule). */
export function releaseTag(dir = root) {
  const manifest = JSON.parse(readFileSync(join(dir, 'apps', 'statement-cli', 'package.json'), 'utf8'));
  return `v${manifest.version}`;
}

/** Tags the release `v<version>` unless that tag exists (a publish run again after a failure). */
function tagRelease() {
  const tag = releaseTag();
  if (run('git', ['tag', '--list', tag], root, { capture: true }).trim() === tag) return;
  run('git', ['tag', '--annotate', tag, '--message', `stmt ${tag}`], root);
  process.stdout.write(`tagged ${tag}; push it with the package tags (git push --follow-tags)\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [task] = process.argv.slice(2);
  try {
    if (task === 'check') check();
    else if (task === 'version') run(process.execPath, [changesetBin, 'version'], root);
    else if (task === 'publish') {
      run(process.execPath, [pnpmBin, 'run', 'build'], root);
      run(process.execPath, [changesetBin, 'publish'], root);
      tagRelease();
    } else {
      process.stderr.write('usage: node scripts/release/release.mjs check|version|publish\n');
      process.exit(2);
    }
  } catch (error) {
    process.stderr.write(`release: ${error.message}\n`);
    process.exit(1);
  }
}
