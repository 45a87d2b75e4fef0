import { parseString, StatementParseError, type Entry, type ParseIssue, type StatementRecord } from '@stmt/parser';
import { brief, conversionError } from './support/issues';

// Small OFX texts, one element per line so that a line number is the index in the array plus one.
const SGML_HEADER = ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'ENCODING:USASCII', 'CHARSET:1252', ''];
const XML_HEADER = ['<?xml version="1.0" encoding="UTF-8"?>', '<?OFX OFXHEADER="200" VERSION="211"?>'];

/** A credit-card statement in OFX 1.x SGML (lines 1–6 are the header, <OFX> is line 7). */
function creditCard({
  transactions = [
    '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240323<TRNAMT>-13.00<FITID>a</STMTTRN>',
    '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240322<TRNAMT>-9.02<FITID>b</STMTTRN>',
  ],
  listEnd = '</BANKTRANLIST>',
  ledger = '<LEDGERBAL><BALAMT>-22.02<DTASOF>20240325</LEDGERBAL>',
  status = '<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
} = {}): string {
  return [
    ...SGML_HEADER,
    '<OFX>', // 7
    '<CREDITCARDMSGSRSV1>', // 8
    '<CCSTMTTRNRS><TRNUID>1', // 9
    status, // 10
    '<CCSTMTRS><CURDEF>BRL', // 11
    '<CCACCTFROM><ACCTID>4111</CCACCTFROM>', // 12
    '<BANKTRANLIST><DTSTART>20240224<DTEND>20240326', // 13
    ...transactions, // 14, 15
    listEnd, // 16
    ledger, // 17
    '<AVAILBAL><BALAMT>100.00<DTASOF>20240325</AVAILBAL>', // 18
    '</CCSTMTRS>', // 19
    '</CCSTMTTRNRS>',
    '</CREDITCARDMSGSRSV1>',
    '</OFX>',
  ].join('\n');
}

const LIST = 'OFX/CREDITCARDMSGSRSV1/CCSTMTTRNRS[1]/CCSTMTRS/BANKTRANLIST';

interface Read {
  records: StatementRecord[];
  entries: Entry[];
  issues: ParseIssue[];
  error: StatementParseError | undefined;
}

/** Everything `validate` sees: records, warnings and errors (notes left out), and the fatal error if any. */
async function read(text: string): Promise<Read> {
  const result: Read = { records: [], entries: [], issues: [], error: undefined };
  const onIssue = (issue: ParseIssue): void => void (issue.severity === 'note' ? undefined : result.issues.push(issue));
  try {
    for await (const record of parseString(text, { fileName: 'card.ofx', onIssue })) {
      result.records.push(record);
      if (record.kind === 'entry') result.entries.push(record.entry);
    }
  } catch (error) {
    if (!(error instanceof StatementParseError)) throw error;
    result.error = error;
  }
  return result;
}

const amounts = (entries: Entry[]): string[] => entries.map((e) => `${e.creditDebit} ${e.money.amount.toString()}`);

const balances = (records: StatementRecord[]): string[] =>
  records.flatMap((record) =>
    record.kind === 'statement-end'
      ? (record.statement.balances ?? []).map((b) => `${b.type} ${b.creditDebit} ${b.money.amount.toString()}`)
      : [],
  );

