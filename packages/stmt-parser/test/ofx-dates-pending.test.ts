import {
  parseString,
  StatementParseError,
  type Entry,
  type ParseIssue,
  type StatementHeader,
  type StatementRecord,
} from '@stmt/parser';
import { brief, conversionError } from './support/issues';

// Small OFX 1.x texts, one aggregate per line so that a line number is the index in the array plus one.
const SGML_HEADER = ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', '']; // 1–4
const PERIOD = '<DTSTART>20240101<DTEND>20240131';
const trn = (posted = '20240105', fitid = 'A1', extra = ''): string =>
  `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${posted}<TRNAMT>-12.34<FITID>${fitid}${extra}<NAME>PADARIA</STMTTRN>`;
const LEDGER = '<LEDGERBAL><BALAMT>100.00<DTASOF>20240131</LEDGERBAL>';

/** One statement in its own STMTTRNRS: `<STMTRS>` on line 7 of the first, the list's children from line 10. */
function statement({
  curdef = 'EUR',
  list = [PERIOD, trn()],
  after = [LEDGER],
}: { curdef?: string; list?: string[]; after?: string[] } = {}): string[] {
  return [
    '<STMTTRNRS>', // 6
    `<STMTRS><CURDEF>${curdef}`, // 7
    '<BANKACCTFROM><BANKID>1<ACCTID>123<ACCTTYPE>CHECKING</BANKACCTFROM>', // 8
    '<BANKTRANLIST>', // 9
    ...list, // 10 …
    '</BANKTRANLIST>',
    ...after,
    '</STMTRS>',
    '</STMTTRNRS>',
  ];
}

const file = (...statements: string[][]): string =>
  [...SGML_HEADER, '<OFX><BANKMSGSRSV1>', ...statements.flat(), '</BANKMSGSRSV1></OFX>'].join('\n'); // <OFX> on 5

const STMT = 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS';
const LIST = `${STMT}/BANKTRANLIST`;

interface Read {
  records: StatementRecord[];
  entries: Entry[];
  issues: ParseIssue[];
}

/** Everything `validate` sees: records, and the warnings and errors (notes left out). */
async function read(text: string, options: { strict?: boolean } = {}): Promise<Read> {
  const result: Read = { records: [], entries: [], issues: [] };
  const onIssue = (issue: ParseIssue): void => void (issue.severity === 'note' ? undefined : result.issues.push(issue));
  for await (const record of parseString(text, { fileName: 'bank.ofx', onIssue, ...options })) {
    result.records.push(record);
    if (record.kind === 'entry') result.entries.push(record.entry);
  }
  return result;
}

const rows = (entries: Entry[]): string[] =>
  entries.map(
    (e) => `${e.statementId} ${e.bookingDate} ${e.valueDate ?? '-'} ${e.creditDebit} ${e.money.amount.toString()}`,
  );

const headers = (records: StatementRecord[], kind: 'statement-start' | 'statement-end'): StatementHeader[] =>
  records.flatMap((record) => (record.kind === kind ? [record.statement] : []));

const balances = (records: StatementRecord[]): string[] =>
  records.flatMap((record) =>
    record.kind === 'statement-end'
      ? record.statement.balances.map((b) => `${b.type} ${b.money.amount.toString()} ${b.date ?? 'undated'}`)
      : [],
  );

