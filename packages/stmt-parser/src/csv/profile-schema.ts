import type { ErrorObject } from 'ajv';
import { lazySchemaCheck, SchemaDocumentError } from '../schema-document';
import type { CsvProfile } from './profile';

const column = { type: 'string', minLength: 1 } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;
const text = {
  oneOf: [
    { type: 'string' },
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        template: { type: 'string' },
        debit: { type: 'string' },
        credit: { type: 'string' },
        replace: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['pattern', 'with'],
            properties: { pattern: { type: 'string' }, with: { type: 'string' } },
          },
        },
      },
    },
  ],
} as const;

const columnRule = {
  column,
  values: strings,
  not_values: strings,
  empty: { type: 'boolean' },
  matches: { type: 'string' },
} as const;
const skipRule = {
  type: 'object',
  additionalProperties: false,
  required: ['column'],
  minProperties: 2,
  properties: columnRule,
} as const;

/** JSON Schema of a CSV profile (docs/csv-profiles.md). */
export const CSV_PROFILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'bank', 'detect', 'date_format', 'booking_date', 'amount'],
  properties: {
    name: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' },
    bank: { type: 'string', minLength: 1 },
    description: { type: 'string' },
    detect: {
      type: 'object',
      additionalProperties: false,
      required: ['columns'],
      properties: {
        columns: { type: 'array', minItems: 1, items: column },
        delimiter: { type: 'string', minLength: 1, maxLength: 1 },
        encoding: { type: 'string', minLength: 1 },
      },
    },
    format: { enum: ['revolut-csv', 'bank-csv'] },
    date_format: { type: 'string', pattern: '(YY|M|D)' },
    decimal: { enum: ['.', ','] },
    thousands: { enum: [',', '.', ' ', "'"] },
    booking_date: column,
    value_date: column,
    amount: {
      type: 'object',
      additionalProperties: false,
      properties: {
        column,
        debit: column,
        credit: column,
        direction: {
          type: 'object',
          additionalProperties: false,
          required: ['column', 'debit', 'credit'],
          properties: { column, debit: strings, credit: strings },
        },
        negate: { type: 'boolean' },
        fee: column,
      },
      oneOf: [
        { required: ['column'], not: { anyOf: [{ required: ['debit'] }, { required: ['credit'] }] } },
        { required: ['debit', 'credit'], not: { anyOf: [{ required: ['column'] }, { required: ['direction'] }] } },
      ],
    },
    currency: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: { column, code: { type: 'string', pattern: '^[A-Z]{3}$' }, header: column },
    },
    balance: column,
    original_amount: {
      type: 'object',
      additionalProperties: false,
      required: ['amount', 'currency'],
      properties: { amount: column, currency: column },
    },
    status: {
      type: 'object',
      additionalProperties: false,
      required: ['column', 'values'],
      properties: { column, values: { type: 'object', additionalProperties: { enum: ['BOOK', 'PDNG', 'INFO'] } } },
    },
    skip: {
      type: 'array',
      items: {
        // `{ column, … }`, or `{ all: [{ column, … }, …] }`: one object, so that a misspelt key is
        // named as unknown rather than as a mismatch of two alternatives.
        type: 'object',
        additionalProperties: false,
        properties: { ...columnRule, all: { type: 'array', minItems: 1, items: skipRule } },
        oneOf: [
          { required: ['column'], minProperties: 2, not: { required: ['all'] } },
          { required: ['all'], maxProperties: 1 },
        ],
      },
    },
    reference: column,
    transaction_code: column,
    counterparty: text,
    counterparty_iban: column,
    end_to_end_id: column,
    mandate_id: column,
    creditor_id: column,
    remittance: text,
    account: {
      type: 'object',
      additionalProperties: false,
      properties: { name: { type: 'string' }, iban: { type: 'string' }, statement: { type: 'string' } },
    },
  },
} as const;

/** Compiled on first use, so loading the parser costs no schema compilation. */
const profileCheck = lazySchemaCheck<CsvProfile>(CSV_PROFILE_SCHEMA, { allErrors: true, strict: false });

export const CSV_PROFILE_ERROR_CODES = ['INVALID_PROFILE'] as const;
export type CsvProfileErrorCode = (typeof CSV_PROFILE_ERROR_CODES)[number];

/** A profile that does not follow the schema; `problems` name the key of each. */
export class CsvProfileError extends SchemaDocumentError<CsvProfileErrorCode> {
  override readonly name: string = 'CsvProfileError';
}

function invalidProfile(source: string, problems: string[]): CsvProfileError {
  return new CsvProfileError('INVALID_PROFILE', `${source}: invalid CSV profile: ${problems.join('; ')}`, {
    source,
    problems,
  });
}

/** Checks a parsed YAML/JSON value against the schema (and the regular expressions in it); returns it typed. */
export function validateCsvProfile(value: unknown, source: string): CsvProfile {
  const validate = profileCheck();
  if (!validate(value)) throw invalidProfile(source, describe(validate.errors ?? []));
  const problems = regexProblems(value);
  if (problems.length > 0) throw invalidProfile(source, problems);
  return value;
}

function describe(errors: ErrorObject[]): string[] {
  // `oneOf` failures repeat what the branch errors already say; keep the specific ones.
  const specific = errors.filter((error) => error.keyword !== 'oneOf' && error.keyword !== 'not');
  const chosen = specific.length > 0 ? specific : errors;
  const lines = chosen.map((error) => {
    const key = keyOf(error);
    if (error.keyword === 'additionalProperties')
      return `${key}: unknown key '${String(error.params['additionalProperty'])}'`;
    if (error.keyword === 'required') return `${key}: missing key '${String(error.params['missingProperty'])}'`;
    if (error.keyword === 'enum')
      return `${key}: must be one of ${(error.params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    return `${key}: ${error.message ?? 'is invalid'}`;
  });
  if (
    errors.some((error) => error.instancePath === '/amount' && error.keyword === 'oneOf') &&
    specific.every((error) => !error.instancePath.startsWith('/amount'))
  ) {
    lines.push('amount: give either column (signed, or with direction) or both debit and credit');
  }
  return [...new Set(lines)];
}

/** `/amount/direction/debit/0` → `amount.direction.debit[0]`; the root is `(profile)`. */
function keyOf(error: ErrorObject): string {
  const parts = error.instancePath.split('/').slice(1);
  if (parts.length === 0) return '(profile)';
  return parts.map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

function regexProblems(profile: CsvProfile): string[] {
  const problems: string[] = [];
  const check = (key: string, pattern: string | undefined): void => {
    if (pattern === undefined) return;
    try {
      new RegExp(pattern);
    } catch (error) {
      problems.push(`${key}: not a regular expression (${(error as Error).message})`);
    }
  };
  profile.skip?.forEach((rule, i) => {
    if ('all' in rule) rule.all.forEach((part, j) => check(`skip[${i}].all[${j}].matches`, part.matches));
    else check(`skip[${i}].matches`, rule.matches);
  });
  for (const key of ['counterparty', 'remittance'] as const) {
    const rule = profile[key];
    if (typeof rule === 'object') rule.replace?.forEach((r, i) => check(`${key}.replace[${i}].pattern`, r.pattern));
  }
  return problems;
}
