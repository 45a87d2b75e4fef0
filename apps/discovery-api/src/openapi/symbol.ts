import type { JsonSchema } from './schema-types';

/**
 * What a symbol is, wherever the API takes one: a path parameter (`/monitor/{symbol}`), a
 * holding or discovery of a portfolio, a webhook's `symbols`. Ticker characters only (letters,
 * digits, `.`, `^`, `=`, `_`, `-`: `BRK.B`, `^GSPC`, `EURUSD=X`, `BTC-USD`), at most 32: a
 * symbol is repeated in answers (trade reasons, grade histories, webhook payloads), where a
 * control character, markup or a right-to-left override would travel on to whoever reads them.
 */
export const SYMBOL_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 32,
  pattern: '^[A-Za-z0-9.^=_-]+$',
} as const satisfies JsonSchema;

/** The symbol schema with a description of what the symbol names here. */
export function symbolSchema<const D extends string>(description: D): typeof SYMBOL_SCHEMA & { description: D } {
  return { ...SYMBOL_SCHEMA, description };
}