describe('OFX dates whose time or time zone is not in OFX shape', () => {
  it.each([
    ['20240105120000[-03:00]', 'the time zone "[-03:00]" is not [offset:TZ] (such as [-5:EST])'],
    ['20240105120000[-0300]', 'the time zone "[-0300]" is not [offset:TZ] (such as [-5:EST])'],
    ['20240105120000[GMT]', 'the time zone "[GMT]" is not [offset:TZ] (such as [-5:EST])'],
    ['20240105120000[UTC]', 'the time zone "[UTC]" is not [offset:TZ] (such as [-5:EST])'],
    ['20240105120000.0000', 'the fraction of a second ".0000" has 4 digits, not 1 to 3'],
    [
      '20240105120000.0000[-03:00]',
      'the fraction of a second ".0000" has 4 digits, not 1 to 3 and the time zone "[-03:00]" is not [offset:TZ] (such as [-5:EST])',
    ],
    ['20240105250000', 'the time "250000" is not a time of day'],
    // ISO 8601 puts the year first, so which day it is is not in doubt (was refused).
    ['2024-01-05', 'it is written YYYY-MM-DD, not YYYYMMDD as OFX writes dates'],
    [
      '2024-01-05T12:00:00',
      'it is written YYYY-MM-DD, not YYYYMMDD as OFX writes dates, and the text after it, "T12:00:00", is not read',
    ],
  ])('reads <DTPOSTED>%s as 2024-01-05, with a warning at the DTPOSTED', async (posted, problem) => {
    const text = file(statement({ list: [PERIOD, trn(posted)] }));
    const { entries, issues } = await read(text);
    expect(rows(entries)).toEqual(['123-20240131 2024-01-05 - DBIT 12.34']);
    expect(issues.map(brief)).toEqual([['warning', 'INVALID_DATE', 11, 24, `${LIST}/STMTTRN[1]/DTPOSTED`]]);
    expect(issues[0]?.message).toBe(
      `date ${JSON.stringify(posted)} in <DTPOSTED>: ${problem}; read as 2024-01-05, the date as written`,
    );
    expect(await conversionError(text, 'bank.ofx')).toBeUndefined();
  });

  it('reads every date element so, each with a warning at it', async () => {
    const text = file(
      statement({
        list: [
          '<DTSTART>20240101000000[GMT]<DTEND>20240131235959[-03:00]', // 10
          trn('20240105120000[-0300]', 'A1', '<DTAVAIL>20240106.0000'), // 11
        ],
        after: [
          '<LEDGERBAL><BALAMT>100.00<DTASOF>20240131[UTC]</LEDGERBAL>', // 13
          '<AVAILBAL><BALAMT>90.00<DTASOF>20240131120000[-3:BRT]</AVAILBAL>', // 14: in OFX shape
        ],
      }),
    );
    const { entries, records, issues } = await read(text);
    expect(rows(entries)).toEqual(['123-20240131 2024-01-05 2024-01-06 DBIT 12.34']);
    expect(headers(records, 'statement-start').map((h) => [h.statementId, h.fromDate, h.toDate])).toEqual([
      ['123-20240131', '2024-01-01', '2024-01-31'],
    ]);
    expect(balances(records)).toEqual(['CLBD 100.00 2024-01-31', 'CLAV 90.00 2024-01-31']);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'INVALID_DATE',
        10,
        1,
        `${LIST}/DTSTART`,
        'date "20240101000000[GMT]" in <DTSTART>: the time zone "[GMT]" is not [offset:TZ] (such as [-5:EST]); read as 2024-01-01, the date as written',
      ],
      [
        'warning',
        'INVALID_DATE',
        10,
        29,
        `${LIST}/DTEND`,
        'date "20240131235959[-03:00]" in <DTEND>: the time zone "[-03:00]" is not [offset:TZ] (such as [-5:EST]); read as 2024-01-31, the date as written',
      ],
      [
        'warning',
        'INVALID_DATE',
        11,
        24,
        `${LIST}/STMTTRN[1]/DTPOSTED`,
        'date "20240105120000[-0300]" in <DTPOSTED>: the time zone "[-0300]" is not [offset:TZ] (such as [-5:EST]); read as 2024-01-05, the date as written',
      ],
      [
        'warning',
        'INVALID_DATE',
        11,
        78,
        `${LIST}/STMTTRN[1]/DTAVAIL`,
        'date "20240106.0000" in <DTAVAIL>: the time ".0000" is not HHMMSS[.XXX]; read as 2024-01-06, the date as written',
      ],
      [
        'warning',
        'INVALID_DATE',
        13,
        26,
        `${STMT}/LEDGERBAL/DTASOF`,
        'date "20240131[UTC]" in <DTASOF>: the time zone "[UTC]" is not [offset:TZ] (such as [-5:EST]); read as 2024-01-31, the date as written',
      ],
    ]);
  });

  it('gives no warning for dates in OFX shape', async () => {
    const { entries, issues } = await read(
      file(statement({ list: [PERIOD, trn('20240105120000.000[-5:EST]'), trn('20240106', 'A2')] })),
    );
    expect(entries.map((e) => e.bookingDate)).toEqual(['2024-01-05', '2024-01-06']);
    expect(issues).toEqual([]);
  });

  it('refuses the deviation with --strict', async () => {
    const { issues } = await read(file(statement({ list: [PERIOD, trn('20240105120000[-03:00]')] })), {
      strict: true,
    });
    expect(issues.map((i) => [i.severity, i.code, i.location.path])).toEqual([
      ['error', 'INVALID_DATE', `${LIST}/STMTTRN[1]/DTPOSTED`],
    ]);
    expect(issues[0]?.message).toMatch(/read as 2024-01-05, the date as written \(refused: strict mode\)$/);
  });

  it.each(['2024-31-01', '20240231120000', '05012024', 'N/A'])(
    'still refuses <DTPOSTED>%s, whose first eight characters are not a date',
    async (posted) => {
      const text = file(statement({ list: [PERIOD, trn(posted)] }));
      const { entries, issues } = await read(text);
      expect(entries).toEqual([]);
      expect(issues.map(brief)).toEqual([['error', 'INVALID_DATE', 11, 24, `${LIST}/STMTTRN[1]/DTPOSTED`]]);
      expect(await conversionError(text, 'bank.ofx')).toBeInstanceOf(StatementParseError);
    },
  );
});

