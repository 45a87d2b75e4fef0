import type { PartialConfig } from './schema';

/**
 * Environment variables and the key each sets. Later entries win over earlier ones for the same
 * key: `CAMT_LOG_LEVEL` (troubleshooting) overrides `LOG_LEVEL`.
 */
export const ENV_KEYS: readonly { name: string; key: string; kind: 'string' | 'boolean' | 'integer' }[] = [
  { name: 'LOG_LEVEL', key: 'log.level', kind: 'string' },
  { name: 'CAMT_LOG_LEVEL', key: 'log.level', kind: 'string' },
  { name: 'LOG_FORMAT', key: 'log.format', kind: 'string' },
  { name: 'CAMT_LOG_FORMAT', key: 'log.format', kind: 'string' },
  { name: 'CAMT_AI_ENABLED', key: 'ai.enabled', kind: 'boolean' },
  { name: 'CAMT_AI_REQUESTS_PER_MINUTE', key: 'ai.requests_per_minute', kind: 'integer' },
  { name: 'CAMT_AI_BASE_URL', key: 'ai.base_url', kind: 'string' },
  { name: 'CAMT_AI_MODEL', key: 'ai.model', kind: 'string' },
  { name: 'AI_API_KEY', key: 'ai.api_key', kind: 'string' },
  { name: 'CAMT_AI_TIMEOUT_SECONDS', key: 'ai.timeout_seconds', kind: 'integer' },
  { name: 'CAMT_CSV_DELIMITER', key: 'csv.delimiter', kind: 'string' },
  { name: 'CAMT_CSV_PRESET', key: 'csv.preset', kind: 'string' },
  { name: 'CAMT_CSV_FORMULA_GUARD', key: 'csv.formula_guard', kind: 'boolean' },
  { name: 'CAMT_DATABASE_DIR', key: 'database.dir', kind: 'string' },
  { name: 'CAMT_INPUT_STRICT', key: 'input.strict', kind: 'boolean' },
];

/** `AI_API_KEY_FILE` names a file (a secret mount) holding the key; `AI_API_KEY` itself wins. */
export const API_KEY_FILE_VARIABLE = 'AI_API_KEY_FILE';

/**
 * Text from the environment becomes the type the key wants when it reads unambiguously as one;
 * anything else stays text so that the schema reports it with the key's path.
 */
function coerce(raw: string, kind: 'string' | 'boolean' | 'integer'): unknown {
  const text = raw.trim();
  if (kind === 'boolean') {
    if (/^(true|1|yes|on)$/i.test(text)) return true;
    if (/^(false|0|no|off)$/i.test(text)) return false;
  }
  if (kind === 'integer' && /^-?\d+$/.test(text)) return Number(text);
  return text;
}

/** Builds a partial configuration from variables; `origins` records which variable set each key. */
export function configFromVariables(variables: Record<string, string | undefined>): {
  config: PartialConfig;
  origins: Map<string, string>;
} {
  const config: Record<string, Record<string, unknown>> = {};
  const origins = new Map<string, string>();
  for (const { name, key, kind } of ENV_KEYS) {
    const raw = variables[name];
    if (raw === undefined || raw === '') continue;
    setKey(config, key, coerce(raw, kind));
    origins.set(key, name);
  }
  return { config, origins };
}

export function setKey(target: Record<string, Record<string, unknown>>, dotted: string, value: unknown): void {
  const [section = '', name = ''] = dotted.split('.');
  target[section] = { ...target[section], [name]: value };
}

export function getKey(source: unknown, dotted: string): unknown {
  const [section = '', name = ''] = dotted.split('.');
  const part = (source as Record<string, Record<string, unknown> | undefined>)[section];
  return part?.[name];
}
