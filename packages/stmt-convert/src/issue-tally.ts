import type { ParseIssue } from '@stmt/parser';

/** Issues of one severity and code beyond the first ones a tally admitted. */
export interface OmittedIssues {
  severity: ParseIssue['severity'];
  code: string;
  count: number;
}

/**
 * Admits the first `perKind` issues of each severity and code and counts the rest. A hostile or
 * broken file can raise the same warning for every one of a million statements or elements;
 * reported one by one they fill the terminal and the log, and memory (each logged line is
 * queued until the logger writes it: 200,000 warnings held 418 MiB). The kinds are few (codes ×
 * severities), so the tally's own memory is bounded too.
 */
export class IssueTally {
  private readonly counts = new Map<string, OmittedIssues>();

  constructor(private readonly perKind: number) {}

  /** Counts `issue`; true while it is among the first `perKind` of its kind. */
  admit(issue: Pick<ParseIssue, 'severity' | 'code'>): boolean {
    const key = `${issue.severity} ${issue.code}`;
    let seen = this.counts.get(key);
    if (seen === undefined) {
      seen = { severity: issue.severity, code: issue.code, count: 0 };
      this.counts.set(key, seen);
    }
    seen.count += 1;
    return seen.count <= this.perKind;
  }

  /** The kinds with issues beyond the first `perKind`, with how many were not admitted. */
  omitted(): OmittedIssues[] {
    return [...this.counts.values()]
      .filter((kind) => kind.count > this.perKind)
      .map((kind) => ({ ...kind, count: kind.count - this.perKind }));
  }
}
