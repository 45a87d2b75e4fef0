import { loadHelpClass, type Command, type Hook, type Interfaces } from '@oclif/core';
import { closest, distance } from 'fastest-levenshtein';
import { ExitCode } from '../lib/exit-codes';

/**
 * A mistyped command (`stmt conver`) is a usage error: one line in the style of the other
 * errors, with the nearest command when it is close enough, and exit code 2.
 */
const hook: Hook.CommandNotFound = async function (options) {
  // `stmt help [COMMAND]`, as error messages suggest: the same as `stmt [COMMAND] --help`.
  const { bin } = options.config;
  if (options.id === 'help' || options.id.startsWith('help:')) {
    const words = [...options.id.split(':').slice(1), ...(options.argv ?? [])];
    // `stmt help convert extra`: help for a command, with words it does not know after it.
    const asked = words.filter((word) => !word.startsWith('-')).join(':');
    const given = asked === '' ? undefined : commandGivenArguments(options.config, `${asked}:`);
    const known = asked === '' || options.config.findCommand(asked) || options.config.findTopic(asked);
    if (!known) {
      const name = given?.command.id.replaceAll(':', ' ');
      process.stderr.write(
        `${new Date().toISOString()} error ${asked.replaceAll(':', ' ')} is not a ${bin} command or topic.${name === undefined ? ` Run \`${bin} help\` for the list of commands.` : ` Run \`${bin} help ${name}\` for its flags.`}\n`,
      );
      this.exit(ExitCode.USAGE);
    }
    const Help = await loadHelpClass(options.config);
    await new Help(options.config).showHelp(words);
    return;
  }
  const given = commandGivenArguments(options.config, options.id);
  if (given) {
    process.stderr.write(`${new Date().toISOString()} error ${argumentsMessage(bin, given.command, given.words)}\n`);
    this.exit(ExitCode.USAGE);
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
    `${new Date().toISOString()} error ${typed} is not a ${bin} command.${hint} Run \`${bin} help\` for the list of commands.\n`,
  );
  this.exit(ExitCode.USAGE);
};

/**
 * With commands separated by spaces, oclif reads the words after a command that takes no
 * arguments as more of its name: `stmt convert in.xml` asks for the command `convert:in.xml`.
 * That is a real command followed by words it does not take: the command and those words.
 */
function commandGivenArguments(
  config: Interfaces.Config,
  id: string,
): { command: Command.Loadable; words: string[] } | undefined {
  const parts = id.split(':');
  for (let length = parts.length - 1; length > 0; length--) {
    const command = config.findCommand(parts.slice(0, length).join(':'));
    if (command) return { command, words: parts.slice(length) };
  }
  return undefined;
}

/** What to say about words given to a command that takes none: where they go instead, when it has an input flag. */
function argumentsMessage(bin: string, command: Command.Loadable, words: readonly string[]): string {
  const name = command.id.replaceAll(':', ' ');
  const listed = words.map((word) => JSON.stringify(word)).join(', ');
  const input = command.flags['input'];
  const usage =
    input !== undefined && words.length === 1
      ? ` Name the input with ${input.char === undefined ? '' : `-${input.char}/`}--input: ${bin} ${name} ${input.char === undefined ? '--input' : `-${input.char}`} ${shellWord(words[0] as string)}.`
      : '';
  return `${bin} ${name} takes no arguments, but was given ${listed}.${usage} Run \`${bin} help ${name}\` for its flags.`;
}

/** A word as a POSIX shell reads it back: quoted when it holds anything but safe characters. */
function shellWord(word: string): string {
  return /^[\w./@%+=,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export default hook;
