import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { WHEN_EMPTY, type JsonSchema } from '../openapi/schema-types';
import { ApiError } from './errors';
import { listedFailures } from './failure-list';

const DOCUMENT_ID = 'https://discovery.local/openapi.json';

export interface ValidationFailure {
  /** JSON Pointer of the offending value; for an unknown member, the member itself. */
  path: string;
  message: string;
}

/** Compiles validators against the components of the OpenAPI document, so requests are
 * checked with exactly the schemas the document publishes. */
export class SchemaValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();
  // By identity first: a schema object built once per route is not serialised per request.
  private readonly byObject = new WeakMap<JsonSchema, ValidateFunction>();

  constructor(document: JsonSchema) {
    // strict mode would reject the OpenAPI keywords around the schemas (paths, info…), and it
    // would take strictNumbers with it: JSON.parse reads 1e309 as Infinity, which is no number
    // a request may carry. verbose: a failure carries its schema (WHEN_EMPTY below).
    this.ajv = new Ajv2020({
      allErrors: true,
      strict: false,
      strictNumbers: true,
      validateFormats: true,
      verbose: true,
    });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  }

  /** Validator for a component (`DiscoverRequest`) or an inline schema with component refs. */
  validator(schema: string | JsonSchema): ValidateFunction {
    const known = typeof schema === 'string' ? undefined : this.byObject.get(schema);
    if (known !== undefined) return known;
    const key = typeof schema === 'string' ? schema : JSON.stringify(schema);
    let compiled = this.cache.get(key);
    if (compiled === undefined) {
      compiled = this.ajv.compile(
        typeof schema === 'string' ? { $ref: `${DOCUMENT_ID}#/components/schemas/${schema}` } : rebase(schema),
      );
      this.cache.set(key, compiled);
    }
    if (typeof schema !== 'string') this.byObject.set(schema, compiled);
    return compiled;
  }

  failures(schema: string | JsonSchema, value: unknown): ValidationFailure[] {
    const validate = this.validator(schema);
    return validate(value) ? [] : describeErrors(validate.errors ?? []);
  }
}

/** Inline schemas refer to components as `#/components/...`; point them at the document. */
function rebase(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`)) as JsonSchema;
}

/** The message of a member the schema does not list (reported at the member's own path). */
export const UNKNOWN_MEMBER = 'is not an allowed member';

export function describeErrors(errors: readonly ErrorObject[]): ValidationFailure[] {
  const failures = errors.map((error): ValidationFailure => {
    if (error.keyword === 'additionalProperties') {
      const member = String((error.params as { additionalProperty: string }).additionalProperty);
      return { path: `${error.instancePath}/${escapePointer(member)}`, message: UNKNOWN_MEMBER };
    }
    if (error.keyword === 'required') {
      const member = String((error.params as { missingProperty: string }).missingProperty);
      return { path: `${error.instancePath}/${escapePointer(member)}`, message: 'is required' };
    }
    if (error.keyword === 'enum') {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
      return {
        path: error.instancePath,
        message: `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`,
      };
    }
    if (error.keyword === 'format' && (error.params as { format: string }).format === 'uri') {
      // Ajv says 'must match format "uri"', which does not say what a valid value looks like.
      return {
        path: error.instancePath,
        message: 'must be an absolute URL, such as https://hooks.example.com/discovery',
      };
    }
    if (error.keyword === 'minItems') {
      const { limit } = error.params as { limit: number };
      const hint = (error.parentSchema as Record<string, unknown> | undefined)?.[WHEN_EMPTY];
      return {
        path: error.instancePath,
        message: `must list at least ${limit === 1 ? 'one item' : `${limit} items`}${typeof hint === 'string' ? `; ${hint}` : ''}`,
      };
    }
    if (error.keyword === 'uniqueItems') {
      // Ajv's own text, "must NOT have duplicate items (items ## 1 and 0 are identical)", names
      // neither the repeat's path nor the fix.
      const { i, j } = error.params as { i: number; j: number };
      return {
        path: `${error.instancePath}/${Math.max(i, j)}`,
        message: `repeats ${error.instancePath}/${Math.min(i, j)}; list each value once`,
      };
    }
    return { path: error.instancePath, message: error.message ?? 'is invalid' };
  });
  const seen = new Set<string>();
  return failures.filter((failure) => {
    const key = `${failure.path} ${failure.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function escapePointer(member: string): string {
  return member.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Where the values of a VALIDATION_ERROR are (`details.location`). */
export type ValidationLocation = 'body' | 'path' | 'query' | 'header';

export function validationError(where: ValidationLocation, failures: readonly ValidationFailure[]): ApiError {
  const first = failures[0];
  const summary = first === undefined ? '' : `: ${first.path === '' ? where : first.path} ${first.message}`;
  return new ApiError(
    'VALIDATION_ERROR',
    `The request ${where} is invalid${summary}${failures.length > 1 ? ` (and ${failures.length - 1} more)` : ''}.`,
    { details: { location: where, ...listedFailures(failures) } },
  );
}