describe('OFX dates no row depends on, unreadable', () => {
  it.each([
    [
      '<DTASOF>N/A',
      26,
      'INVALID_DATE',
      'expected a date YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]] in <DTASOF> in <LEDGERBAL>, found "N/A"',
    ],
    ['<DTASOF></DTASOF>', 26, 'MISSING_ELEMENT', 'empty <DTASOF> in <LEDGERBAL>'],
    ['<DTASOF>', 26, 'MISSING_ELEMENT', 'empty <DTASOF> in <LEDGERBAL>'],
  ])(
    'keeps a <LEDGERBAL> with %s without its date, with a warning at the DTASOF',
    async (asOf, column, code, found) => {
      const text = file(statement({ after: [`<LEDGERBAL><BALAMT>100.00${asOf}</LEDGERBAL>`] }));
      const { entries, records, issues } = await read(text);
      expect(rows(entries)).toEqual(['123-20240131 2024-01-05 - DBIT 12.34']);
      expect(balances(records)).toEqual(['CLBD 100.00 undated']);
      expect(issues.map(brief)).toEqual([['warning', code, 13, column, `${STMT}/LEDGERBAL/DTASOF`]]);
      expect(issues[0]?.message).toBe(`${found}; the balance is kept without a date (no row depends on it)`);
      expect(await conversionError(text, 'bank.ofx')).toBeUndefined();
    },
  );

  it('keeps an <AVAILBAL> with an unreadable DTASOF without its date, too', async () => {
    const { records, issues } = await read(
      file(statement({ after: [LEDGER, '<AVAILBAL><BALAMT>90.00<DTASOF>31.01.2024</AVAILBAL>'] })),
    );
    expect(balances(records)).toEqual(['CLBD 100.00 2024-01-31', 'CLAV 90.00 undated']);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'INVALID_DATE',
        14,
        24,
        `${STMT}/AVAILBAL/DTASOF`,
        'expected a date YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]] in <DTASOF> in <AVAILBAL>, found "31.01.2024"; the balance is kept without a date (no row depends on it)',
      ],
    ]);
  });

  it('leaves the statement period open for an unreadable <DTSTART>/<DTEND>, with a warning at each', async () => {
    const text = file(statement({ list: ['<DTSTART>N/A<DTEND>31/01/2024', trn('20240105')] }));
    const { entries, records, issues } = await read(text);
    expect(rows(entries)).toEqual(['123 2024-01-05 - DBIT 12.34']);
    expect(headers(records, 'statement-end').map((h) => [h.statementId, h.fromDate, h.toDate])).toEqual([
      ['123', undefined, undefined],
    ]);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'INVALID_DATE',
        10,
        1,
        `${LIST}/DTSTART`,
        'expected a date YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]] in <DTSTART>, found "N/A"; the statement period is left without its start (no row depends on it)',
      ],
      [
        'warning',
        'INVALID_DATE',
        10,
        13,
        `${LIST}/DTEND`,
        'expected a date YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]] in <DTEND>, found "31/01/2024"; the statement period is left without its end, and the statement id without its date (no row\'s amount or date depends on it)',
      ],
    ]);
    expect(await conversionError(text, 'bank.ofx')).toBeUndefined();
  });

  it('warns about an empty <DTEND>', async () => {
    const { issues } = await read(file(statement({ list: ['<DTSTART>20240101<DTEND></DTEND>', trn('20240105')] })));
    expect(issues.map((i) => [...brief(i), i.message.slice(0, 13)])).toEqual([
      ['warning', 'MISSING_ELEMENT', 10, 18, `${LIST}/DTEND`, 'empty <DTEND>'],
    ]);
  });

  it('reads a <DTSTART> with its time written twice as its date, with a warning', async () => {
    const { records, issues } = await read(
      file(
        statement({ list: ['<DTSTART>20151006160000.000[-5:EST]160000.000[-5:EST]<DTEND>20240131', trn('20240105')] }),
      ),
    );
    expect(headers(records, 'statement-end').map((h) => h.fromDate)).toEqual(['2015-10-06']);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'INVALID_DATE',
        10,
        1,
        `${LIST}/DTSTART`,
        'date "20151006160000.000[-5:EST]160000.000[-5:EST]" in <DTSTART>: the text after the date, "160000.000[-5:EST]160000.000[-5:EST]", is not a time and time zone HHMMSS[.XXX][offset:TZ]; read as 2015-10-06, the date as written',
      ],
    ]);
  });
});

