import { join } from 'node:path';
import { cliLoadOptions, loadRuntime } from './bundle';
import { relaunchWithTunedHeap, tunedHeapFlags } from './heap-relaunch';
import { removeStaleManifest } from './manifest-guard';
import { peakRssKib } from './memory-report';
import { useTerminal } from './stderr-relay';
import { printVersionFast } from './version-fast';

/**
 * What `bin/run.js` runs. oclif answers a bare `--version` with its user agent; docs/decisions/0004-statement-converter-contract.md wants
 * version, commit and build date, which the `version` command prints, so route it there.
 * `bundle`: the path of dist/stmt.js when `bin/run.js` found a fresh one (see there).
 */
export function main(argv: readonly string[], binDir: string, bundle?: string): void {
  // A restarted run writes its messages to the terminal its launcher passed (stderr-relay.ts).
  useTerminal();
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
    process.on('exit', () => process.stderr.write(`max-rss-kib=${peakRssKib()}\n`));
  }
  // Until the command settles the exit code is 1: should the event loop ever drain with work
  // unfinished, the process must not report success. Errors exit through oclif's handler.
  process.exitCode = 1;
  // A folder of small files has sixteen conversions, so sixteen fsyncs, under way at once
  // (@stmt/convert convertDirectory); libuv reads this when its thread pool first starts.
  process.env['UV_THREADPOOL_SIZE'] ??= '16';
  void (async () => {
    // Loaded here, not above: a launcher that restarts the run has no use for them.
    const { installProcessGuards, loadOclif } = loadRuntime(bundle);
    installProcessGuards();
    const oclif = loadOclif();
    const packageDir = join(binDir, '..');
    removeStaleManifest(packageDir);
    await oclif.execute({ args, loadOptions: cliLoadOptions(packageDir, bundle) });
    if (process.exitCode === 1) process.exitCode = 0;
  })();
}
