import { Decimal } from '@stmt/parser';
import { entryToRows, StatementSummary } from '@stmt/export';
import { compareByBookingDate } from './row-order';
import { bookedEntry } from '../test/entries';

describe('StatementSummary', () => {
  it('counts statements and entries and sums exactly per currency and direction', () => {
    const summary = new StatementSummary();
    const statement = {
      format: 'camt.053' as const,
      index: 0,
      statementId: 'S',
      account: {},
      location: { line: 1, column: 1 },
    };
    summary.add({ kind: 'statement-start', statement });
    for (const [amount, cd, currency] of [
      ['0.10', 'CRDT', 'EUR'],
      ['0.20', 'CRDT', 'EUR'],
      ['7.00', 'DBIT', 'EUR'],
      ['1', 'DBIT', 'CHF'],
    ] as const) {
      summary.add({
        kind: 'entry',
        entry: bookedEntry({ money: { amount: Decimal.parse(amount), currency }, creditDebit: cd }),
      });
    }
    expect(summary.toJSON()).toEqual({
      statements: 1,
      entries: 4,
      totals: [
        { currency: 'CHF', credit_debit: 'DBIT', entries: 1, total: '1' },
        { currency: 'EUR', credit_debit: 'CRDT', entries: 2, total: '0.30' },
        { currency: 'EUR', credit_debit: 'DBIT', entries: 1, total: '7.00' },
      ],
    });
  });

  it('counts an entry read in parts (streamEntryDetails) once', () => {
    const summary = new StatementSummary();
    const money = { amount: Decimal.parse('300.00'), currency: 'EUR' };
    for (const detailsPart of [
      { index: 0, last: false },
      { index: 1, last: false },
      { index: 2, last: true },
    ]) {
      summary.add({ kind: 'entry', entry: bookedEntry({ money, creditDebit: 'DBIT', detailsPart }) });
    }
    expect(summary.totals.map((t) => [t.creditDebit, t.entries, t.total.toString()])).toEqual([['DBIT', 1, '300.00']]);
    expect(summary.entries).toBe(1);
  });

  it('keeps the largest scale seen when amounts of different scales are summed', () => {
    const summary = new StatementSummary();
    for (const amount of ['2', '0.5', '0.005', '10.25']) {
      summary.add({
        kind: 'entry',
        entry: bookedEntry({ money: { amount: Decimal.parse(amount), currency: 'EUR' }, creditDebit: 'CRDT' }),
      });
    }
    expect(summary.totals.map((t) => [t.currency, t.creditDebit, t.entries, t.total.toString()])).toEqual([
      ['EUR', 'CRDT', 4, '12.755'],
    ]);
  });
});

describe('compareByBookingDate', () => {
  it('sorts by date, keeps file order within a day, puts undated rows last', () => {
    const row = (date: string, ref: string) => ({
      ...entryToRows(bookedEntry({ bookingDate: date, entryReference: ref }))[0]!,
      booking_date: date,
    });
    const rows = [row('2024-03-02', 'a'), row('', 'b'), row('2024-03-01', 'c'), row('2024-03-02', 'd')];
    expect(rows.sort(compareByBookingDate).map((r) => r.entry_reference)).toEqual(['c', 'a', 'd', 'b']);
  });
});
