import type * as AjvModule from 'ajv';
import type { Options, ValidateFunction } from 'ajv';
import { CodedError } from '@fin/errors';

/**
 * A user-written YAML/JSON document (a CSV profile, a ledger account mapping) that breaks its
 * JSON schema. `problems` name the key of each failure; the message starts with `source`.
 * Each kind of document subclasses it with its own closed code set and `name`.
 */
export class SchemaDocumentError<Code extends string = string> extends CodedError<Code> {
  override readonly name: string = 'SchemaDocumentError';
  /** Where the document came from (its file), as the message starts. */
  readonly source: string;
  readonly problems: string[];

  constructor(code: Code, message: string, options: { source: string; problems: string[]; cause?: unknown }) {
    super(code, message, options);
    this.source = options.source;
    this.problems = options.problems;
  }
}

/**
 * The schema's ajv validator, compiled on the first call: loading a package that holds a
 * schema then costs neither ajv's modules nor the compilation, which most runs never need.
 */
export function lazySchemaCheck<T>(schema: object, options: Options = { allErrors: true }): () => ValidateFunction<T> {
  let compiled: ValidateFunction<T> | undefined;
  return () =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first document to check
    (compiled ??= new (require('ajv') as typeof AjvModule).default(options).compile<T>(schema));
}
