import type { ParseIssue } from '@stmt/parser';
import { brief, conversionError } from './support/issues';
import { readRecords } from './support/read-records';

const read = readRecords;
const FIRST_86 =
  ':86:105?00SEPA-BASISLASTSCHRIFT?109310?20EREF+E2E-2023-12-001?21MREF+M\n' +
  'AND-77?22CRED+DE98ZZZ09999999999?23SVWZ+Stromrechnung Nr. 1234\n' +
  '?245 Dezember 2023?30COBADEFFXXX?31DE02120300000000202051\n' +
  '?32Stadtwerke Müller GmbH\n';
const SECOND_86 =
  ':86:166?00SEPA-GUTSCHRIFT?20EREF+NOTPROVIDED?21SVWZ+Gehalt Januar?30BYLADEMM?31DE12500105170648489890?32Arbeitgeber AG\n';

/**
 * A statement of two entries: `:20:` on line 1, the first `:61:` on line 5 with its `:86:` on
 * lines 6–9, the second `:61:` on line 10, its `:86:` on line 11, the closing balance on line 12.
 */
function statement(
  change: { second61?: string; second86?: string; closing?: string; opening?: string; sequence?: string } = {},
): string {
  return (
    ':20:STARTUMS\n:25:DE89370400440532013000\n' +
    `${change.sequence ?? ':28C:'}00001/001\n` +
    `${change.opening ?? ':60F:C240101EUR1000,00'}\n` +
    `:61:2401020102DR150,00NDDTKREF-4711//BANKREF-1\n${FIRST_86}` +
    `${change.second61 ?? ':61:'}240103C2500,00NTRFNONREF//BANKREF-2\n` +
    `${change.second86 ?? SECOND_86}` +
    `${change.closing ?? ':62F:C240103EUR3350,00'}\n-\n`
  );
}

const FIRST_ENTRY = {
  remittanceInfo: 'Stromrechnung Nr. 12345 Dezember 2023',
  creditor: { bic: 'COBADEFFXXX', iban: 'DE02120300000000202051', name: 'Stadtwerke Müller GmbH' },
};
const errors = (issues: ParseIssue[]): ParseIssue[] => issues.filter((i) => i.severity === 'error');

describe('MT940 tags written after blanks', () => {
  it.each([
    ['a blank', ' :61:'],
    ['a tab', '\t:61:'],
  ])(
    'reads a :61: after %s as the entry it starts, with a warning at the tag, not as text of the :86: before it',
    async (_, tag) => {
      const { entries, statements, issues } = await read(statement({ second61: tag }));
      expect(entries.map((e) => e.money.amount.toString())).toEqual(['150.00', '2500.00']);
      expect(entries[0]?.details?.[0]).toMatchObject(FIRST_ENTRY);
      expect(statements[0]?.entryCount).toBe(2);
      expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 10, 2, ':61:']]);
      expect(issues[0]?.message).toMatch(
        /^the tag :61: is written after .*read as the start of field :61:, not as text of the :86: on line 6/,
      );
    },
  );

  it('reads a statement whose every tag is indented, found by its content, warning once', async () => {
    const indented = statement()
      .split('\n')
      .map((line, i) => (i > 0 && line.startsWith(':') ? `  ${line}` : line))
      .join('\n');
    const { entries, statements, issues } = await read(indented);
    expect(entries.map((e) => `${e.money.amount.toString()} ${e.money.currency}`)).toEqual([
      '150.00 EUR',
      '2500.00 EUR',
    ]);
    expect(entries[0]?.account.iban).toBe('DE89370400440532013000');
    expect(statements[0]?.balances.map((b) => b.type)).toEqual(['OPBD', 'CLBD']);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 2, 3, ':25:']]);
  });

  it('keeps an indented tag that MT940 does not know as text of the field before it', async () => {
    const { entries, issues } = await read(
      statement({ second86: ':86:Gehalt Januar\n :72:Bonus\n', closing: ':62F:C240103EUR3350,00' }),
    );
    expect(entries[1]?.details?.[0]?.remittanceInfo).toBe('Gehalt Januar :72:Bonus');
    expect(issues).toEqual([]);
  });
});

