/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

/** Schema extension of an array: what a request is told when it sends the array shorter than
 * its `minItems`, where an empty list has a better fix than adding an item (`symbols: []`:
 * leave the member out). http/validation.ts words the failure with it. */
export const WHEN_EMPTY = 'x-when-empty';

// The helpers below keep the literal types of what they build (`const` type parameters), so
// a request schema written with them also gives its TypeScript type (json-schema-to-ts,
// openapi/request-types.ts): the body a handler reads is typed by the schema that validated it.

export const ref = <const N extends string>(name: N): { $ref: `#/components/schemas/${N}` } => ({
  $ref: `#/components/schemas/${name}`,
});

/** An object schema whose every listed member is required unless named in `optional`. */
export function object(
  properties: Record<string, JsonSchema>,
  options: { optional?: readonly string[]; closed?: boolean; description?: string } = {},
): JsonSchema {
  const optional = new Set(options.optional ?? []);
  const required = Object.keys(properties).filter((key) => !optional.has(key));
  return {
    type: 'object',
    ...(options.description === undefined ? {} : { description: options.description }),
    properties,
    ...(required.length === 0 ? {} : { required }),
    ...(options.closed === true ? { additionalProperties: false } : {}),
  };
}

/** A request object: every member optional unless listed, unknown members rejected. (Its
 * type says `required: R` also when R is empty, where the schema leaves `required` out:
 * both mean the same.) */
export function requestObject<
  const P extends Record<string, JsonSchema>,
  const R extends readonly (keyof P & string)[] = [],
>(
  properties: P,
  required?: R,
  description?: string,
): { type: 'object'; properties: P; required: R; additionalProperties: false } {
  const listed: readonly string[] = required ?? [];
  return object(properties, {
    optional: Object.keys(properties).filter((key) => !listed.includes(key)),
    closed: true,
    ...(description === undefined ? {} : { description }),
  }) as { type: 'object'; properties: P; required: R; additionalProperties: false };
}

export const num = (
  description?: string,
  range?: { minimum?: number; maximum?: number; exclusiveMinimum?: number },
): { type: 'number' } => ({
  type: 'number',
  ...(description === undefined ? {} : { description }),
  ...range,
});
export const int = (minimum?: number, maximum?: number, description?: string): { type: 'integer' } => ({
  type: 'integer',
  ...(minimum === undefined ? {} : { minimum }),
  ...(maximum === undefined ? {} : { maximum }),
  ...(description === undefined ? {} : { description }),
});
export const str = (description?: string, extra: JsonSchema = {}): { type: 'string' } => ({
  type: 'string',
  ...(description === undefined ? {} : { description }),
  ...extra,
});
export const bool = (description?: string): { type: 'boolean' } => ({
  type: 'boolean',
  ...(description === undefined ? {} : { description }),
});
export const arrayOf = <const I extends JsonSchema>(items: I, extra: JsonSchema = {}): { type: 'array'; items: I } => ({
  type: 'array',
  items,
  ...extra,
});
export const unit = (description: string): { type: 'number' } => num(description, { minimum: 0, maximum: 1 });
export const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
