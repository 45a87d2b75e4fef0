import { StatementParseError, type ParseErrorCode } from './errors';
import type { ParseIssue, ParseOptions, SourceLocation } from './types';

/**
 * Where every format parser sends recoverable problems. With `options.onIssue` the issue is
 * handed over and parsing goes on (that is how `validate` reports every problem); without
 * it, the first error-severity issue is thrown and warnings are dropped (that is how
 * conversion refuses a file it would convert wrongly).
 */
export class IssueSink {
  private readonly onIssue: ((issue: ParseIssue) => void) | undefined;
  private errors = 0;

  constructor(options: Pick<ParseOptions, 'onIssue'>) {
    this.onIssue = options.onIssue;
  }

  /** Number of error-severity issues reported so far. */
  get errorCount(): number {
    return this.errors;
  }

  error(code: ParseErrorCode, message: string, location: SourceLocation): void {
    this.report({ code, message, severity: 'error', location });
  }

  warning(code: ParseErrorCode, message: string, location: SourceLocation): void {
    this.report({ code, message, severity: 'warning', location });
  }

  report(issue: ParseIssue): void {
    if (issue.severity === 'error') this.errors++;
    if (this.onIssue) this.onIssue(issue);
    else if (issue.severity === 'error') throw StatementParseError.fromIssue(issue);
  }
}
