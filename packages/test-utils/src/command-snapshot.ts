// The command surface of an oclif app (every command's id, summary, flags and args) as plain
// JSON, and the check that it matches the committed snapshot, as the API's OpenAPI drift test
// does for its endpoints. A change to a command's flags shows in review as a snapshot diff.
// Used by the command-snapshot tests of apps/statement-cli and apps/discovery-api.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the snapshot keeps of an oclif cached flag or argument (Command.Flag.Cached, Command.Arg.Cached). */
interface CachedInput {
  name: string;
  type?: string;
  char?: string;
  options?: readonly string[];
  default?: unknown;
  required?: boolean;
  multiple?: boolean;
  allowNo?: boolean;
  hidden?: boolean;
}

/** What the snapshot keeps of an oclif cached command (Command.Cached from `config.commands`). */
export interface CachedCommand {
  id: string;
  summary?: string | undefined;
  description?: string | undefined;
  hidden?: boolean;
  aliases?: string[];
  flags: Record<string, CachedInput>;
  args: Record<string, CachedInput>;
  /** The command class, whose flags hold the boolean defaults oclif leaves out of its cache. */
  load(): Promise<{ flags?: Record<string, { default?: unknown }>; baseFlags?: Record<string, { default?: unknown }> }>;
}

export interface CommandEntry {
  id: string;
  summary: string;
  aliases: string[];
  flags: Record<string, unknown>[];
  args: Record<string, unknown>[];
}

/** Every command in id order, each flag in name order, without help prose beyond the summary. */
export async function commandSnapshot(commands: readonly CachedCommand[]): Promise<CommandEntry[]> {
  const sorted = [...commands].sort((a, b) => a.id.localeCompare(b.id));
  return Promise.all(
    sorted.map(async (command) => {
      const loaded = await command.load();
      const declared = { ...loaded.baseFlags, ...loaded.flags };
      const flags = Object.values(command.flags).map((flag) =>
        flag.type === 'boolean' ? { ...flag, default: staticDefault(declared[flag.name]) } : flag,
      );
      return {
        id: command.id,
        summary: command.summary ?? command.description?.split('\n')[0] ?? '',
        aliases: command.aliases ?? [],
        flags: flags.sort(byName).map(describeInput),
        args: Object.values(command.args).map(describeInput),
      };
    }),
  );
}

function staticDefault(flag: { default?: unknown } | undefined): unknown {
  return typeof flag?.default === 'function' ? undefined : flag?.default;
}

function byName(a: CachedInput, b: CachedInput): number {
  return a.name.localeCompare(b.name);
}

function describeInput(input: CachedInput): Record<string, unknown> {
  const described: Record<string, unknown> = { name: input.name };
  if (input.type !== undefined) described['type'] = input.type;
  if (input.char !== undefined) described['char'] = input.char;
  if (input.options !== undefined) described['options'] = [...input.options];
  if (input.default !== undefined) described['default'] = input.default;
  described['required'] = input.required === true;
  if (input.multiple === true) described['multiple'] = true;
  if (input.allowNo === true) described['allowNo'] = true;
  if (input.hidden === true) described['hidden'] = true;
  return described;
}

/**
 * The jest check: the app's commands (loaded by its `@oclif/core` Config, from its built
 * `dist/commands`) equal `<app>/test/commands.snapshot.json`. With `UPDATE_COMMANDS=1` in the environment the file is
 * rewritten first; `regenerate` is the command that does so, named in the test's title.
 */
export function describeCommandSnapshot(
  app: string,
  appRoot: string,
  oclifConfig: { load(root: string): Promise<{ commands: readonly CachedCommand[] }> },
  regenerate: string,
): void {
  describe(`${app} commands`, () => {
    it(`match test/commands.snapshot.json: ids, summaries, flags and args (else run \`pnpm run build && ${regenerate}\` and review the diff)`, async () => {
      const file = join(appRoot, 'test', 'commands.snapshot.json');
      const current = await commandSnapshot((await oclifConfig.load(appRoot)).commands);
      if (process.env['UPDATE_COMMANDS'] === '1') writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
      expect(current).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    });
  });
}
