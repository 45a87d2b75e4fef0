/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** An object schema whose every listed member is required unless named in `optional`. */
export function object(properties: Record<string, JsonSchema>, options: { optional?: readonly string[]; closed?: boolean; description?: string } = {}): JsonSchema {
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

/** A request object: every member optional unless listed, unknown members rejected. */
export function requestObject(properties: Record<string, JsonSchema>, required: readonly string[] = [], description?: string): JsonSchema {
  return object(properties, {
    optional: Object.keys(properties).filter((key) => !required.includes(key)),
    closed: true,
    ...(description === undefined ? {} : { description }),
  });
}

export const num = (description?: string, range?: { minimum?: number; maximum?: number; exclusiveMinimum?: number }): JsonSchema => ({
  type: 'number',
  ...(description === undefined ? {} : { description }),
  ...range,
});
export const int = (minimum?: number, maximum?: number, description?: string): JsonSchema => ({
  type: 'integer',
  ...(minimum === undefined ? {} : { minimum }),
  ...(maximum === undefined ? {} : { maximum }),
  ...(description === undefined ? {} : { description }),
});
export const str = (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...(description === undefined ? {} : { description }), ...extra });
export const bool = (description?: string): JsonSchema => ({ type: 'boolean', ...(description === undefined ? {} : { description }) });
export const arrayOf = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra });
export const unit = (description: string): JsonSchema => num(description, { minimum: 0, maximum: 1 });
export const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
