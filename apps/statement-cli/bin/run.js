#!/usr/bin/env node
// Standard oclif CommonJS runner. oclif answers a bare `--version` with its user agent; the spec
// wants version, commit and build date, which the `version` command prints, so route it there.
const args = process.argv.slice(2);
if (args[0] === '--version' || args[0] === '-v') args.splice(0, 1, 'version');

// `--streaming` promises constant memory within the spec's 128 MiB container request. Node's
// default heap sizing lets a long stream of short-lived objects grow RSS to ~200 MiB before the
// collector pushes back, so a streaming run restarts itself once with a small young generation
// and a capped old space: with them, the main thread and one reading thread convert a 1 GB
// camt.053 within 128 MiB (`pnpm bench:stmt -- --size 1GB`). Flags the user set in
// NODE_OPTIONS win; STMT_HEAP_TUNED marks the restarted process.
const heapFlags = ['--max-semi-space-size=2', '--max-old-space-size=48'];
const userTunedHeap = /--max-(old|semi)-space-size/.test(`${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`);
if (args.includes('--streaming') && !process.env.STMT_HEAP_TUNED && !userTunedHeap) {
  const { spawnSync } = require('node:child_process');
  const self = require('node:path').join(__dirname, 'run.js');
  const child = spawnSync(process.execPath, [...heapFlags, self, ...args], {
    stdio: 'inherit',
    env: { ...process.env, STMT_HEAP_TUNED: '1' },
  });
  if (child.error) throw child.error;
  if (child.signal === 'SIGABRT') outOfMemory(child.pid, args);
  // This waiting process counts towards a container's memory too: its own (anonymous) pages;
  // the Node binary's pages it shares with the child are counted there.
  if (process.env.STMT_REPORT_MAX_RSS) process.stderr.write(`launcher-anon-kib=${anonymousKib()}\n`);
  process.exit(child.status ?? 1);
}

// The benchmark (scripts/bench-stmt.mjs) asks for the peak resident set size on exit.
if (process.env.STMT_REPORT_MAX_RSS) {
  process.on('exit', () => process.stderr.write(`max-rss-kib=${process.resourceUsage().maxRSS}\n`));
}

/**
 * The restarted process ran out of its capped heap (V8 aborts): an entry too large for a
 * streaming run, say. Says what to do instead, removes the temporary CSV it left (named with its
 * process id, see createAtomicFile) and exits with 1, an internal failure.
 */
function outOfMemory(pid, argv) {
  const fs = require('node:fs');
  const path = require('node:path');
  const at = argv.findIndex((arg) => arg === '-o' || arg === '--output' || arg.startsWith('--output='));
  const output = at < 0 ? undefined : argv[at].startsWith('--output=') ? argv[at].slice('--output='.length) : argv[at + 1];
  if (output && output !== '-') {
    const dir = fs.statSync(output, { throwIfNoEntry: false })?.isDirectory() ? output : path.dirname(output);
    const temporary = new RegExp(`^\\..+\\.${pid}\\.[0-9a-f]{8}\\.tmp$`);
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) if (temporary.test(name)) fs.rmSync(path.join(dir, name), { force: true });
  }
  process.stderr.write(
    `stmt: the conversion ran out of memory within the heap --streaming allows (${heapFlags.join(' ')}), and stopped ` +
      'without writing its output file. Convert without --streaming, or raise the limit, e.g. NODE_OPTIONS=--max-old-space-size=512.\n',
  );
  process.exit(1);
}

/** RssAnon of this process where Linux tells it (0 elsewhere). */
function anonymousKib() {
  try {
    const status = require('node:fs').readFileSync('/proc/self/status', 'utf8');
    return Number(/^RssAnon:\s*(\d+)/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

// Until the command settles the exit code is 1: should the event loop ever drain with work
// unfinished, the process must not report success. Errors exit through oclif's handler.
process.exitCode = 1;
void (async () => {
  const oclif = await import('@oclif/core');
  await oclif.execute({ dir: __dirname, args });
  if (process.exitCode === 1) process.exitCode = 0;
})();