describe('OFX aggregate left open before an end tag further up', () => {
  it('closes <BANKTRANLIST> at </CCSTMTRS> with a warning at that end tag: every transaction was closed', async () => {
    const text = creditCard({ listEnd: '' });
    const { entries, records, issues, error } = await read(text);
    expect(error).toBeUndefined();
    expect(amounts(entries)).toEqual(['DBIT 13.00', 'DBIT 9.02']);
    expect(balances(records)).toEqual(['CLBD DBIT 22.02', 'CLAV CRDT 100.00']);
    expect(issues.map(brief)).toEqual([['warning', 'NOT_WELL_FORMED', 19, 1, LIST]]);
    expect(issues[0]?.message).toBe(
      'expected </BANKTRANLIST> before </CCSTMTRS>: <BANKTRANLIST> (line 13, column 1) is left open; closed here, as no transaction is left incomplete',
    );
    expect(await conversionError(text, 'card.ofx')).toBeUndefined();
  });

  it('names each aggregate left open, innermost first', async () => {
    const text = creditCard().replace('</CCSTMTRS>\n', '');
    const { entries, issues } = await read(text);
    expect(entries).toHaveLength(2);
    expect(issues.map((i) => [...brief(i), i.message.slice(0, 40)])).toEqual([
      [
        'warning',
        'NOT_WELL_FORMED',
        19,
        1,
        'OFX/CREDITCARDMSGSRSV1/CCSTMTTRNRS[1]/CCSTMTRS',
        'expected </CCSTMTRS> before </CCSTMTTRNR',
      ],
    ]);
  });

  it('refuses to close a transaction left open: its row would be made from what was read so far', async () => {
    const { entries, issues, error } = await read(
      creditCard({
        transactions: [
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240323<TRNAMT>-13.00<FITID>a</STMTTRN>',
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240322<TRNAMT>-9.02<FITID>b',
        ],
      }),
    );
    expect(amounts(entries)).toEqual(['DBIT 13.00']);
    expect(issues).toEqual([]);
    expect(error?.code).toBe('NOT_WELL_FORMED');
    expect(error?.location).toMatchObject({ line: 16, column: 1, path: `${LIST}/STMTTRN[2]` });
    expect(error?.message).toContain(
      'expected </STMTTRN> before </BANKTRANLIST>: <STMTTRN> at line 15, column 1 is left open, so its row would be made from what was read before this end tag',
    );
  });

  it('refuses an aggregate left open inside a transaction: the fields after it would be misplaced', async () => {
    const { error } = await read(
      creditCard({
        transactions: ['<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240323<PAYEE><NAME>Shop<TRNAMT>-13.00<FITID>a</STMTTRN>'],
      }),
    );
    expect(error?.code).toBe('NOT_WELL_FORMED');
    expect(error?.message).toContain('expected </PAYEE> before </STMTTRN>: <PAYEE> is left open inside <STMTTRN>');
  });

  it('still refuses an end tag that names nothing open, and reports a file cut short as truncated', async () => {
    const stray = await read(creditCard({ listEnd: '</BANKTRANLIST></STMTTRNRS>' }));
    expect(stray.error?.code).toBe('NOT_WELL_FORMED');
    expect(stray.error?.message).toContain('unexpected end tag </STMTTRNRS>: no such element is open');
    const cut = await read(creditCard().slice(0, creditCard().indexOf('</CCSTMTTRNRS>')));
    expect(cut.error?.code).toBe('TRUNCATED');
  });
});

describe('OFX balance without a readable amount', () => {
  it.each([
    ['an SGML <BALAMT> left empty', '<LEDGERBAL><BALAMT><DTASOF>20240325</LEDGERBAL>', 12],
    ['an XML empty element <BALAMT/>', '<LEDGERBAL><BALAMT/><DTASOF>20240325</DTASOF></LEDGERBAL>', 12],
    ['<BALAMT></BALAMT>', '<LEDGERBAL><BALAMT></BALAMT><DTASOF>20240325</DTASOF></LEDGERBAL>', 12],
  ])('reads the statement without the balance for %s, with a warning at it', async (_, ledger, column) => {
    const text = creditCard({ ledger });
    const { entries, records, issues } = await read(text);
    expect(amounts(entries)).toEqual(['DBIT 13.00', 'DBIT 9.02']);
    expect(balances(records)).toEqual(['CLAV CRDT 100.00']);
    expect(issues.map(brief)).toEqual([
      ['warning', 'MISSING_ELEMENT', 17, column, 'OFX/CREDITCARDMSGSRSV1/CCSTMTTRNRS[1]/CCSTMTRS/LEDGERBAL/BALAMT'],
    ]);
    expect(issues[0]?.message).toBe('empty <BALAMT> in <LEDGERBAL>; the balance is left out (no row depends on it)');
    expect(await conversionError(text, 'card.ofx')).toBeUndefined();
  });

  it('leaves out a balance whose amount is not a number, with a warning: no row depends on it', async () => {
    const { entries, records, issues } = await read(
      creditCard({ ledger: '<LEDGERBAL><BALAMT>n/a<DTASOF>20240325</LEDGERBAL>' }),
    );
    expect(entries).toHaveLength(2);
    expect(balances(records)).toEqual(['CLAV CRDT 100.00']);
    expect(issues.map((i) => [i.severity, i.code, i.message])).toEqual([
      [
        'warning',
        'INVALID_AMOUNT',
        'expected a decimal amount in <BALAMT>, found "n/a"; the balance is left out (no row depends on it)',
      ],
    ]);
  });

  it('leaves out a balance without an amount, with a warning at the balance', async () => {
    const { issues } = await read(creditCard({ ledger: '<LEDGERBAL><DTASOF>20240325</LEDGERBAL>' }));
    expect(issues.map(brief)).toEqual([
      ['warning', 'MISSING_ELEMENT', 17, 1, 'OFX/CREDITCARDMSGSRSV1/CCSTMTTRNRS[1]/CCSTMTRS/LEDGERBAL'],
    ]);
  });
});