describe('OFX pending transactions (<BANKTRANLISTP>)', () => {
  const pending = (fitid: string): string =>
    `<STMTTRNP><TRNTYPE>DEBIT<DTTRAN>20240130<TRNAMT>-5.00<REFNUM>${fitid}<NAME>PENDING</STMTTRNP>`;
  const pendingList = (...transactions: string[]): string[] => [
    '<BANKTRANLISTP><DTASOF>20240131', // 13
    ...transactions, // 14 …
    '</BANKTRANLISTP>',
  ];

  const pendingRows = (entries: Entry[]): string[] =>
    entries.map(
      (e) =>
        `${e.status} ${e.bookingDate ?? '-'} ${e.valueDate ?? '-'} ${e.creditDebit} ${e.money.amount.toString()} ${e.entryReference ?? '-'} ${e.details[0]?.creditor?.name ?? '-'}`,
    );

  it('reads pending transactions as PDNG rows, without a booking date and with <DTTRAN> as the value date', async () => {
    const text = file(statement({ after: [...pendingList(pending('p1'), pending('p2')), LEDGER] }));
    const { entries, records, issues } = await read(text);
    expect(pendingRows(entries)).toEqual([
      'BOOK 2024-01-05 - DBIT 12.34 - PADARIA',
      'PDNG - 2024-01-30 DBIT 5.00 p1 PENDING',
      'PDNG - 2024-01-30 DBIT 5.00 p2 PENDING',
    ]);
    expect(entries.map((e) => e.statementId)).toEqual(['123-20240131', '123-20240131', '123-20240131']);
    // Pending rows move no balance: the closing balance stands as the bank gave it.
    expect(balances(records)).toEqual(['CLBD 100.00 2024-01-31']);
    expect(issues).toEqual([]);
    expect(await conversionError(text, 'bank.ofx')).toBeUndefined();
  });

  it('reads a pending transaction written <STMTTRN> with <DTPOSTED> as pending too', async () => {
    const { entries, issues } = await read(
      file(
        statement({
          list: [PERIOD, trn('20240105')],
          after: [...pendingList('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240130<TRNAMT>-5.00<FITID>p1</STMTTRN>'), LEDGER],
        }),
      ),
    );
    expect(pendingRows(entries)).toEqual(['BOOK 2024-01-05 - DBIT 12.34 - PADARIA', 'PDNG - 2024-01-30 DBIT 5.00 - -']);
    expect(entries.map((e) => e.accountServicerReference)).toEqual(['A1', 'p1']);
    expect(issues).toEqual([]);
  });

  it('keeps a pending transaction without a readable date, with a warning at its place', async () => {
    const { entries, issues } = await read(
      file(
        statement({
          after: [
            ...pendingList(
              '<STMTTRNP><TRNTYPE>DEBIT<TRNAMT>-5.00<NAME>NO DATE</STMTTRNP>',
              '<STMTTRNP><TRNTYPE>DEBIT<DTTRAN>2024-30-01<TRNAMT>-6.00<NAME>BAD DATE</STMTTRNP>',
            ),
            LEDGER,
          ],
        }),
      ),
    );
    expect(pendingRows(entries).slice(1)).toEqual(['PDNG - - DBIT 5.00 - NO DATE', 'PDNG - - DBIT 6.00 - BAD DATE']);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'MISSING_ELEMENT',
        14,
        1,
        `${STMT}/BANKTRANLISTP/STMTTRNP`,
        'expected <DTTRAN> (transaction date) in the pending transaction; its row has no date (a pending row counts towards no balance)',
      ],
      [
        'warning',
        'INVALID_DATE',
        15,
        25,
        `${STMT}/BANKTRANLISTP/STMTTRNP/DTTRAN`,
        'expected a date YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]] in <DTTRAN>, found "2024-30-01"; the pending transaction\'s row has no date',
      ],
    ]);
  });

  it('refuses a pending transaction without an amount, as a posted one', async () => {
    const text = file(
      statement({ after: [...pendingList('<STMTTRNP><TRNTYPE>DEBIT<DTTRAN>20240130<NAME>X</STMTTRNP>'), LEDGER] }),
    );
    expect(await conversionError(text, 'bank.ofx')).toMatchObject({
      message: expect.stringContaining('has no <TRNAMT>'),
    });
  });

  it('gives no warning for a <BANKTRANLISTP> without transactions', async () => {
    const { issues } = await read(
      file(statement({ list: [PERIOD, trn('20240105')], after: [...pendingList(), LEDGER] })),
    );
    expect(issues).toEqual([]);
  });
});

