import type { SchemaObject } from 'ajv';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'text' | 'json';

/** The effective configuration; every key is documented in docs/configuration.md. */
export interface StmtConfig {
  log: { level: LogLevel; format: LogFormat };
  ai: {
    enabled: boolean;
    requests_per_minute: number;
    base_url: string;
    model: string;
    api_key?: string;
    timeout_seconds: number;
  };
  csv: { delimiter: string; preset: string; formula_guard: boolean };
  database: { dir?: string };
  input: { strict: boolean; encoding?: string; max_field_size?: string | number; max_entry_details?: number };
}

/** What one source (file, env file, environment, flags) may set: any subset of the keys. */
export interface PartialConfig {
  log?: Partial<StmtConfig['log']>;
  ai?: Partial<StmtConfig['ai']>;
  csv?: Partial<StmtConfig['csv']>;
  database?: Partial<StmtConfig['database']>;
  input?: Partial<StmtConfig['input']>;
}

export const DEFAULT_CONFIG: StmtConfig = {
  log: { level: 'info', format: 'text' },
  ai: {
    enabled: true,
    requests_per_minute: 60,
    base_url: 'https://api.openai.com/v1',
    model: 'gpt-4o-mini',
    timeout_seconds: 30,
  },
  csv: { delimiter: 'comma', preset: 'default', formula_guard: true },
  database: {},
  input: { strict: false },
};

/**
 * The largest `input.max_field_size` / `--max-field-size`: 256 MiB. One value is held as one
 * string, and V8 strings end just short of 512 MiB characters; a bound above that would end a
 * run in an internal error instead of the parse error naming the value.
 */
export const MAX_FIELD_SIZE = 256 * 1024 ** 2;
export const MAX_FIELD_SIZE_TEXT = '256MiB';

function section(properties: Record<string, SchemaObject>): SchemaObject {
  return { type: 'object', additionalProperties: false, properties };
}

/** How ajv compiles `CONFIG_SCHEMA`, at build time (scripts/write-config-check.mjs) and, failing that, at run time. */
export const CONFIG_AJV_OPTIONS = { allErrors: true, strict: true, allowUnionTypes: true } as const;

/**
 * One schema validates every source on its own, so an error can name the file or variable it came
 * from. `additionalProperties: false` at each level makes a misspelt key an error, not a silent no-op.
 */
export const CONFIG_SCHEMA: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    log: section({
      level: { type: 'string', enum: ['debug', 'info', 'warn', 'error'] },
      format: { type: 'string', enum: ['text', 'json'] },
    }),
    ai: section({
      enabled: { type: 'boolean' },
      requests_per_minute: { type: 'integer', minimum: 1, maximum: 100000 },
      base_url: { type: 'string', pattern: '^https?://' },
      model: { type: 'string', minLength: 1 },
      api_key: { type: 'string', minLength: 1 },
      // The longest one request waits for the service's answers, its retries included.
      timeout_seconds: { type: 'integer', minimum: 1, maximum: 3600 },
    }),
    csv: section({
      // A name or one character other than a quote or line break (see @stmt/export resolveDelimiter).
      delimiter: { type: 'string', pattern: '^(?:comma|semicolon|tab|pipe|[^"\\r\\n])$' },
      preset: { type: 'string', minLength: 1 },
      // Neutralise text cells a spreadsheet would run as a formula (@stmt/export formula-guard).
      formula_guard: { type: 'boolean' },
    }),
    database: section({
      dir: { type: 'string', minLength: 1 },
    }),
    // Warnings (non-standard but readable input) become errors: see docs/formats.md.
    input: section({
      strict: { type: 'boolean' },
      encoding: { type: 'string', minLength: 1 },
      // Bytes, or a size with a binary unit: 1MiB, 512KiB, 16M.
      max_field_size: {
        type: ['integer', 'string'],
        minimum: 1,
        maximum: MAX_FIELD_SIZE,
        pattern: '^\\s*\\d+(\\.\\d+)?\\s*([KkMmGg]([Ii]?[Bb])?|[Bb])?\\s*$',
      },
      // Most <TxDtls> held for one camt entry (one row joins them; --split-batches streams them).
      max_entry_details: { type: 'integer', minimum: 1 },
    }),
  },
};

/** Keys whose values never appear in output or logs. */
export const SECRET_KEYS = new Set(['ai.api_key']);