describe('OFX end tag of a leaf the next tag already closed', () => {
  // As some exporters write OFX 1.x: every leaf "contains" the next, and the end tags come in reverse.
  const nested = creditCard({
    status: '<STATUS><CODE>0<SEVERITY>INFO<MESSAGE>OK</MESSAGE></SEVERITY></CODE></STATUS>',
    transactions: [
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240323<TRNAMT>-13.00<FITID>a<NAME>Shop<MEMO>Food</MEMO></NAME></FITID></TRNAMT></DTPOSTED></TRNTYPE></STMTTRN>',
      '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240322<TRNAMT>9.02<FITID>b</FITID></TRNAMT></STMTTRN>',
    ],
    listEnd: '</DTEND></DTSTART></BANKTRANLIST>',
  });

  it('ignores it, with one warning for the file at the first such end tag', async () => {
    const { entries, issues, error } = await read(nested);
    expect(error).toBeUndefined();
    expect(amounts(entries)).toEqual(['DBIT 13.00', 'CRDT 9.02']);
    expect(entries[0]?.details[0]).toMatchObject({ creditor: { name: 'Shop' }, remittanceInfo: 'Food' });
    expect(entries.map((e) => [e.bookingDate, e.accountServicerReference, e.bankTransactionCode])).toEqual([
      ['2024-03-23', 'a', 'DEBIT'],
      ['2024-03-22', 'b', 'CREDIT'],
    ]);
    expect(issues.map(brief)).toEqual([
      ['warning', 'NOT_WELL_FORMED', 10, 51, 'OFX/CREDITCARDMSGSRSV1/CCSTMTTRNRS[1]/STATUS/SEVERITY'],
    ]);
    expect(issues[0]?.message).toBe(
      'end tag </SEVERITY> for <SEVERITY>, which the tag after its value already closed (an OFX 1.x leaf has no end tag); ignored, as are further such end tags in this file',
    );
    expect(await conversionError(nested, 'card.ofx')).toBeUndefined();
  });

  it('tolerates it while another leaf is still open: that leaf ends there, as at any tag', async () => {
    const { entries, issues } = await read(
      creditCard({
        transactions: ['<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240323<TRNAMT>-13.00<FITID>a<MEMO>Food</FITID></STMTTRN>'],
      }),
    );
    expect(entries[0]?.details[0]).toMatchObject({ remittanceInfo: 'Food', accountServicerReference: 'a' });
    expect(issues.map((i) => [i.severity, i.code])).toEqual([['warning', 'NOT_WELL_FORMED']]);
  });

  it.each([
    // Text after the end tag: is "C" part of NAME or of MEMO? Unknown.
    ['text after it', '<NAME>A<MEMO>B</MEMO>C</NAME>', /unexpected text "C" inside aggregate <STMTTRN>/],
    // A leaf closed by its own end tag, closed again.
    ['a leaf closed twice', '<NAME>A</NAME></NAME>', /unexpected end tag <\/NAME>: no such element is open/],
    // An aggregate written with a value: CURRATE would land outside its CURRENCY and change the amount.
    [
      'an aggregate given a value',
      '<CURRENCY>x<CURRATE>1.25<CURSYM>USD</CURRENCY>',
      /unexpected end tag <\/CURRENCY>: no such element is open/,
    ],
  ])('still refuses %s', async (_, inside, message) => {
    const { error } = await read(
      creditCard({
        transactions: [`<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240323<TRNAMT>-13.00<FITID>a${inside}</STMTTRN>`],
      }),
    );
    expect(error?.code).toBe('NOT_WELL_FORMED');
    expect(error?.message).toMatch(message);
  });
});

