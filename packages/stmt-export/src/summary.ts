import type { CreditDebit, Decimal, StatementRecord } from '@stmt/parser';

export interface CurrencyTotal {
  currency: string;
  creditDebit: CreditDebit;
  entries: number;
  /** Exact unsigned sum of the entries' amounts. */
  total: Decimal;
}

/**
 * Counts statements and entries and sums entry amounts per currency and direction, as records
 * stream past; what `convert --dry-run` prints and what conformance checks compare.
 */
export class StatementSummary {
  statements = 0;
  entries = 0;
  private readonly sums = new Map<string, CurrencyTotal>();

  add(record: StatementRecord): void {
    if (record.kind === 'statement-start') this.statements += 1;
    if (record.kind !== 'entry') return;
    this.entries += 1;
    const { money, creditDebit } = record.entry;
    const key = `${money.currency} ${creditDebit}`;
    const current = this.sums.get(key);
    if (current === undefined) {
      this.sums.set(key, { currency: money.currency, creditDebit, entries: 1, total: money.amount });
    } else {
      current.entries += 1;
      current.total = current.total.plus(money.amount);
    }
  }

  /** Sorted by currency, credits before debits. */
  get totals(): CurrencyTotal[] {
    return [...this.sums.values()].sort(
      (a, b) => a.currency.localeCompare(b.currency) || a.creditDebit.localeCompare(b.creditDebit),
    );
  }

  toJSON(): { statements: number; entries: number; totals: { currency: string; credit_debit: CreditDebit; entries: number; total: string }[] } {
    return {
      statements: this.statements,
      entries: this.entries,
      totals: this.totals.map((t) => ({ currency: t.currency, credit_debit: t.creditDebit, entries: t.entries, total: t.total.toString() })),
    };
  }
}