describe('MT940 unknown tags', () => {
  it('warns at a :72: after an entry’s :86:, once per statement, and reads the rest', async () => {
    const { entries, issues } = await read(
      statement({ closing: ':72:/BNF/extra info\n:72:/BNF/more\n:62F:C240103EUR3350,00' }),
    );
    expect(entries).toHaveLength(2);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 12, 5, ':72:']]);
    expect(issues[0]?.message).toMatch(
      /^unknown tag :72:, which MT940\/MT942 does not define: its text is not read; if it is text of the :86: on line 11 .* missing from the entry :61: on line 10/,
    );
  });

  it('warns at an unknown tag where the entry’s :86: would stand, naming the entry read without it', async () => {
    const { entries, issues } = await read(statement({ second86: SECOND_86.replace(':86:', ':99:') }));
    expect(entries[1]?.details).toEqual([]);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 11, 5, ':99:']]);
    expect(issues[0]?.message).toMatch(/stands where the :86: of the entry :61: on line 10 would/);
  });

  it('does not let an unknown tag part a :61: from its :86:', async () => {
    const { entries, issues } = await read(statement({ second86: `:72:x\n${SECOND_86}` }));
    expect(entries[1]?.details?.[0]?.remittanceInfo).toBe('Gehalt Januar');
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 11, 5, ':72:']]);
  });
});

describe('MT940 tags in lower case', () => {
  it('reads :28c:, :60f: and :62f: as their tags, with a warning at each', async () => {
    const { entries, statements, issues } = await read(
      statement({ sequence: ':28c:', opening: ':60f:C240101EUR1000,00', closing: ':62f:C240103EUR3350,00' }),
    );
    expect(entries.map((e) => `${e.money.amount.toString()} ${e.money.currency}`)).toEqual([
      '150.00 EUR',
      '2500.00 EUR',
    ]);
    expect(statements[0]?.electronicSequenceNumber).toBe('00001/001');
    expect(statements[0]?.balances.map((b) => `${b.type} ${b.money.amount.toString()}`)).toEqual([
      'OPBD 1000.00',
      'CLBD 3350.00',
    ]);
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 3, 1, ':28C:'],
      ['warning', 'INVALID_VALUE', 4, 1, ':60F:'],
      ['warning', 'INVALID_VALUE', 12, 1, ':62F:'],
    ]);
    expect(issues[2]?.message).toMatch(
      /^the tag :62f: is not written in capital letters as SWIFT tags are: read as :62F:/,
    );
  });

  it('reads a lower-case :62f: on the last line of a file without "-" as the closing balance, not a cut', async () => {
    const text = statement({ closing: ':62f:C240103EUR3350,00' }).replace(/-\n$/, '');
    const { issues } = await read(text);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 12, 1, ':62F:']]);
  });

  it('reads MT942 :13d:, :90d: and :90c:', async () => {
    const report =
      ':20:MT942-0001\n:25:DE89370400440532013000\n:28C:00003/1\n:34F:EUR0,\n:13d:2404021530+0200\n' +
      ':61:2404020402D19,99NDDTNONREF\n:86:Musikabo April\n:90d:1EUR19,99\n:90c:0EUR0,\n-\n';
    const { headers, entries, issues } = await read(report);
    expect(headers[0]).toMatchObject({ format: 'mt942', createdAt: '2024-04-02T13:30:00Z' });
    expect(entries.map((e) => e.money.amount.toString())).toEqual(['19.99']);
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_VALUE', 5, 1, ':13D:'],
      ['warning', 'INVALID_VALUE', 8, 1, ':90D:'],
      ['warning', 'INVALID_VALUE', 9, 1, ':90C:'],
    ]);
    // Their totals are checked: a wrong sum in a lower-case :90d: is found.
    const wrong = await read(report.replace(':90d:1EUR19,99', ':90d:1EUR20,99'));
    expect(errors(wrong.issues).map(brief)).toEqual([['error', 'UNRECONCILED_BALANCE', 8, 6, ':90D:']]);
  });
});

