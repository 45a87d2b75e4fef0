import { join } from 'node:path';
import { relaunchWithTunedHeap, tunedHeapFlags } from './heap-relaunch';
import { printVersionFast } from './version-fast';

/**
 * What `bin/run.js` runs. oclif answers a bare `--version` with its user agent; the spec wants
 * version, commit and build date, which the `version` command prints, so route it there.
 */
export function main(argv: readonly string[], binDir: string): void {
  const args = [...argv];
  if (args[0] === '--version' || args[0] === '-v') args.splice(0, 1, 'version');
  // The everyday `stmt --version` needs neither oclif nor the command tree.
  if (args.length === 1 && args[0] === 'version' && printVersionFast(binDir)) return;
  const heapFlags = tunedHeapFlags(args, process.env, process.execArgv);
  if (heapFlags !== undefined) {
    relaunchWithTunedHeap(join(binDir, 'run.js'), args, heapFlags);
    return;
  }
  // The benchmark (scripts/bench-stmt.mjs) asks for the peak resident set size on exit.
  if (process.env['STMT_REPORT_MAX_RSS'] !== undefined) {
    process.on('exit', () => process.stderr.write(`max-rss-kib=${process.resourceUsage().maxRSS}\n`));
  }
  // Until the command settles the exit code is 1: should the event loop ever drain with work
  // unfinished, the process must not report success. Errors exit through oclif's handler.
  process.exitCode = 1;
  void (async () => {
    // Loaded here, not above: a launcher that restarts the run has no use for them.
    const { installProcessGuards } = await import('./process-guards.js');
    installProcessGuards();
    const oclif = await import('@oclif/core');
    await oclif.execute({ dir: binDir, args });
    if (process.exitCode === 1) process.exitCode = 0;
  })();
}
