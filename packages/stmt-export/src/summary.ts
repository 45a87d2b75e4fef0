import { Decimal, type CreditDebit, type StatementRecord } from '@stmt/parser';

export interface CurrencyTotal {
  currency: string;
  creditDebit: CreditDebit;
  entries: number;
  /** Exact unsigned sum of the entries' amounts. */
  total: Decimal;
}

/** A running sum as an integer of the smallest unit seen so far (`12.50` at scale 2 is 1250n). */
interface UnitSum {
  currency: string;
  creditDebit: CreditDebit;
  entries: number;
  units: bigint;
  scale: number;
}

/**
 * Counts statements and entries and sums entry amounts per currency and direction, as records
 * stream past; what `convert --dry-run` prints and what conformance checks compare. The sums are
 * BigInt units, not Decimals: this runs per entry, and an integer addition is far cheaper than
 * a big.js value per entry. They become exact Decimals (largest scale seen) when read.
 */
export class StatementSummary {
  statements = 0;
  entries = 0;
  private readonly sums = new Map<string, UnitSum>();

  add(record: StatementRecord): void {
    if (record.kind === 'statement-start') this.statements += 1;
    if (record.kind !== 'entry') return;
    // An entry read in parts (streamEntryDetails) counts once.
    if (record.entry.detailsPart !== undefined && record.entry.detailsPart.index > 0) return;
    this.entries += 1;
    const { money, creditDebit } = record.entry;
    const key = `${money.currency} ${creditDebit}`;
    let sum = this.sums.get(key);
    if (sum === undefined)
      this.sums.set(key, (sum = { currency: money.currency, creditDebit, entries: 0, units: 0n, scale: 0 }));
    sum.entries += 1;
    const amount = money.amount;
    if (amount.scale > sum.scale) {
      sum.units *= 10n ** BigInt(amount.scale - sum.scale);
      sum.scale = amount.scale;
    }
    sum.units += toUnits(amount.toString(), sum.scale - amount.scale);
  }

  /** Sorted by currency, credits before debits. */
  get totals(): CurrencyTotal[] {
    const totals = [...this.sums.values()].map(({ currency, creditDebit, entries, units, scale }) => ({
      currency,
      creditDebit,
      entries,
      total: fromUnits(units, scale),
    }));
    return totals.sort((a, b) => a.currency.localeCompare(b.currency) || a.creditDebit.localeCompare(b.creditDebit));
  }

  toJSON(): {
    statements: number;
    entries: number;
    totals: { currency: string; credit_debit: CreditDebit; entries: number; total: string }[];
  } {
    return {
      statements: this.statements,
      entries: this.entries,
      totals: this.totals.map((t) => ({
        currency: t.currency,
        credit_debit: t.creditDebit,
        entries: t.entries,
        total: t.total.toString(),
      })),
    };
  }
}

/** `12.5` with 1 more decimal → 1250n. */
function toUnits(text: string, extraScale: number): bigint {
  const dot = text.indexOf('.');
  const units = BigInt(dot < 0 ? text : text.slice(0, dot) + text.slice(dot + 1));
  return extraScale === 0 ? units : units * 10n ** BigInt(extraScale);
}

/** 1250n at scale 2 → Decimal `12.50`. */
function fromUnits(units: bigint, scale: number): Decimal {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return Decimal.parse(negative ? `-${text}` : text);
}
