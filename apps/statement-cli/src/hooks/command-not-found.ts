import { loadHelpClass, type Hook } from '@oclif/core';
import { closest, distance } from 'fastest-levenshtein';
import { ExitCode } from '../lib/exit-codes';

/**
 * A mistyped command (`stmt conver`) is a usage error: one line in the style of the other
 * errors, with the nearest command when it is close enough, and exit code 2.
 */
const hook: Hook.CommandNotFound = async function (options) {
  // `stmt help [COMMAND]`, as error messages suggest: the same as `stmt [COMMAND] --help`.
  if (options.id === 'help' || options.id.startsWith('help:')) {
    const Help = await loadHelpClass(options.config);
    await new Help(options.config).showHelp([...options.id.split(':').slice(1), ...(options.argv ?? [])]);
    return;
  }
  const typed = options.id.replaceAll(':', ' ');
  const ids = options.config.commands
    .filter((command) => command.hidden !== true)
    .flatMap((command) => [command.id, ...command.aliases]);
  const nearest = ids.length === 0 ? undefined : closest(options.id, ids);
  const close =
    nearest !== undefined && distance(options.id, nearest) <= Math.max(2, Math.floor(options.id.length / 3));
  const hint = close ? ` Did you mean ${nearest.replaceAll(':', ' ')}?` : '';
  process.stderr.write(
    `${new Date().toISOString()} error ${typed} is not a ${options.config.bin} command.${hint} Run \`${options.config.bin} help\` for the list of commands.\n`,
  );
  this.exit(ExitCode.USAGE);
};

export default hook;
