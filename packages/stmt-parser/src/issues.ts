import { StatementParseError, type ParseErrorCode } from './errors';
import type { ParseIssue, ParseOptions, SourceLocation } from './types';

/**
 * Where every format parser sends deviations (docs/formats.md, "Tolerance policy"). With
 * `options.onIssue` the issue is handed over and parsing goes on (that is how `validate` reports
 * every problem); without it, the first error-severity issue is thrown and warnings and notes
 * are dropped. With `options.strict` every warning is reported as an error.
 */
export class IssueSink {
  private readonly onIssue: ((issue: ParseIssue) => void) | undefined;
  private readonly strict: boolean;
  private errors = 0;

  constructor(options: Pick<ParseOptions, 'onIssue' | 'strict'>) {
    this.onIssue = options.onIssue;
    this.strict = options.strict === true;
  }

  /** Number of error-severity issues reported so far. */
  get errorCount(): number {
    return this.errors;
  }

  /** A row would be missing or wrong: the file is refused. */
  error(code: ParseErrorCode, message: string, location: SourceLocation): void {
    this.report({ code, message, severity: 'error', location });
  }

  /** Non-standard, but read as a careful reader would; the message says how. */
  warning(code: ParseErrorCode, message: string, location: SourceLocation): void {
    this.report({ code, message, severity: 'warning', location });
  }

  /** Information about the file that changes no row (e.g. nothing to reconcile against). */
  note(code: ParseErrorCode, message: string, location: SourceLocation): void {
    this.report({ code, message, severity: 'note', location });
  }

  /**
   * This sink with errors reported as warnings that end in `consequence`: for values no row
   * depends on (a balance), where a value that cannot be read is left out, not the file refused.
   */
  downgraded(consequence: string): IssueSink {
    return new DowngradedIssues(this, consequence);
  }

  report(issue: ParseIssue): void {
    const reported: ParseIssue =
      this.strict && issue.severity === 'warning'
        ? { ...issue, severity: 'error', message: `${issue.message} (refused: strict mode)` }
        : issue;
    if (reported.severity === 'error') this.errors++;
    if (this.onIssue) this.onIssue(reported);
    else if (reported.severity === 'error') throw StatementParseError.fromIssue(reported);
  }
}

class DowngradedIssues extends IssueSink {
  constructor(
    private readonly target: IssueSink,
    private readonly consequence: string,
  ) {
    super({});
  }

  override error(code: ParseErrorCode, message: string, location: SourceLocation): void {
    this.target.warning(code, `${message}; ${this.consequence}`, location);
  }

  override report(issue: ParseIssue): void {
    this.target.report(issue);
  }
}
