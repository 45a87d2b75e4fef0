import type * as AjvModule from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { PRESET_NAMES } from '@stmt/export';
import { parseSize } from '../size';
import { CONFIG_AJV_OPTIONS, CONFIG_SCHEMA, MAX_FIELD_SIZE, MAX_FIELD_SIZE_TEXT, type PartialConfig } from './schema';

type SchemaCheck = ValidateFunction<PartialConfig>;
let compiled: SchemaCheck | undefined;

/** Loaded on first use: a run whose sources set nothing never pays for it. */
function schemaCheck(): SchemaCheck {
  return (compiled ??= precompiled() ?? compileNow());
}

/** The validator the build compiled (scripts/write-config-check.mjs), if it was made from this schema. */
function precompiled(): SchemaCheck | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build output, absent when run from the sources
    const check = require('./config-check.js') as SchemaCheck & { schemaText?: string };
    return check.schemaText === JSON.stringify(CONFIG_SCHEMA) ? check : undefined;
  } catch {
    return undefined;
  }
}

function compileNow(): SchemaCheck {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when no compiled validator fits
  const Ajv = (require('ajv') as typeof AjvModule).default;
  return new Ajv(CONFIG_AJV_OPTIONS).compile<PartialConfig>(CONFIG_SCHEMA);
}

/** Whether a source sets any key at all (an empty one has nothing to check). */
function setsAnything(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'object' || Array.isArray(value)) return true;
  return Object.values(value).some(setsAnything);
}

/** One offending key: `ai.enabled must be a boolean (from the environment variable CAMT_AI_ENABLED)`. */
export interface ConfigProblem {
  key: string;
  message: string;
  source: string;
  /** A problem of the AI tier's settings alone (an unreadable key file): none when the AI is off. */
  aiOnly?: boolean;
}

/** Checks one source's values; returns every problem, each with the key's dotted path. */
export function validatePartialConfig(value: unknown, source: string): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!setsAnything(value)) return problems;
  const validateSchema = schemaCheck();
  if (!validateSchema(value)) {
    for (const error of validateSchema.errors ?? []) problems.push(toProblem(error, source));
  } else {
    const preset = value.csv?.preset;
    if (preset !== undefined && !PRESET_NAMES.includes(preset)) {
      problems.push({ key: 'csv.preset', message: `must be one of ${PRESET_NAMES.join(', ')}`, source });
    }
    // The schema bounds a number of bytes; a size with a unit (`100GiB`) is bounded here.
    const size = value.input?.max_field_size;
    if (typeof size === 'string' && sizeTooLarge(size)) {
      problems.push({ key: 'input.max_field_size', message: MAX_FIELD_SIZE_MESSAGE, source });
    }
    const baseUrl = value.ai?.base_url;
    const urlProblem = baseUrl === undefined ? undefined : aiBaseUrlProblem(baseUrl);
    if (urlProblem !== undefined) problems.push({ key: 'ai.base_url', message: urlProblem, source });
  }
  return problems;
}

/** Hosts plain HTTP may reach: a model served on this machine. */
const LOOPBACK_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The AI service gets the API key with every request, so it is reached over HTTPS; plain HTTP
 * only to this machine (a local model, a test server). Undefined when the address is fine.
 */
function aiBaseUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an address such as https://api.openai.com/v1';
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.test(url.hostname))) return undefined;
  return 'must be an https:// address (the API key goes with every request); http:// only to this machine (localhost, 127.0.0.1, [::1])';
}

const MAX_FIELD_SIZE_MESSAGE = `must be a number of bytes or a size such as 512KiB or 16MiB, at most ${MAX_FIELD_SIZE_TEXT}`;

function sizeTooLarge(size: string): boolean {
  try {
    return parseSize(size, 'input.max_field_size', 'CONFIG_INVALID') > MAX_FIELD_SIZE;
  } catch {
    return false;
  }
}

function toProblem(error: ErrorObject, source: string): ConfigProblem {
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'additionalProperties') {
    const key = [...path, String(error.params['additionalProperty'])].join('.');
    return { key, message: 'is not a known configuration key', source };
  }
  const key = path.join('.') || '(root)';
  if (error.keyword === 'enum') {
    return { key, message: `must be one of ${(error.params['allowedValues'] as unknown[]).join(', ')}`, source };
  }
  if (error.keyword === 'pattern' && key === 'csv.delimiter') {
    return {
      key,
      message: 'must be comma, semicolon, tab, pipe or a single character other than a quote or line break',
      source,
    };
  }
  if (key === 'input.max_field_size' && (error.keyword === 'pattern' || error.keyword === 'maximum')) {
    return { key, message: MAX_FIELD_SIZE_MESSAGE, source };
  }
  return { key, message: error.message ?? 'is invalid', source };
}

export function formatProblems(problems: ConfigProblem[]): string {
  return problems.map((p) => `${p.key} ${p.message} (${p.source})`).join('\n');
}