describe('German SEPA keyword values and the subfields after them', () => {
  const with86 = (text: string): string => statement({ second86: `${text}\n` });

  it('ends EREF+ with a subfield it does not fill: the next subfield without a keyword is the remittance', async () => {
    const { entries, issues } = await read(
      with86(':86:166?00SEPA-GUTSCHRIFT?20EREF+E2E-77?21Miete Januar Wohnung 3?32Arbeitgeber AG'),
    );
    expect(entries[1]?.details?.[0]).toMatchObject({
      endToEndId: 'E2E-77',
      remittanceInfo: 'Miete Januar Wohnung 3',
      additionalInfo: 'SEPA-GUTSCHRIFT',
    });
    expect(issues).toEqual([]);
  });

  it('reads EREF+NOTPROVIDED as no end-to-end id, the next subfield as the remittance', async () => {
    const { entries } = await read(with86(':86:166?00SEPA-GUTSCHRIFT?20EREF+NOTPROVIDED?21Miete Januar Wohnung 3'));
    expect(entries[1]?.details?.[0]?.endToEndId).toBeUndefined();
    expect(entries[1]?.details?.[0]?.remittanceInfo).toBe('Miete Januar Wohnung 3');
  });

  it('goes on into the next subfield after a full one, warning at the :86: when no SVWZ+ says where the remittance is', async () => {
    const full = '?20EREF+ORDER-2024-00000000000?21123456';
    const told = await read(with86(`:86:166${full}?22SVWZ+Rechnung 17`));
    expect(told.entries[1]?.details?.[0]).toMatchObject({
      endToEndId: 'ORDER-2024-00000000000123456',
      remittanceInfo: 'Rechnung 17',
    });
    expect(told.issues).toEqual([]);
    const guessed = await read(with86(`:86:166${full}`));
    expect(guessed.entries[1]?.details?.[0]?.endToEndId).toBe('ORDER-2024-00000000000123456');
    expect(guessed.issues.map(brief)).toEqual([['warning', 'INVALID_VALUE', 11, 5, ':86:']]);
    expect(guessed.issues[0]?.message).toMatch(
      /EREF\+ value fills its subfield.*may instead be remittance information/,
    );
  });
});

describe('MT940 balance amounts with a sign', () => {
  it('leaves out an opening balance :60F:C240101EUR-1000,00 with a warning naming the amount unreadable', async () => {
    const { entries, statements, issues } = await read(statement({ opening: ':60F:C240101EUR-1000,00' }));
    expect(entries.map((e) => `${e.money.amount.toString()} ${e.money.currency}`)).toEqual([
      '150.00 EUR',
      '2500.00 EUR',
    ]);
    expect(statements[0]?.balances.map((b) => b.type)).toEqual(['CLBD']);
    expect(errors(issues)).toEqual([]);
    const amount = issues.find((i) => i.code === 'INVALID_AMOUNT');
    expect(amount && brief(amount)).toEqual(['warning', 'INVALID_AMOUNT', 4, 16, ':60F:']);
    expect(amount?.message).toMatch(
      /^the balance amount "-1000,00" is unreadable: .*no sign.*; the balance is left out/,
    );
  });

  it('leaves out a closing balance :62F:C240103EUR-3350,00 the same way, not reading it as 3350', async () => {
    const { statements, issues } = await read(statement({ closing: ':62F:C240103EUR-3350,00' }));
    expect(statements[0]?.balances.map((b) => b.type)).toEqual(['OPBD']);
    expect(issues.map(brief)).toEqual([
      ['warning', 'INVALID_AMOUNT', 12, 16, ':62F:'],
      ['warning', 'MISSING_ELEMENT', 1, 5, ':20:'],
    ]);
    expect(issues[0]?.message).toMatch(/^the balance amount "-3350,00" is unreadable/);
  });
});

describe('MT940 file cut inside a :61:', () => {
  const cut = statement().slice(0, statement().indexOf(':61:240103C2') + ':61:240103C2'.length);

  it('is TRUNCATED at the end of the file, in conversion as in validation, and reported once', async () => {
    const error = await conversionError(cut, 'cut.sta');
    expect(error).toMatchObject({ code: 'TRUNCATED', location: { file: 'cut.sta', line: 10, column: 13 } });
    const { issues } = await read(cut);
    expect(issues.map(brief)).toEqual([['error', 'TRUNCATED', 10, 13, ':61:']]);
    expect(issues[0]?.message).toMatch(
      /^the file ends inside the statement line :61: on its last line 10, which has no line break: "240103C2" is not a whole entry/,
    );
  });

  it('still refuses a :61: that cannot be read when the line is whole', async () => {
    const { issues } = await read(`${cut}\n`);
    expect(errors(issues).map((i) => i.code)).toEqual(['INVALID_VALUE', 'TRUNCATED']);
  });
});