describe('OFX investment statement: security trades', () => {
  const trade = (name: string, fitid: string): string =>
    `<${name}><INVBUY><INVTRAN><FITID>${fitid}</FITID><DTTRADE>20050825</DTTRADE></INVTRAN><TOTAL>-50.00</TOTAL></INVBUY></${name}>`;
  const investment = (list: string[]): string =>
    [
      ...XML_HEADER,
      '<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1</TRNUID>', // 3
      '<INVSTMTRS><DTASOF>20050827</DTASOF><CURDEF>USD</CURDEF>', // 4
      '<INVACCTFROM><BROKERID>b.example</BROKERID><ACCTID>999</ACCTID></INVACCTFROM>', // 5
      '<INVTRANLIST><DTSTART>20050824</DTSTART><DTEND>20050828</DTEND>', // 6
      ...list, // 7 …
      '</INVTRANLIST>',
      '</INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>',
    ].join('\n');
  const cash =
    '<INVBANKTRAN><STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20050825</DTPOSTED><TRNAMT>1000.00</TRNAMT><FITID>c</FITID></STMTTRN><SUBACCTFUND>CASH</SUBACCTFUND></INVBANKTRAN>';

  it('reads the cash movements and warns once per statement, at the first trade, with the count of each kind', async () => {
    const { entries, issues } = await read(
      investment([
        cash,
        trade('BUYSTOCK', 't1'),
        trade('INCOME', 't2'),
        trade('BUYSTOCK', 't3'),
        trade('SELLMF', 't4'),
      ]),
    );
    expect(amounts(entries)).toEqual(['CRDT 1000.00']);
    expect(issues.map(brief)).toEqual([
      ['warning', 'UNSUPPORTED_MESSAGE', 8, 1, 'OFX/INVSTMTMSGSRSV1/INVSTMTTRNRS[1]/INVSTMTRS/INVTRANLIST/BUYSTOCK'],
    ]);
    expect(issues[0]?.message).toBe(
      '4 security transactions in <INVTRANLIST> (2 BUYSTOCK, 1 INCOME, 1 SELLMF) not read: only <INVBANKTRAN> cash movements become rows; the first is here',
    );
  });

  it('names a single trade', async () => {
    const { issues } = await read(investment([trade('REINVEST', 't1'), cash]));
    expect(issues.map((i) => [i.severity, i.location.line, i.message])).toEqual([
      [
        'warning',
        7,
        'security transaction <REINVEST> in <INVTRANLIST> not read: only <INVBANKTRAN> cash movements become rows',
      ],
    ]);
  });

  it('gives no warning for a statement with cash movements only', async () => {
    expect((await read(investment([cash]))).issues).toEqual([]);
  });
});

describe('OFX transactions and answers outside the usual places', () => {
  it('refuses a transaction outside any statement, naming it: its account and currency are unknown', async () => {
    const text = creditCard().replace(
      '</CCSTMTTRNRS>',
      '</CCSTMTTRNRS>\n<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240324<TRNAMT>-1.00<FITID>c</STMTTRN>',
    );
    const { entries, issues } = await read(text);
    expect(entries.map((e) => e.accountServicerReference)).toEqual(['a', 'b']);
    expect(issues.map((i) => [i.severity, i.code, i.location.line, i.message])).toEqual([
      [
        'error',
        'MISSING_ELEMENT',
        21,
        'a transaction <STMTTRN> outside any statement (<STMTRS>, <CCSTMTRS> or <INVSTMTRS>): its account and currency are unknown, so it cannot be converted',
      ],
    ]);
    expect(await conversionError(text, 'card.ofx')).toBeInstanceOf(StatementParseError);
  });

  it('reads a pending <STMTTRNP> among the posted ones as pending, and a <CCSTMTTRN> as a <STMTTRN>, each with a warning', async () => {
    const { entries, issues } = await read(
      creditCard({
        transactions: [
          '<STMTTRNP><TRNTYPE>DEBIT<DTTRAN>20240324<TRNAMT>-2.00<NAME>LATER</STMTTRNP>',
          '<CCSTMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240322<TRNAMT>-9.02<FITID>b</CCSTMTTRN>',
        ],
      }),
    );
    expect(entries.map((e) => [e.status, e.money.amount.toString(), e.valueDate ?? e.bookingDate])).toEqual([
      ['PDNG', '2.00', '2024-03-24'],
      ['BOOK', '9.02', '2024-03-22'],
    ]);
    expect(issues.map((i) => [i.severity, i.location.line, i.message])).toEqual([
      [
        'warning',
        14,
        'a pending transaction <STMTTRNP> in a list of posted ones, not in <BANKTRANLISTP>; read as pending',
      ],
      ['warning', 15, '<CCSTMTTRN> is not an OFX transaction aggregate; read as a <STMTTRN>'],
    ]);
  });

  it('says when the bank answered with an error instead of a statement, with its code and message', async () => {
    const refused = creditCard({ status: '<STATUS><CODE>2003<SEVERITY>ERROR<MESSAGE>Account not found</STATUS>' })
      .split('\n')
      .filter((line, i) => i < 10 || i > 18)
      .join('\n');
    const { entries, issues } = await read(refused);
    expect(entries).toEqual([]);
    expect(issues.map((i) => [i.severity, i.code, i.location.line, i.message])).toEqual([
      [
        'warning',
        'MISSING_ELEMENT',
        10,
        "the bank answered with an error (<CODE>2003 <MESSAGE>Account not found) instead of this account's statement: its rows are not in the file",
      ],
      [
        'error',
        'MISSING_ELEMENT',
        13,
        'no statement found: the bank answered with an error (<CODE>2003 <MESSAGE>Account not found) instead of a statement',
      ],
    ]);
    expect(issues[1]?.location.path).toBeUndefined();
  });
});

