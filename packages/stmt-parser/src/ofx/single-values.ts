import type { IssueSink } from '../issues';
import type { SourceLocation } from '../types';
import { EACH, type RepeatedWarnings, shown } from './repeated-warnings';

/**
 * What a second element of a key means: `refuse` always (the amount: which one is meant is
 * unknown, and two transactions run together look just so), `refuse-other` when its value differs
 * from the first (a date, an id, the currency, the account), `keep` the first otherwise (a second
 * name or memo), or the second when the first is empty.
 */
export type RepeatRule = 'refuse' | 'refuse-other' | 'keep';

const where = (location: SourceLocation): string => `line ${location.line}, column ${location.column}`;

/**
 * The single-valued elements of a transaction or a statement, by path below it (`TRNAMT`,
 * `PAYEE/NAME`, `CURDEF`), each kept once. A second one is reported at the second: the first
 * that refuses the whole as an error, which sets `refused`; otherwise as a warning. Those
 * warnings (and errors after the first) are counted in the file's {@link RepeatedWarnings} past
 * {@link EACH} per key, so a tag written 600,000 times gives a hundred lines and a count.
 */
export class SingleValues {
  readonly values = new Map<string, { value: string; location: SourceLocation }>();
  /** An error made the whole unreadable: a transaction yields no entry. */
  refused = false;

  constructor(
    private readonly issues: IssueSink,
    private readonly repeats: RepeatedWarnings,
    /** `transaction`, `statement`. */
    private readonly whole: string,
    /** What an error says follows: `so the transaction cannot be converted …`. */
    private readonly consequence: string,
  ) {}

  add(key: string, value: string, location: SourceLocation, rule: RepeatRule): void {
    const first = this.values.get(key);
    if (!first) {
      this.values.set(key, { value, location });
      return;
    }
    const conflicting = value !== first.value && value !== '' && first.value !== '';
    const refuse = rule === 'refuse' || (rule === 'refuse-other' && conflicting);
    const read = !refuse && first.value === '' && value !== '';
    if (read) this.values.set(key, { value, location });
    const tag = `<${key.split('/').join('><')}>`;
    // The first error refuses the whole and is always reported; the rest are counted past EACH per key.
    if (refuse && !this.refused) this.refused = true;
    else if (!this.take(key, tag, location)) return;
    const second = `a second ${tag} (${JSON.stringify(shown(value))}) in the ${this.whole}, after the first (${JSON.stringify(shown(first.value))}) at ${where(first.location)}`;
    if (refuse)
      this.issues.error('INVALID_VALUE', `${second}: which one is meant is unknown, ${this.consequence}`, location);
    else
      this.issues.warning(
        'INVALID_VALUE',
        `${second}; ${read ? 'the first is empty, so this one is read' : 'the first is kept'}`,
        location,
      );
  }

  private take(key: string, tag: string, location: SourceLocation): boolean {
    const what = [`repeated ${tag} in a ${this.whole}`, `repeated ${tag} elements in ${this.whole}s`] as const;
    return this.repeats.take(`${this.whole} ${key}`, 'INVALID_VALUE', what, location, EACH);
  }
}
