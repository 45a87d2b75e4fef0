import { parseString, validateCsvProfile, type CsvProfile, type Entry, type ParseIssue } from '@stmt/parser';
import { brief } from './support/issues';

/** A card export with the amount in the account currency and the one the card was used in. */
const PROFILE: CsvProfile = {
  name: 'card',
  bank: 'Card',
  detect: { columns: ['Date', 'Merchant', 'Amount', 'Currency', 'Local amount', 'Local currency'] },
  date_format: 'YYYY-MM-DD',
  booking_date: 'Date',
  amount: { column: 'Amount' },
  currency: { column: 'Currency' },
  original_amount: { amount: 'Local amount', currency: 'Local currency' },
  counterparty: '{Merchant}',
};
const HEADER = 'Date,Merchant,Amount,Currency,Local amount,Local currency';

async function read(...rows: string[]): Promise<{ entries: Entry[]; issues: ParseIssue[] }> {
  const entries: Entry[] = [];
  const issues: ParseIssue[] = [];
  const text = [HEADER, ...rows].join('\n') + '\n';
  for await (const record of parseString(text, {
    fileName: 'card.csv',
    csvProfiles: [PROFILE],
    onIssue: (issue) => issues.push(issue),
  }))
    if (record.kind === 'entry') entries.push(record.entry);
  return { entries, issues };
}

const originals = (entries: Entry[]): string[] =>
  entries.map((entry) => {
    const original = entry.details[0]?.originalMoney;
    return original === undefined ? '-' : `${original.amount.toString()} ${original.currency}`;
  });

describe('a CSV profile’s original_amount', () => {
  it('gives rows in another currency the amount the transaction was made in, unsigned, and leaves others without', async () => {
    const { entries, issues } = await read(
      '2024-03-04,Le Comptoir,-30.12,GBP,-35.00,EUR',
      '2024-03-05,Pret,-6.25,GBP,-6.25,GBP',
      '2024-03-06,Refund,12.00,GBP,,',
      '2024-03-07,Diner,-8.10,GBP,-10.00,usd',
    );
    expect(originals(entries)).toEqual(['35.00 EUR', '-', '-', '10.00 USD']);
    expect(entries.map((entry) => entry.money.amount.toString())).toEqual(['30.12', '6.25', '12.00', '8.10']);
    expect(issues.map((issue) => [...brief(issue), issue.message])).toEqual([
      [
        'warning',
        'INVALID_VALUE',
        5,
        35,
        'Local currency',
        'currency "usd" is not written in capital letters as ISO 4217 codes are; read as USD',
      ],
    ]);
  });

  it('leaves out an original amount or currency it cannot read, with a warning at the cell; the row stands', async () => {
    const { entries, issues } = await read(
      '2024-03-04,Le Comptoir,-30.12,GBP,about 35,EUR',
      '2024-03-05,Somewhere,-6.25,GBP,-7.00,Euro',
    );
    expect(originals(entries)).toEqual(['-', '-']);
    expect(entries.map((entry) => entry.money.amount.toString())).toEqual(['30.12', '6.25']);
    expect(issues.map((issue) => [...brief(issue), issue.message])).toEqual([
      [
        'warning',
        'INVALID_AMOUNT',
        2,
        35,
        'Local amount',
        'expected a decimal amount such as -12.50, found "about 35"; the original amount is left out (the row\'s amount does not depend on it)',
      ],
      [
        'warning',
        'INVALID_VALUE',
        3,
        38,
        'Local currency',
        'expected a currency code such as EUR, found "Euro"; the original amount is left out (the row\'s amount does not depend on it)',
      ],
    ]);
  });

  it('is validated as the other columns of a profile', () => {
    expect(() => validateCsvProfile({ ...PROFILE, original_amount: { amount: 'Local amount' } }, 'card.yaml')).toThrow(
      /original_amount/,
    );
  });
});
