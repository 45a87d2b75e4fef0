import { CodedError } from '@fin/errors';

/** The closed set of failure kinds; the CLI maps each to an exit code. */
export const CATEGORIZER_ERROR_CODES = [
  'DATABASE_UNREADABLE',
  'DATABASE_INVALID',
  'API_KEY_FILE_UNREADABLE',
  'AI_CONFIG_INVALID',
  'AI_HTTP_ERROR',
  'AI_TIMEOUT',
  'AI_NETWORK_ERROR',
  'AI_BAD_RESPONSE',
  'MAPPINGS_WRITE_FAILED',
] as const;
export type CategorizerErrorCode = (typeof CATEGORIZER_ERROR_CODES)[number];

export interface CategorizerErrorContext {
  /** The database file concerned, when there is one. */
  file?: string;
  /** Key path inside that file, e.g. `categories[3].keywords[0]`. */
  path?: string;
  /** HTTP status of the AI service's answer. */
  status?: number;
  /** How many attempts were made before giving up. */
  attempts?: number;
}

export class CategorizerError extends CodedError<CategorizerErrorCode> {
  override readonly name: string = 'CategorizerError';
  /** The context fields given (file, key path, HTTP status, attempts), for messages and logs. */
  readonly context: CategorizerErrorContext;

  constructor(
    code: CategorizerErrorCode,
    message: string,
    options: CategorizerErrorContext & { cause?: unknown } = {},
  ) {
    const { cause, ...context } = options;
    super(code, message, { cause });
    this.context = context;
  }
}
