import { join } from 'node:path';
import { CliError } from '../cli-error';
import { getKey, setKey } from './env-mapping';
import { DEFAULT_CONFIG, type PartialConfig, type StmtConfig } from './schema';
import { configDirectory, envFileLayer, environmentLayer, yamlLayer, type ConfigLayer } from './sources';
import { formatProblems, validatePartialConfig, type ConfigProblem } from './validate';

export interface LoadedConfig {
  config: StmtConfig;
  /** For each dotted key, the source its value came from (`defaults`, a path, `LOG_LEVEL`, `--log-level`). */
  sources: Map<string, string>;
  directory: string;
  problems: ConfigProblem[];
}

export interface LoadConfigOptions {
  env: NodeJS.ProcessEnv;
  /** Values given as command-line flags; the highest precedence. */
  flags?: PartialConfig;
  flagOrigins?: Map<string, string>;
}

const KEYS = [
  'log.level',
  'log.format',
  'ai.enabled',
  'ai.requests_per_minute',
  'ai.base_url',
  'ai.model',
  'ai.api_key',
  'ai.timeout_seconds',
  'csv.delimiter',
  'csv.preset',
  'csv.formula_guard',
  'database.dir',
  'input.strict',
  'input.encoding',
  'input.max_field_size',
  'input.max_entry_details',
];

/**
 * Reads every source and merges them with the precedence of docs/decisions/0015-configuration-precedence.md: flags > environment >
 * per-user env file > per-user YAML > defaults. Problems are collected, not thrown, so that
 * `config --validate` can list them all; `loadConfig` throws them.
 */
export async function inspectConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const directory = configDirectory(options.env);
  const layers: ConfigLayer[] = [
    { kind: 'defaults', label: 'defaults', config: DEFAULT_CONFIG, origins: new Map<string, string>() },
  ];
  const yaml = await yamlLayer(join(directory, 'config.yaml'));
  if (yaml !== undefined) layers.push(yaml);
  const envFile = await envFileLayer(join(directory, '.env'));
  if (envFile !== undefined) layers.push(envFile);
  layers.push(await environmentLayer(options.env));
  if (options.flags !== undefined) {
    layers.push({
      kind: 'flags',
      label: 'flags',
      config: options.flags,
      origins: options.flagOrigins ?? new Map<string, string>(),
    });
  }

  // The defaults are checked against the schema by a test, not on every run.
  const problems = layers
    .filter((layer) => layer.kind !== 'defaults')
    .flatMap((layer) => [
      ...validatePartialConfig(layer.config, describe(layer)).map((problem) => {
        const origin = layer.origins.get(problem.key);
        return origin === undefined ? problem : { ...problem, source: `${problem.source}, ${origin}` };
      }),
      ...(layer.problems ?? []),
    ]);
  const merged: Record<string, Record<string, unknown>> = {};
  const sources = new Map<string, string>();
  for (const layer of layers) {
    for (const key of KEYS) {
      const value = getKey(layer.config, key);
      if (value === undefined || value === null) continue;
      setKey(merged, key, value);
      sources.set(key, sourceLabel(layer, key));
    }
  }
  for (const section of ['log', 'ai', 'csv', 'database', 'input']) merged[section] ??= {};
  const aiOff = merged.ai?.enabled === false;
  return {
    config: merged as unknown as StmtConfig,
    sources,
    directory,
    problems: aiOff ? problems.filter((problem) => problem.aiOnly !== true) : problems,
  };
}

export async function loadConfig(options: LoadConfigOptions): Promise<LoadedConfig> {
  const loaded = await inspectConfig(options);
  if (loaded.problems.length > 0) {
    throw new CliError(
      'CONFIG_INVALID',
      `Invalid configuration:\n${formatProblems(loaded.problems)}\nFix the keys above; \`stmt config --show\` lists every key with its value and source, and \`stmt help config\` says where the files are.`,
    );
  }
  return loaded;
}

/**
 * Where a key's value came from, as `config --show` prints it: `--log-level`, `LOG_FORMAT in the
 * environment`, `LOG_FORMAT in ~/.config/stmt/.env`, the config file's path, or `defaults`; the
 * same variable in the environment and in the env file are told apart.
 */
function sourceLabel(layer: ConfigLayer, key: string): string {
  const origin = layer.origins.get(key);
  if (layer.kind === 'environment') return `${origin ?? 'a variable'} in the environment`;
  if (layer.kind === 'env file') return `${origin ?? 'a variable'} in ${layer.label}`;
  return origin ?? layer.label;
}

function describe(layer: ConfigLayer): string {
  if (layer.kind === 'config file' || layer.kind === 'env file') return `${layer.kind} ${layer.label}`;
  return layer.kind;
}