describe('OFX <DTSTART>/<DTEND> after the transactions', () => {
  it('gives the statement and its rows the id with the date of <DTEND>', async () => {
    const text = file(statement({ list: [trn('20240105'), trn('20240106', 'A2'), PERIOD] }));
    const { records, issues } = await read(text);
    expect(
      records.map((r) =>
        r.kind === 'entry' ? `entry ${r.entry.statementId}` : `${r.kind} ${r.statement.statementId}`,
      ),
    ).toEqual([
      'statement-start 123-20240131',
      'entry 123-20240131',
      'entry 123-20240131',
      'statement-end 123-20240131',
    ]);
    expect(headers(records, 'statement-start').map((h) => [h.fromDate, h.toDate])).toEqual([
      ['2024-01-01', '2024-01-31'],
    ]);
    expect(issues).toEqual([]);
  });

  it('keeps the id without a date when there is no <DTEND>', async () => {
    const { entries, issues } = await read(file(statement({ list: [trn('20240105')] })));
    expect(rows(entries)).toEqual(['123 2024-01-05 - DBIT 12.34']);
    expect(issues).toEqual([]);
  });

  it('holds at most 10,000 rows for it: a later <DTEND> leaves their id as it was, with a warning', async () => {
    const transactions = Array.from({ length: 10_001 }, (_, i) => trn('20240105', `T${i}`));
    const { entries, records, issues } = await read(file(statement({ list: [...transactions, PERIOD] })));
    expect(new Set(entries.map((e) => e.statementId))).toEqual(new Set(['123']));
    expect(headers(records, 'statement-end').map((h) => [h.statementId, h.toDate])).toEqual([['123', '2024-01-31']]);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'INVALID_VALUE',
        10_011,
        18,
        `${LIST}/DTEND`,
        '<DTEND> comes after 10001 transactions that went out with the statement id "123", which they keep: the id takes the date of a <DTEND> that comes before the end of the transaction list and before its 10,000th transaction',
      ],
    ]);
  });
});

describe('OFX empty <CURDEF> in the first statement', () => {
  it('says the <CURDEF> is empty and what to do, at the CURDEF', async () => {
    const text = file(statement({ curdef: '' }), statement());
    const { issues } = await read(text);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'error',
        'MISSING_ELEMENT',
        7,
        9,
        `${STMT}/CURDEF`,
        "<CURDEF> (statement currency) is empty, and no statement before it in the file gives a currency: the amounts' currency is unknown. Write the account's currency code into <CURDEF> (such as <CURDEF>EUR) in a copy of the file and convert that",
      ],
    ]);
    expect(await conversionError(text, 'bank.ofx')).toBeInstanceOf(StatementParseError);
  });
});