// Tester's findings: each of these was read without a word, even with --strict.
describe('OFX markup that changes no row', () => {
  it('warns at an element OFX does not define in a transaction, once per name: it may have cut the memo short', async () => {
    const { entries, issues } = await read(
      creditCard({
        transactions: [
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240323<TRNAMT>-13.00<FITID>a<MEMO>Payment <REF>123</STMTTRN>',
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240322<TRNAMT>-9.02<FITID>b<REF>456</STMTTRN>',
        ],
      }),
    );
    expect(entries.map((e) => e.details[0]?.remittanceInfo)).toEqual(['Payment', undefined]);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'NOT_WELL_FORMED',
        14,
        78,
        `${LIST}/STMTTRN[1]/REF`,
        "<REF> is not an element OFX defines in <STMTTRN>: not read. It is a bank's own element, or text after a '<' written without &lt; (the <MEMO> before it then ends at the '<')",
      ],
      [
        'warning',
        'NOT_WELL_FORMED',
        15,
        63,
        `${LIST}/STMTTRN[2]/REF`,
        '1 more <REF> element OFX does not define in this file, not reported one by one; it is here',
      ],
    ]);
  });

  it('warns at text after </OFX>, which is not read', async () => {
    const { entries, issues } = await read(`${creditCard()}\n  garbage here\n`);
    expect(entries).toHaveLength(2);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      ['warning', 'NOT_WELL_FORMED', 23, 3, undefined, 'text after the end of <OFX>: "garbage here" is not read'],
    ]);
  });

  it('warns at a leaf without its end tag in OFX 2.x, once per file, reading its value up to the next tag', async () => {
    const transaction = (fitid: string, name: string): string =>
      `<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240325</DTPOSTED><TRNAMT>-1.00</TRNAMT><FITID>${fitid}</FITID><NAME>${name}</STMTTRN>`;
    const { entries, issues } = await read(
      [
        ...XML_HEADER,
        '<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1</TRNUID>', // 3
        '<CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4111</ACCTID></CCACCTFROM><BANKTRANLIST>', // 4
        transaction('a', 'PAYMENT'), // 5
        transaction('b', 'SHOP'), // 6
        '</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>',
      ].join('\n'),
    );
    expect(entries.map((e) => e.details[0]?.creditor?.name)).toEqual(['PAYMENT', 'SHOP']);
    expect(issues.map((i) => [...brief(i), i.message])).toEqual([
      [
        'warning',
        'NOT_WELL_FORMED',
        5,
        101,
        `${LIST}/STMTTRN[1]/NAME`,
        '<NAME> has no end tag </NAME>, which OFX 2.x (XML) requires: its value is read up to the next tag, as OFX 1.x reads it',
      ],
      [
        'warning',
        'NOT_WELL_FORMED',
        6,
        101,
        `${LIST}/STMTTRN[2]/NAME`,
        '1 more leaf without its end tag in this file, not reported one by one; it is here',
      ],
    ]);
  });
});
