import { brief, readCsvText as read } from './support/issues';

const REVOLUT_HEADER = 'Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance\n';
/** A Revolut row; its Amount starts at column 67, its Fee after it. */
const revolut = (amount: string, fee: string): string =>
  `CARD_PAYMENT,Current,2024-03-01 09:00:01,2024-03-01 09:00:05,Shop,${amount},${fee},EUR,COMPLETED,449.00\n`;

describe('bank CSV cells read with a warning', () => {
  it('reads a negative Revolut fee as a fee given back, recording no charge, with a warning', async () => {
    const { entries, issues } = await read(REVOLUT_HEADER + revolut('-50.00', '-1.00'));
    expect(entries.map((e) => [e.creditDebit, e.money.amount.toString(), e.charges])).toEqual([['DBIT', '49.00', []]]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_AMOUNT', 2, 74, 'Fee']]);
    expect(issues[0]?.message).toBe(
      'Fee "-1.00" is negative, and a fee is a charge: read as a fee of 1.00 given back, so the balance moves by -49.00 and no charge is recorded (had the export meant a charge of 1.00, the balance would move by -51.00)',
    );
  });

  it('reads a date with a four-digit year where the layout writes two, with a warning', async () => {
    const text =
      '"Buchungsdatum";"Wertstellung";"Status";"Zahlungspflichtige*r";"Zahlungsempfänger*in";"Verwendungszweck";"Betrag (€)"\n' +
      '"28.03.2024";"28.03.24";"Gebucht";"Erika Mustermann";"REWE Markt GmbH";"Einkauf";"-45,20"\n';
    const { entries, issues } = await read(text);
    expect(entries.map((e) => e.bookingDate)).toEqual(['2024-03-28']);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_DATE', 2, 1, 'Buchungsdatum']]);
    expect(issues[0]?.message).toBe(
      'Buchungsdatum "28.03.2024" has a four-digit year where the DKB layout writes DD.MM.YY; read as 2024-03-28',
    );
  });

  it('reads thousands grouped with a separator the profile does not declare when the decimal mark follows', async () => {
    const grouped = await read(REVOLUT_HEADER + revolut('"-1,050.00"', '0.00'));
    expect(grouped.entries.map((e) => e.money.amount.toString())).toEqual(['1050.00']);
    expect(grouped.issues.map(brief)).toEqual([['warning', 'INVALID_AMOUNT', 2, 67, 'Amount']]);
    expect(grouped.issues[0]?.message).toBe(
      'Amount "-1,050.00" groups its thousands with ",", which the Revolut layout does not (it writes -12.50); read as -1050.00',
    );
    // Without a decimal mark after it, `1,050` could be 1.050: still refused.
    const unclear = await read(REVOLUT_HEADER + revolut('"-1,050"', '0.00'));
    expect(unclear.issues.map(brief)).toEqual([['error', 'INVALID_AMOUNT', 2, 67, 'Amount']]);
  });
});
