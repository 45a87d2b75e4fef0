/**
 * The base of every error the finance-tools libraries and apps raise: a `code` from the
 * raising package's closed set (its `*_ERROR_CODES` array), a message that says what went
 * wrong and how to fix it, and the underlying error as `cause`. Subclasses add the context a
 * user needs (file, location, HTTP status …) and set `name` as a class field, so the name
 * survives minification.
 */
export class CodedError<Code extends string = string> extends Error {
  override readonly name: string = 'CodedError';
  readonly code: Code;

  constructor(code: Code, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}
