/** Response values whose JSON text is already known (built from text kept between requests),
 * so the HTTP layer sends that text instead of serialising the value again. Keyed by the
 * value's identity: the text must be exactly what JSON.stringify would give for it. */
const texts = new WeakMap<object, string>();

/** Records `text` as the JSON of `value` and returns `value`. */
export function withJsonText<T extends object>(value: T, text: string): T {
  texts.set(value, text);
  return value;
}

/** The JSON text recorded for `value`, if any. */
export function jsonTextOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? texts.get(value) : undefined;
}
