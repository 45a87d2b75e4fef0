import { brief, conversionError } from './support/issues';
import { readRecords, type Read } from './support/read-records';

const read = (text: string): Promise<Read> => readRecords(text);

const statement = (account: string, balanceCurrency = 'EUR'): string =>
  `:20:REF\n:25:${account}\n:28C:1\n:60F:C240101${balanceCurrency}100,00\n:61:240102D10,00NTRFNONREF\n:86:Miete\n:62F:C240102${balanceCurrency}90,00\n-\n`;

describe('MT940 :25: account followed by its currency', () => {
  it.each([
    ['NL50RABO0156750961 EUR', 'NL50RABO0156750961'],
    ['NL10BUNQ2290325473 EUR', 'NL10BUNQ2290325473'],
    ['NL20INGB0001234567EUR', 'NL20INGB0001234567'],
  ])('reads %s as the IBAN %s and its currency', async (written, iban) => {
    const { headers, entries, issues } = await read(statement(written));
    expect(headers[0]?.account).toEqual({ iban, currency: 'EUR' });
    expect(entries[0]?.account.iban).toBe(iban);
    expect(issues).toEqual([]);
  });

  it('keeps an IBAN whose own last letters look like a currency (Mauritius) whole', async () => {
    const { headers } = await read(statement('MU17BOMM0101101030300200000MUR', 'MUR'));
    expect(headers[0]?.account.iban).toBe('MU17BOMM0101101030300200000MUR');
  });

  it('keeps the text as written when what stands before the code is not an IBAN with right check digits', async () => {
    const { headers } = await read(statement('NL51RABO0156750961 EUR'));
    expect(headers[0]?.account).toEqual({ iban: 'NL51RABO0156750961EUR', currency: 'EUR' });
  });

  it('reads a BIC, the account and its currency after a slash (Raiffeisen Hungary)', async () => {
    const { headers, issues } = await read(statement('UBRTHUHB/123456789150ABCDEF002/HUF', 'HUF'));
    expect(headers[0]?.account).toEqual({ servicerBic: 'UBRTHUHB', otherId: '123456789150ABCDEF002', currency: 'HUF' });
    expect(issues).toEqual([]);
    const iban = await read(statement('DE89370400440532013000/EUR'));
    expect(iban.headers[0]?.account).toEqual({ iban: 'DE89370400440532013000', currency: 'EUR' });
  });

  it('still reads Rabobank’s account number with the currency glued on', async () => {
    const { headers, issues } = await read(statement('1291.99.348EUR'));
    expect(headers[0]?.account).toEqual({ otherId: '1291.99.348', currency: 'EUR' });
    expect(issues).toEqual([]);
  });

  it('warns at the balance when its currency is not the one after the account, and reads the entries in the balance’s', async () => {
    for (const account of ['NL50RABO0156750961 EUR', '1291.99.348EUR']) {
      const { entries, issues } = await read(statement(account, 'USD'));
      expect(entries.map((e) => e.money.currency)).toEqual(['USD']);
      expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 4, 13, ':60F:']]);
      expect(issues[0]?.message).toBe(
        ':60F: is in USD, but the account :25: on line 2 is followed by currency EUR; the entries are read in USD',
      );
    }
  });
});

describe('MT940 statement without a closing balance', () => {
  const open =
    ':20:A\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240101EUR10,00\n:61:240101D2,50NTRFNONREF\n:86:Miete\n';

  it('reads the entries of a statement its "-" ends, with a warning at the statement', async () => {
    const { entries, issues } = await read(`${open}-\n`);
    expect(entries).toHaveLength(1);
    expect(issues.map(brief)).toEqual([['warning', 'MISSING_ELEMENT', 1, 5, ':20:']]);
    expect(issues[0]?.message).toBe(
      'expected a closing balance :62F: or :62M: in the statement: its end-of-message line "-" on line 7 follows, so its entries are complete, but there is no closing balance to reconcile them against',
    );
    expect(await conversionError(`${open}-\n`, 'x.sta')).toBeUndefined();
  });

  it('reads the entries of a statement the next statement’s :20: follows, with a warning at the statement', async () => {
    const next = ':20:B\n:25:DE89370400440532013000\n:28C:2/1\n:60F:C240101EUR7,50\n:62F:C240101EUR7,50\n';
    const { entries, issues } = await read(`${open}${next}`);
    expect(entries).toHaveLength(1);
    expect(issues.map(brief)).toEqual([['warning', 'MISSING_ELEMENT', 1, 5, ':20:']]);
    expect(issues[0]?.message).toMatch(/the next statement's :20: on line 7 follows, so its entries are complete/);
  });

  it('refuses a file that just ends without "-" and without the closing balance as truncated', async () => {
    const { issues } = await read(open);
    expect(issues.map(brief)).toEqual([['error', 'TRUNCATED', 7, 1, undefined]]);
    expect(issues[0]?.message).toBe(
      'the file ends before the closing balance :62F:/:62M: of the statement, without its end-of-message line "-": the file is truncated',
    );
  });
});

describe('MT940 references longer than 16 characters', () => {
  it('keeps them whole in the rows, each with a warning at the reference', async () => {
    const text =
      ':20:STARTUMS\n:25:12345678/1234567890\n:28C:1\n:60F:C230209EUR100,00\n' +
      ':61:2302090209CR2,00NTRF2023-02-09-08.37.18.054696\n:86:Test 1\n' +
      ':61:2302090209CR1,00NTRF2023-02-09-08.37.18.552784\n:86:Test 2\n' +
      ':61:140328C0,01NDDT15976//96550046549608644\n:86:Test 3\n:62F:C230209EUR103,01\n-\n';
    const { entries, issues } = await read(text);
    expect(entries.map((e) => [e.entryReference, e.accountServicerReference, e.additionalInfo])).toEqual([
      ['2023-02-09-08.37.18.054696', undefined, undefined],
      ['2023-02-09-08.37.18.552784', undefined, undefined],
      ['15976', '96550046549608644', undefined],
    ]);
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 5, 25, ':61:'],
      ['warning', 'INVALID_VALUE', 7, 25, ':61:'],
      ['warning', 'INVALID_VALUE', 9, 27, ':61:'],
    ]);
  });
});

