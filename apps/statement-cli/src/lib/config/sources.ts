import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { CliError } from '../cli-error';
import { parseYamlFile } from '../yaml-file';
import { closest, distance } from 'fastest-levenshtein';
import { API_KEY_FILE_VARIABLE, configFromVariables, ENV_KEYS } from './env-mapping';
import type { ConfigProblem } from './validate';
import type { PartialConfig } from './schema';
import { docsPage } from '@fin/errors';

/** One layer of configuration and where it came from, for messages and `config --show`. */
export interface ConfigLayer {
  /** `defaults`, `config file`, `env file`, `environment`, `flags`. */
  kind: string;
  /** Shown to the user: a path or a variable list. */
  label: string;
  config: PartialConfig;
  /** Per key, a finer origin (the variable name) when there is one. */
  origins: Map<string, string>;
  /** Problems found while reading the source, beside what the schema finds in `config`. */
  problems?: ConfigProblem[];
}

/** `$XDG_CONFIG_HOME/stmt/` or `~/.config/stmt/`: holds `config.yaml` and `.env`. */
export function configDirectory(env: NodeJS.ProcessEnv): string {
  const base =
    env['XDG_CONFIG_HOME'] !== undefined && env['XDG_CONFIG_HOME'] !== ''
      ? env['XDG_CONFIG_HOME']
      : join(homedir(), '.config');
  return join(base, 'stmt');
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError('CONFIG_INVALID', `Cannot read ${path}: ${(error as Error).message}.`, { cause: error });
  }
}

export async function yamlLayer(path: string): Promise<ConfigLayer | undefined> {
  const text = await readOptional(path);
  if (text === undefined) return undefined;
  const parsed = parseYamlFile(text, path, 'Fix it, then `stmt config --validate` checks every source.') ?? {};
  return { kind: 'config file', label: path, config: parsed, origins: new Map() };
}

/** The per-user env file, parsed without touching `process.env`. */
export async function envFileLayer(path: string): Promise<ConfigLayer | undefined> {
  const text = await readOptional(path);
  if (text === undefined) return undefined;
  const variables = parseDotenv(text);
  const { config, origins } = configFromVariables(variables);
  const keyFile = await applyKeyFile(config, origins, variables[API_KEY_FILE_VARIABLE], path);
  return { kind: 'env file', label: path, config, origins, problems: [...envFileProblems(text, path), ...keyFile] };
}

/** dotenv's own reading of one `NAME=value` entry (dotenv 16 lib/main.js LINE), quoted values over several lines included. */
const ENV_ENTRY =
  /(?:^|^)\s*(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?(?:$|$)/gm;

/** Variables stmt reads from its environment only: in the env file they do nothing. */
const ENVIRONMENT_ONLY = ['STMT_SORT_MEMORY', 'STMT_BUNDLE', 'XDG_CONFIG_HOME', 'NODE_OPTIONS'];

/**
 * What dotenv passes over in silence: a name stmt does not read (`CAMT_CSV_PRESTE`), and a line
 * that is no `NAME=value` entry at all. The env file is stmt's own and is not exported to the
 * environment, so either would silently do nothing; each is a problem naming the line.
 */
export function envFileProblems(text: string, path: string): ConfigProblem[] {
  const known = [...new Set([...ENV_KEYS.map((entry) => entry.name), API_KEY_FILE_VARIABLE])];
  const lineOf = (offset: number): number => text.slice(0, offset).split('\n').length;
  const problems: ConfigProblem[] = [];
  const covered: [number, number][] = [];
  for (const match of text.matchAll(ENV_ENTRY)) {
    const name = match[1] ?? '';
    const start = (match.index ?? 0) + match[0].indexOf(name);
    covered.push([match.index ?? 0, (match.index ?? 0) + match[0].length]);
    if (known.includes(name)) continue;
    const source = `env file ${path}, line ${lineOf(start)}`;
    if (ENVIRONMENT_ONLY.includes(name)) {
      problems.push({ key: name, message: 'is read from the environment only, not from the env file', source });
      continue;
    }
    const nearest = closest(name, known);
    const suggestion =
      distance(name, nearest) <= 3
        ? `; did you mean ${nearest}?`
        : ` (${docsPage('configuration.md')} lists those it reads)`;
    problems.push({ key: name, message: `is not a variable stmt reads${suggestion}`, source });
  }
  let offset = 0;
  text.split('\n').forEach((line, index) => {
    const first = offset + line.search(/\S/);
    offset += line.length + 1;
    if (line.trim() === '' || line.trim().startsWith('#')) return;
    if (covered.some(([from, to]) => first >= from && first < to)) return;
    problems.push({
      key: `line ${index + 1}`,
      message: `is not a NAME=value entry: ${JSON.stringify(line.trim().slice(0, 60))}`,
      source: `env file ${path}`,
    });
  });
  return problems;
}

export async function environmentLayer(env: NodeJS.ProcessEnv): Promise<ConfigLayer> {
  const { config, origins } = configFromVariables(env);
  const problems = await applyKeyFile(config, origins, env[API_KEY_FILE_VARIABLE], 'environment');
  return { kind: 'environment', label: 'environment', config, origins, problems };
}

/**
 * Reads the key from the file `AI_API_KEY_FILE` names (a secret mount). A file that cannot be
 * read is a problem of the AI tier alone: with the AI off (`CAMT_AI_ENABLED=false`, `--no-ai`)
 * commands run without it, as when the AI service is down.
 */
async function applyKeyFile(
  config: PartialConfig,
  origins: Map<string, string>,
  keyFile: string | undefined,
  source: string,
): Promise<ConfigProblem[]> {
  if (keyFile === undefined || keyFile === '' || config.ai?.api_key !== undefined) return [];
  let key: string;
  try {
    key = (await readFile(keyFile, 'utf8')).trim();
  } catch (error) {
    const message = `names ${keyFile}, which cannot be read: ${(error as Error).message}; fix the secret mount, or turn the AI off (CAMT_AI_ENABLED=false or --no-ai)`;
    return [{ key: API_KEY_FILE_VARIABLE, message, source, aiOnly: true }];
  }
  config.ai = { ...config.ai, api_key: key };
  origins.set('ai.api_key', API_KEY_FILE_VARIABLE);
  return [];
}
