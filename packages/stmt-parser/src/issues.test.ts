import { StatementParseError } from './errors';
import { IssueSink } from './issues';
import type { ParseIssue } from './types';

const where = { file: 'a.sta', line: 3, column: 5, path: ':61:' };

describe('IssueSink severities', () => {
  it('hands warnings and notes to the listener with their place, and counts errors only', () => {
    const seen: ParseIssue[] = [];
    const sink = new IssueSink({ onIssue: (issue) => seen.push(issue) });
    sink.warning('INVALID_AMOUNT', 'amount without decimal comma', where);
    sink.note('MISSING_ELEMENT', 'nothing to reconcile', where);
    expect(seen.map((issue) => issue.severity)).toEqual(['warning', 'note']);
    expect(seen[0]?.location).toEqual(where);
    expect(sink.errorCount).toBe(0);
  });

  it('drops warnings without a listener, but throws the first error', () => {
    const sink = new IssueSink({});
    expect(() => sink.warning('INVALID_VALUE', 'odd', where)).not.toThrow();
    expect(() => sink.error('INVALID_VALUE', 'bad', where)).toThrow(StatementParseError);
  });

  it('turns warnings into errors in strict mode, but leaves notes alone', () => {
    const seen: ParseIssue[] = [];
    const sink = new IssueSink({ onIssue: (issue) => seen.push(issue), strict: true });
    sink.warning('INVALID_AMOUNT', 'amount without decimal comma', where);
    sink.note('MISSING_ELEMENT', 'nothing to reconcile', where);
    expect(seen.map((issue) => issue.severity)).toEqual(['error', 'note']);
    expect(seen[0]?.message).toMatch(/strict/);
    expect(sink.errorCount).toBe(1);
    expect(() => new IssueSink({ strict: true }).warning('INVALID_VALUE', 'odd', where)).toThrow(/odd/);
  });
});