describe('MT942 whose totals do not reconcile', () => {
  const report =
    '{1:F01SIIBUS30AXXX0481250571}{2:O9421332080620LPLPXXXX4A0800001263160806200933N}{4:\n' +
    ':20:02761\n:25:6-9412771\n:28C:1/1\n:34F:USD123,\n:13D:0001032359+0500\n' +
    ':61:0312091209D880,FTRFNONREF\n:86:info\n:90D:1USD123,\n:90C:1USD123,\n';

  it('names each total once, and no cut, when the message ends with "-}" on a last line without line break', async () => {
    const { issues } = await read(`${report}-}{5:{CHK:F7C4F89AF66D}}`);
    expect(issues.map(brief)).toEqual([
      ['error', 'UNRECONCILED_BALANCE', 9, 6, ':90D:'],
      ['error', 'UNRECONCILED_BALANCE', 10, 6, ':90C:'],
    ]);
  });

  it('reports a report cut before its "-" once as TRUNCATED at the end of the file', async () => {
    const { issues } = await read(report.slice(0, -1));
    expect(issues.filter((i) => i.code === 'TRUNCATED').map(brief)).toEqual([
      ['error', 'TRUNCATED', 10, 14, undefined],
    ]);
  });
});

describe('MT940 :61: supplementary details', () => {
  const rabobank =
    ':20:940S140723\n:25:NL50RABO0156750961 EUR\n:28C:0\n:60F:C140722EUR000000768,18\n' +
    ':61:140722D0000000672,66N505NONREF\nNL86RABO3462483153\n:86:/BENM//NAME/ZILVERLINE B.V./ISDT/2014-07-22\n' +
    ':61:140723C0000000429,14N541EREF\nNL93ABNA0617558213\n:86:/EREF/1407220203722001/ORDP//NAME/COMPANY B V/REMI/2037 201407-323/ISDT/2014-07-23\n' +
    ':62F:C140723EUR000000000524,66\n';

  it('reads an IBAN there as the counterparty’s account when :86: names none', async () => {
    const { entries, issues } = await read(rabobank);
    expect(entries.map((e) => [e.details[0]?.creditor, e.details[0]?.debtor, e.additionalInfo])).toEqual([
      [{ name: 'ZILVERLINE B.V.', iban: 'NL86RABO3462483153' }, undefined, undefined],
      [undefined, { name: 'COMPANY B V', iban: 'NL93ABNA0617558213' }, undefined],
    ]);
    expect(entries[1]?.details[0]?.remittanceInfo).toBe('2037 201407-323');
    expect(issues).toEqual([]);
  });

  it('keeps other text as the entry’s additional information, with a note where the :86: text fills the row', async () => {
    const text =
      ':20:A\n:25:CH9300762011623852957\n:28C:1\n:60F:C240329CHF0,\n' +
      ':61:2404020402C79,7FMSC01916//NONREF\n20240402007602198765432000000012\n:86:GIRO AUS ONLINE-SIC\n' +
      ':61:2404020402C1,FMSC01917//NONREF\n911-TRANSAKCJA IPH\n:86:911-TRANSAKCJA IPH; ID 1\n' +
      ':61:2404020402C1,FMSC01918//NONREF\nNL86RABO3462483153\n:86:/IBAN/NL93ABNA0617558213/NAME/X/REMI/Y\n' +
      ':62F:C240402CHF81,7\n-\n';
    const { entries, issues } = await read(text);
    expect(entries.map((e) => e.additionalInfo)).toEqual([
      '20240402007602198765432000000012',
      '911-TRANSAKCJA IPH',
      'NL86RABO3462483153',
    ]);
    expect(entries[2]?.details[0]?.debtor?.iban).toBe('NL93ABNA0617558213');
    expect(issues.map(brief)).toEqual([
      ['note', 'INVALID_VALUE', 6, 1, ':61:'],
      ['note', 'INVALID_VALUE', 12, 1, ':61:'],
    ]);
    expect(issues[0]?.message).toBe(
      'the supplementary details "20240402007602198765432000000012" of :61: are kept as the entry\'s additional information; the row\'s remittance_info is the :86: text',
    );
  });
});
