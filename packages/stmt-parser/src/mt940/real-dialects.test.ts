import { parseString, type Entry, type ParseIssue, type TransactionDetail } from '@stmt/parser';

// Layouts seen in real bank files (ING, Banque Raiffeisen, de Volksbank, Volksbank, Raiffeisen
// Kärnten, an MT942 test export), rebuilt here with made-up data.

async function read(text: string): Promise<{ entries: Entry[]; issues: ParseIssue[] }> {
  const issues: ParseIssue[] = [];
  const entries: Entry[] = [];
  for await (const record of parseString(text, { fileName: 'bank.sta', onIssue: (issue) => issues.push(issue) }))
    if (record.kind === 'entry') entries.push(record.entry);
  return { entries, issues };
}

const detailOf = (entry: Entry | undefined): TransactionDetail => entry?.details[0] ?? {};

/** One MT940 statement around the given `:61:`/`:86:` lines (balances left to the test). */
const mt940 = (body: string, opening = 'C240101EUR100,00', closing = 'C240102EUR100,00'): string =>
  `:20:S1\n:25:NL20INGB0001234567EUR\n:28C:1\n:60F:${opening}\n${body}:62F:${closing}\n-\n`;

describe('ING: a first :86: line of 65 characters with its tag was wrapped', () => {
  it('glues it to the next line, so names and BICs cut there are whole, and spaces a shorter one', async () => {
    const first = ':86:/EREF/20240102000123456//CNTP/NL91ABNA0417164300/ABNANL2A/J.J';
    const second = ':86:/EREF/E2E-000123456789012345//CNTP/NL91ABNA0417164300/ABNANL2';
    expect([first.length, second.length]).toEqual([65, 65]);
    const { entries, issues } = await read(
      mt940(
        `:61:2401020102C32,00NTRF9001123412341234//00000000001011\n${first}\nanssen///REMI/USTD//Factuur 17/\n` +
          `:61:2401020102D32,00NTRFNONREF//00000000001012\n${second}\nA/Huurbaas BV///REMI/USTD//Huur januari/\n`,
      ),
    );
    expect(issues).toEqual([]);
    expect(entries.map((entry) => detailOf(entry).debtor ?? detailOf(entry).creditor)).toEqual([
      { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', name: 'J.Janssen' },
      { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', name: 'Huurbaas BV' },
    ]);
    // A first line short of the width ended there.
    const short = await read(
      mt940(
        ':61:2401020102C32,00NTRFNONREF\n:86:/CNTP/NL91ABNA0417164300/ABNANL2A/P.\nde Vries///REMI/USTD//Factuur 17/\n',
        undefined,
        'C240102EUR132,00',
      ),
    );
    expect(detailOf(short.entries[0]).debtor?.name).toBe('P. de Vries');
  });
});

describe('German/ZKA :86: with the transaction code alone on its first line', () => {
  it('reads the subfields that start on the next line, and not free text after the code', async () => {
    const { entries } = await read(
      mt940(
        ':61:2401020102CR1,00N229NONREF//FT24002ABC01\n:86:229\n?00VIREMENT\n?20Loyer janvier\n?21Appartement 3\n?30BCEELULLXXX\n?32Jean Muller\n',
        undefined,
        'C240102EUR101,00',
      ),
    );
    expect(detailOf(entries[0])).toMatchObject({
      bankTransactionCode: '229',
      additionalInfo: 'VIREMENT',
      remittanceInfo: 'Loyer janvier Appartement 3',
      debtor: { bic: 'BCEELULLXXX', name: 'Jean Muller' },
    });
    // A three-digit line followed by free text is free text.
    const text = await read(
      mt940(':61:2401020102C1,00NTRFNONREF\n:86:229\nLoyer janvier\n', undefined, 'C240102EUR101,00'),
    );
    expect(detailOf(text.entries[0]).remittanceInfo).toBe('229 Loyer janvier');
  });
});

describe('de Volksbank (SNS, ASN, RegioBank): the counterparty IBAN and name lead the text', () => {
  const blank = ' '.repeat(65);

  it('takes an IBAN with right check digits and the rest of its line as the counterparty', async () => {
    const { entries } = await read(
      mt940(
        `:61:2401020102D13,13NOVBNL91ABNA0417164300\nschildersbedrijf jansen\n:86:NL91ABNA0417164300 schildersbedrijf jansen\n${blank}\nFactuur 2024/17${' '.repeat(50)}\n${blank}\n`,
        undefined,
        'C240102EUR86,87',
      ),
    );
    expect(detailOf(entries[0])).toMatchObject({
      creditor: { iban: 'NL91ABNA0417164300', name: 'schildersbedrijf jansen' },
      remittanceInfo: 'Factuur 2024/17',
    });
  });

  it('takes the same from the :61: supplementary line when :86: names no account, never with wrong check digits', async () => {
    const { entries } = await read(
      mt940(
        ':61:2401020102D13,13NTRFNONREF\nNL91ABNA0417164300 schildersbedrijf jansen\n:86:Factuur 2024/17\n',
        undefined,
        'C240102EUR86,87',
      ),
    );
    expect(detailOf(entries[0])).toMatchObject({
      creditor: { iban: 'NL91ABNA0417164300', name: 'schildersbedrijf jansen' },
      remittanceInfo: 'Factuur 2024/17',
    });
    expect(entries[0]?.additionalInfo).toBeUndefined();
    // An IBAN with wrong check digits is left in the text.
    const wrong = await read(
      mt940(
        ':61:2401020102D13,13NTRFNONREF\n:86:NL92ABNA0417164300 schildersbedrijf jansen\n',
        undefined,
        'C240102EUR86,87',
      ),
    );
    expect(detailOf(wrong.entries[0])).toEqual({ remittanceInfo: 'NL92ABNA0417164300 schildersbedrijf jansen' });
  });
});

describe('MT942: an unreadable optional entry date, and a currency the totals contradict', () => {
  const report = (line61: string, floor = 'EUR0,', totals = ':90D:0EUR0,\n:90C:1EUR10,\n'): string =>
    `:20:STARTDISP\n:25:DE89370400440532013000\n:28C:00001\n:34F:${floor}\n:13D:2401051302+0100\n${line61}\n:86:166?00GUTSCHRIFT?20SVWZ+Rechnung 4711?32Max Muster\n${totals}-\n`;

  it('books the entry on its value date, with a warning quoting the entry date, when the rest of the line is plain', async () => {
    const { entries, issues } = await read(report(':61:2401051305C10,NTRFNONREF'));
    expect(entries.map((entry) => [entry.bookingDate, entry.valueDate, entry.money.amount.toString()])).toEqual([
      ['2024-01-05', '2024-01-05', '10'],
    ]);
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'INVALID_VALUE',
        message: expect.stringContaining('entry date "1305"'),
        location: expect.objectContaining({ line: 6, path: ':61:' }),
      }),
    ]);
    // Not when something else in the line is a guess too (an amount without its comma).
    const guess = await read(report(':61:2401051305C10NTRFNONREF'));
    expect(guess.entries).toEqual([]);
    expect(guess.issues.filter((issue) => issue.severity === 'error').map((issue) => issue.code)).toContain(
      'INVALID_DATE',
    );
  });

  it('warns when :34F: and :90D:/:90C: name different currencies, and checks the sum against the entries', async () => {
    const { entries, issues } = await read(report(':61:240105C10,NTRFNONREF', 'DKKD1,00'));
    expect(entries.map((entry) => entry.money.currency)).toEqual(['DKK']);
    expect(issues).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'INVALID_VALUE',
        message: expect.stringMatching(/EUR.*DKK/),
        location: expect.objectContaining({ path: ':90D:' }),
      }),
    ]);
  });

  it('names the entries’ currency when the contradicting sum does not match either', async () => {
    const { issues } = await read(report(':61:240105C10,NTRFNONREF', 'DKKD1,00', ':90D:0EUR0,\n:90C:1EUR12,\n'));
    expect(issues.map((issue) => [issue.severity, issue.code])).toEqual([
      ['warning', 'INVALID_VALUE'],
      ['error', 'UNRECONCILED_BALANCE'],
    ]);
    expect(issues[1]?.message).toMatch(/add up to 10 DKK/);
  });
});

describe('German SEPA keyword PURP+ and ZKA code 999', () => {
  it('reads PURP+ as the purpose code, and keeps the words after the code as remittance', async () => {
    const { entries } = await read(
      mt940(
        ':61:2402280228C50,00NSTO\n:86:152?00DA-GUTSCHRIFT?10931?20PURP+RINP Dauerauftrag/Rate\n?21SVWZ+Spende Februar?30GENODEF1XXX?31DE89370400440532013000?32Erika Beispiel\n',
        'C240227EUR100,00',
        'C240228EUR150,00',
      ),
    );
    expect(detailOf(entries[0])).toMatchObject({
      purposeCode: 'RINP',
      remittanceInfo: 'Spende Februar Dauerauftrag/Rate',
    });
  });

  it('drops the code 999 (unstructured text follows) from the remittance, but not a lone 999', async () => {
    const { entries } = await read(
      mt940(
        ':61:2401020102C1,00NTRFNONREF\n:86:999foo\nTest Überweisung\n:61:2401020102C1,00NTRFNONREF\n:86:999\n',
        undefined,
        'C240102EUR102,00',
      ),
    );
    expect(entries.map((entry) => detailOf(entry).remittanceInfo)).toEqual(['foo Test Überweisung', '999']);
  });
});
