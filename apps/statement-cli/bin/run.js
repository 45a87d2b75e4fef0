#!/usr/bin/env node
// Standard oclif CommonJS runner. oclif answers a bare `--version` with its user agent; the spec
// wants version, commit and build date, which the `version` command prints, so route it there.
const args = process.argv.slice(2);
if (args[0] === '--version' || args[0] === '-v') args.splice(0, 1, 'version');

// The benchmark (scripts/bench-stmt.mjs) asks for the peak resident set size on exit.
if (process.env.STMT_REPORT_MAX_RSS) {
  process.on('exit', () => process.stderr.write(`max-rss-kib=${process.resourceUsage().maxRSS}\n`));
}

// Until the command settles the exit code is 1: should the event loop ever drain with work
// unfinished, the process must not report success. Errors exit through oclif's handler.
process.exitCode = 1;
void (async () => {
  const oclif = await import('@oclif/core');
  await oclif.execute({ dir: __dirname, args });
  if (process.exitCode === 1) process.exitCode = 0;
})();
