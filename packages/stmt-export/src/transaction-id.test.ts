import { createHash } from 'node:crypto';
import { DEFAULT_COLUMNS, TransactionIds, type StatementRow } from '@stmt/export';
import { identityOf } from './transaction-id';
import { statementRow } from '@fin/test-utils';

function row(overrides: Partial<StatementRow> = {}): StatementRow {
  return statementRow<StatementRow>(DEFAULT_COLUMNS, { amount: '-12.50', ...overrides });
}

/** The documented scheme, spelled out independently of the implementation. */
function documented(parts: string[]): string {
  return createHash('sha256')
    .update(['v1', ...parts].join('\u001f'))
    .digest('hex')
    .slice(0, 16);
}

describe('transaction_id', () => {
  it('pins the documented ids: camt servicer reference, OFX FITID, MT940 reference + :86:, content hash', () => {
    const ids = new TransactionIds();
    expect(ids.assign(row({ account_servicer_reference: 'ASR-1', entry_reference: 'N1' }), 'camt.053')).toBe(
      documented(['DE89370400440532013000', 'ref', 'ASR-1', '-12.5', 'EUR']),
    );
    expect(ids.assign(row({ account_servicer_reference: 'FIT-77' }), 'ofx')).toBe(
      documented(['DE89370400440532013000', 'ref', 'FIT-77', '-12.5', 'EUR']),
    );
    expect(
      ids.assign(
        row({ account_servicer_reference: 'NONREF', remittance_info: 'Rent  March', counterparty_name: 'Landlord' }),
        'mt940',
      ),
    ).toBe(
      documented(['DE89370400440532013000', 'mt', '', '2024-03-01', '-12.5', 'EUR', 'Landlord', '', 'Rent March']),
    );
    expect(ids.assign(row({ remittance_info: 'Coffee' }), 'revolut-csv')).toBe(
      documented(['DE89370400440532013000', 'content', '2024-03-01', '-12.5', 'EUR', '', '', 'Coffee']),
    );
  });

  it('falls back from AcctSvcrRef to NtryRef to the end-to-end id in camt, with the day and amount for those two', () => {
    const dated = { value_date: '2024-03-05', booking_date: '2024-03-06', currency: 'EUR' };
    expect(identityOf(row({ ...dated, account_servicer_reference: 'A1', entry_reference: 'N1' }), 'camt.053')).toEqual([
      'ref',
      'A1',
      '-12.5',
      'EUR',
    ]);
    expect(identityOf(row({ ...dated, entry_reference: 'N1', end_to_end_id: 'E2E' }), 'camt.052')).toEqual([
      'entry',
      'N1',
      '2024-03-05',
      '-12.5',
      'EUR',
    ]);
    expect(identityOf(row({ ...dated, end_to_end_id: 'E2E' }), 'camt.054')).toEqual([
      'entry',
      'E2E',
      '2024-03-05',
      '-12.5',
      'EUR',
    ]);
    expect(identityOf(row({ remittance_info: 'x' }), 'camt.053')[0]).toBe('content');
  });

  it('takes NONREF and NOTPROVIDED for no reference in camt, so such bookings keep ids of their own', () => {
    // German camt.052 exports write NONREF into every <AcctSvcrRef>; SEPA writes NOTPROVIDED for a missing end-to-end id.
    const placeholder = { account_servicer_reference: 'NONREF', end_to_end_id: 'NOTPROVIDED' };
    const coffee = row({ ...placeholder, booking_date: '2024-03-05', remittance_info: 'Coffee' });
    const rent = row({ ...placeholder, booking_date: '2024-03-06', amount: '-900.00', remittance_info: 'Rent' });
    expect(identityOf(coffee, 'camt.052')[0]).toBe('content');
    expect(new TransactionIds().assign(coffee, 'camt.052')).not.toBe(new TransactionIds().assign(rent, 'camt.052'));
    expect(identityOf(row({ account_servicer_reference: 'nonref ', entry_reference: 'N7' }), 'camt.053')[1]).toBe('N7');
  });

  it('keeps two bookings a bank gave one servicer reference apart by their amount', () => {
    const first = new TransactionIds().assign(
      row({ account_servicer_reference: '1000000000000000', amount: '1692.22' }),
      'camt.054',
    );
    const second = new TransactionIds().assign(
      row({ account_servicer_reference: '1000000000000000', amount: '501.05' }),
      'camt.054',
    );
    expect(second).not.toBe(first);
  });

  it('keeps an OFX purchase and its tax apart when the bank gave both one FITID, in either order', () => {
    const purchase = row({ account_servicer_reference: 'X1', amount: '-109.17' });
    const tax = row({ account_servicer_reference: 'X1', amount: '-3.82' });
    const one = new TransactionIds();
    const other = new TransactionIds();
    expect([one.assign(purchase, 'ofx'), one.assign(tax, 'ofx')]).toEqual(
      [other.assign(tax, 'ofx'), other.assign(purchase, 'ofx')].reverse(),
    );
    expect(new TransactionIds().assign(purchase, 'ofx')).not.toBe(new TransactionIds().assign(tax, 'ofx'));
  });

  it('tells apart a monthly payment whose end-to-end id repeats', () => {
    const ids = new TransactionIds();
    const march = ids.assign(row({ end_to_end_id: 'GYM-MEMBERSHIP', value_date: '2024-03-01' }), 'camt.053');
    const april = ids.assign(row({ end_to_end_id: 'GYM-MEMBERSHIP', value_date: '2024-04-01' }), 'camt.053');
    expect(april).not.toBe(march);
    expect(april).not.toBe(`${march}-2`);
  });

  it('gives a pending booking and the booked one the same id, and ignores the scale of the amount', () => {
    const pending = new TransactionIds().assign(
      row({ status: 'PDNG', amount: '-12.5', remittance_info: 'Coffee' }),
      'camt.052',
    );
    const booked = new TransactionIds().assign(
      row({ status: 'BOOK', amount: '-12.50', remittance_info: 'Coffee' }),
      'camt.053',
    );
    expect(pending).toBe(booked);
  });

  it('matches a bank-CSV card payment pending today and completed tomorrow by its value date', () => {
    const pending = new TransactionIds().assign(
      row({ status: 'PDNG', booking_date: '', value_date: '2024-03-06', remittance_info: 'Amazon' }),
      'revolut-csv',
    );
    const completed = new TransactionIds().assign(
      row({ status: 'BOOK', booking_date: '2024-03-07', value_date: '2024-03-06', remittance_info: 'Amazon' }),
      'revolut-csv',
    );
    expect(pending).toBe(completed);
  });

  it('counts identical bookings on the same day: -2, -3; another day starts again', () => {
    const ids = new TransactionIds();
    const coffee = row({ remittance_info: 'Coffee' });
    const first = ids.assign(coffee, 'revolut-csv');
    expect([ids.assign(coffee, 'revolut-csv'), ids.assign(coffee, 'revolut-csv')]).toEqual([
      `${first}-2`,
      `${first}-3`,
    ]);
    const nextDay = ids.assign(row({ remittance_info: 'Coffee', booking_date: '2024-03-02' }), 'revolut-csv');
    expect(nextDay).not.toMatch(/-\d+$/);
    expect(nextDay).not.toBe(first);
  });

  it('keeps counting per day while rows alternate between remembered days', () => {
    const ids = new TransactionIds();
    const coffee = (day: number): StatementRow =>
      row({ remittance_info: 'Coffee', booking_date: `2024-03-${String(day).padStart(2, '0')}` });
    const days = [1, 2, 3, 4, 5, 6, 7, 8];
    const firsts = days.map((day) => ids.assign(coffee(day), 'revolut-csv'));
    expect(days.map((day) => ids.assign(coffee(day), 'revolut-csv'))).toEqual(firsts.map((id) => `${id}-2`));
    expect(ids.assign(coffee(3), 'revolut-csv')).toBe(`${firsts[2] as string}-3`);
  });

  it('remembers only the last eight days, so its memory does not grow with the file', () => {
    const ids = new TransactionIds();
    const coffee = (day: number): StatementRow =>
      row({ remittance_info: 'Coffee', booking_date: `2024-03-${String(day).padStart(2, '0')}` });
    const first = ids.assign(coffee(1), 'revolut-csv');
    for (let day = 2; day <= 9; day++) ids.assign(coffee(day), 'revolut-csv');
    // Day 1 was forgotten after eight newer days: a late row for it counts from one again.
    expect(ids.assign(coffee(1), 'revolut-csv')).toBe(first);
  });
});
