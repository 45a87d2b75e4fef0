import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import type * as Yaml from 'yaml';
import type { LogFormat } from './schema';
import { configDirectory } from './sources';

/** The variables that set `log.format`, the one that wins first (see ENV_KEYS). */
const FORMAT_VARIABLES = ['CAMT_LOG_FORMAT', 'LOG_FORMAT'];

function asFormat(value: unknown): LogFormat | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  return text === 'json' || text === 'text' ? text : undefined;
}

/** `--log-format json` or `--log-format=json` among the words given; the last one wins, as oclif reads it. */
export function logFormatFlag(argv: readonly string[]): LogFormat | undefined {
  let found: LogFormat | undefined;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (word === '--') break;
    if (word === '--log-format') found = asFormat(argv[i + 1]) ?? found;
    else if (word.startsWith('--log-format=')) found = asFormat(word.slice('--log-format='.length)) ?? found;
  }
  return found;
}

function fromVariables(variables: Record<string, string | undefined>): LogFormat | undefined {
  for (const name of FORMAT_VARIABLES) {
    const format = asFormat(variables[name]);
    if (format !== undefined) return format;
  }
  return undefined;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function fromYaml(path: string): LogFormat | undefined {
  const text = readText(path);
  if (text === undefined) return undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when there is a file to read
    const { parseDocument } = require('yaml') as typeof Yaml;
    const document = parseDocument(text);
    // A file that is not valid YAML sets nothing: what it seems to say may be misread.
    return document.errors.length > 0 ? undefined : asFormat(document.getIn(['log', 'format']));
  } catch {
    return undefined;
  }
}

/**
 * The log format asked for, found without the configuration loading: for the errors that come
 * before it or stop it (a flag oclif cannot parse, a mistyped command, a configuration that does
 * not validate), which must still be one JSON line when JSON was asked for. Same precedence as the
 * configuration: the flag, the environment, the per-user env file, config.yaml; each value that is
 * not `json` or `text` is passed over, and an unreadable or broken file counts as not setting it.
 */
export function requestedLogFormat(argv: readonly string[], env: NodeJS.ProcessEnv): LogFormat {
  const directory = configDirectory(env);
  return (
    logFormatFlag(argv) ??
    fromVariables(env) ??
    fromVariables(parseEnvFile(join(directory, '.env'))) ??
    fromYaml(join(directory, 'config.yaml')) ??
    'text'
  );
}

function parseEnvFile(path: string): Record<string, string> {
  const text = readText(path);
  return text === undefined ? {} : parseDotenv(text);
}
