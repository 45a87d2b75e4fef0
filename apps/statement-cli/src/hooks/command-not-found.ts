import { loadHelpClass, type Command, type Hook, type Interfaces } from '@oclif/core';
import { closest, distance } from 'fastest-levenshtein';
import { requestedLogFormat } from '../lib/config/log-format';
import { ExitCode } from '../lib/exit-codes';
import { createLogger } from '../lib/logger';

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
    const asked = helpTopicWords(words).join(':');
    const given = asked === '' ? undefined : commandGivenArguments(options.config, `${asked}:`);
    const known = asked === '' || options.config.findCommand(asked) || options.config.findTopic(asked);
    if (!known) {
      const name = given?.command.id.replaceAll(':', ' ');
      // `stmt help conver`: the nearest command, as for a bare `stmt conver`.
      const nearest = name === undefined ? nearestCommand(options.config, asked) : undefined;
      const next =
        name !== undefined
          ? ` Run \`${bin} help ${name}\` for its flags.`
          : nearest === undefined
            ? ` Run \`${bin} help\` for the list of commands.`
            : ` Did you mean ${nearest}? Run \`${bin} help ${nearest}\` for its flags, or \`${bin} help\` for the list of commands.`;
      logUsageError(`${asked.replaceAll(':', ' ')} is not a ${bin} command or topic.${next}`);
      this.exit(ExitCode.USAGE);
    }
    const Help = await loadHelpClass(options.config);
    await new Help(options.config).showHelp(helpTopicWords(words));
    return;
  }
  const given = commandGivenArguments(options.config, options.id);
  if (given) {
    logUsageError(argumentsMessage(bin, given.command, given.words));
    this.exit(ExitCode.USAGE);
  }
  const typed = options.id.replaceAll(':', ' ');
  const nearest = nearestCommand(options.config, options.id);
  const hint = nearest === undefined ? '' : ` Did you mean ${nearest}?`;
  logUsageError(`${typed} is not a ${bin} command.${hint} Run \`${bin} help\` for the list of commands.`);
  this.exit(ExitCode.USAGE);
};

/** The flags every command takes that are followed by a value (`--log-format json`). */
const VALUE_FLAGS = new Set(['--log-level', '--log-format']);

/** The words of `stmt help WORDS…` that name a command: neither flags nor their values. */
function helpTopicWords(words: readonly string[]): string[] {
  const topic: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (VALUE_FLAGS.has(word)) i += 1;
    else if (!word.startsWith('-')) topic.push(word);
  }
  return topic;
}

/**
 * One error line through the logger, as the commands' errors are: text, or with `--log-format json`
 * (LOG_FORMAT=json, log.format: json) one JSON object with `code: USAGE`.
 */
function logUsageError(message: string): void {
  const format = requestedLogFormat(process.argv.slice(2), process.env);
  createLogger({ level: 'error', format }).error(message, format === 'json' ? { code: 'USAGE' } : {});
}

/** The visible command nearest to the mistyped `id` (`conver` → `convert`), when it is close enough; spelled with spaces. */
function nearestCommand(config: Interfaces.Config, id: string): string | undefined {
  const ids = config.commands
    .filter((command) => command.hidden !== true)
    .flatMap((command) => [command.id, ...command.aliases]);
  const nearest = ids.length === 0 ? undefined : closest(id, ids);
  const close = nearest !== undefined && distance(id, nearest) <= Math.max(2, Math.floor(id.length / 3));
  return close ? nearest.replaceAll(':', ' ') : undefined;
}

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
/** The flag a lone argument most likely meant: a file to read, or the party to categorise. */
const MEANT_FLAGS = ['input', 'party'] as const;

function argumentsMessage(bin: string, command: Command.Loadable, words: readonly string[]): string {
  const name = command.id.replaceAll(':', ' ');
  const listed = words.map((word) => JSON.stringify(word)).join(', ');
  const meant = MEANT_FLAGS.find((flag) => command.flags[flag] !== undefined);
  const flag = meant === undefined ? undefined : command.flags[meant];
  const usage =
    meant !== undefined && flag !== undefined && words.length === 1
      ? ` Name the ${meant} with ${flag.char === undefined ? '' : `-${flag.char}/`}--${meant}: ${bin} ${name} ${flag.char === undefined ? `--${meant}` : `-${flag.char}`} ${shellWord(words[0] as string)}.`
      : '';
  return `${bin} ${name} takes no arguments, but was given ${listed}.${usage} Run \`${bin} help ${name}\` for its flags.`;
}

/** A word as a POSIX shell reads it back: quoted when it holds anything but safe characters. */
function shellWord(word: string): string {
  return /^[\w./@%+=,-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

export default hook;
