import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { CliError } from '../cli-error';
import { parseYamlFile } from '../yaml-file';
import { API_KEY_FILE_VARIABLE, configFromVariables } from './env-mapping';
import type { PartialConfig } from './schema';

/** One layer of configuration and where it came from, for messages and `config --show`. */
export interface ConfigLayer {
  /** `defaults`, `config file`, `env file`, `environment`, `flags`. */
  kind: string;
  /** Shown to the user: a path or a variable list. */
  label: string;
  config: PartialConfig;
  /** Per key, a finer origin (the variable name) when there is one. */
  origins: Map<string, string>;
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
  const parsed = parseYamlFile(text, path) ?? {};
  return { kind: 'config file', label: path, config: parsed, origins: new Map() };
}

/** The per-user env file, parsed without touching `process.env`. */
export async function envFileLayer(path: string): Promise<ConfigLayer | undefined> {
  const text = await readOptional(path);
  if (text === undefined) return undefined;
  const variables = parseDotenv(text);
  const { config, origins } = configFromVariables(variables);
  await applyKeyFile(config, origins, variables[API_KEY_FILE_VARIABLE], path);
  return { kind: 'env file', label: path, config, origins };
}

export async function environmentLayer(env: NodeJS.ProcessEnv): Promise<ConfigLayer> {
  const { config, origins } = configFromVariables(env);
  await applyKeyFile(config, origins, env[API_KEY_FILE_VARIABLE], 'environment');
  return { kind: 'environment', label: 'environment', config, origins };
}

async function applyKeyFile(
  config: PartialConfig,
  origins: Map<string, string>,
  keyFile: string | undefined,
  source: string,
): Promise<void> {
  if (keyFile === undefined || keyFile === '' || config.ai?.api_key !== undefined) return;
  let key: string;
  try {
    key = (await readFile(keyFile, 'utf8')).trim();
  } catch (error) {
    throw new CliError(
      'CONFIG_INVALID',
      `${API_KEY_FILE_VARIABLE} (${source}) names ${keyFile}, which cannot be read: ${(error as Error).message}.`,
      {
        cause: error,
      },
    );
  }
  config.ai = { ...config.ai, api_key: key };
  origins.set('ai.api_key', API_KEY_FILE_VARIABLE);
}
