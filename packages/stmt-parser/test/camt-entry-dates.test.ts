import type { Entry } from '@stmt/parser';
import { chunked, collect, type Outcome } from './support/outcome';
import { oneEntryStatement } from './support/camt-statement';
import { brief } from './support/issues';

/** A booked DBIT entry of 12.50 CHF, its date elements given by `dates`. */
function statement(dates: string): string {
  return oneEntryStatement(
    `<Amt Ccy="CHF">12.50</Amt>\n<CdtDbtInd>DBIT</CdtDbtInd>\n<Sts>BOOK</Sts>\n${dates}`,
    'CH9300762011623852957',
  );
}

async function read(xml: string): Promise<{ entries: Entry[]; issues: ReturnType<typeof brief>[]; outcome: Outcome }> {
  const outcome = await collect(chunked(Buffer.from(xml), 4096), { fileName: 'f.xml' });
  const entries = outcome.records.flatMap((record) => (record.kind === 'entry' ? [record.entry] : []));
  const issues = outcome.issues.filter((issue) => !/no reconciliation possible/.test(issue.message)).map(brief);
  return { entries, issues, outcome };
}

describe('camt entry dates', () => {
  it('reads an xs:date with a time zone as the day alone', async () => {
    const { entries, issues } = await read(
      statement('<BookgDt><Dt>2017-04-01+02:00</Dt></BookgDt><ValDt><Dt>2017-04-02Z</Dt></ValDt>'),
    );
    expect(issues).toEqual([]);
    expect(entries.map((entry) => [entry.bookingDate, entry.valueDate])).toEqual([['2017-04-01', '2017-04-02']]);
  });

  it('keeps a date-time as the bank wrote it', async () => {
    const { entries } = await read(statement('<BookgDt><DtTm>2017-04-01T10:15:00+02:00</DtTm></BookgDt>'));
    expect(entries[0]?.bookingDate).toBe('2017-04-01T10:15:00+02:00');
  });

  it('keeps a booked entry without any date, with a warning at the entry', async () => {
    const { entries, issues } = await read(statement(''));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.bookingDate).toBeUndefined();
    expect(issues).toEqual([['warning', 'MISSING_ELEMENT', 8, 1, 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/BookgDt']]);
  });

  // A Lithuanian settlement account's camt.053 (Subite-eu/camt-to-coda) dates neither its entries
  // nor gives <FrToDt>, but both balances are of one day: journals left all its entries out.
  const balance = (code: string, day: string, direction = '<CdtDbtInd>CRDT</CdtDbtInd>'): string =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">100.00</Amt>${direction}<Dt><Dt>${day}</Dt></Dt></Bal>\n`;
  const undated = (before: string): string => statement('').replace('<Ntry>', `${before}<Ntry>`);
  const period = (from: string, to: string): string =>
    `<FrToDt><FrDtTm>${from}</FrDtTm><ToDtTm>${to}</ToDtTm></FrToDt>\n`;

  it.each([
    ['one-day <FrToDt>', period('2024-03-07T00:00:00', '2024-03-07T23:59:59'), 'its <FrToDt>'],
    [
      'opening and closing balances of one day',
      balance('OPBD', '2024-03-07') + balance('CLBD', '2024-03-07'),
      'its balances',
    ],
    [
      'balances of one day left out for want of <CdtDbtInd>',
      balance('OPBD', '2024-03-07', '') + balance('CLBD', '2024-03-07', ''),
      'its balances',
    ],
  ])('dates an undated booked entry by the one day its statement covers: %s', async (_label, before, by) => {
    const { entries, outcome } = await read(undated(before));
    expect(entries[0]?.bookingDate).toBe('2024-03-07');
    expect(entries[0]?.valueDate).toBeUndefined();
    const warnings = outcome.issues.filter((issue) => issue.location.path?.endsWith('Ntry[1]/BookgDt'));
    expect(warnings.map((issue) => [issue.severity, issue.message])).toEqual([
      [
        'warning',
        `expected <BookgDt> or <ValDt> in the booked <Ntry>; dated 2024-03-07, the one day the statement covers (${by})`,
      ],
    ]);
  });

  it.each([
    ['a <FrToDt> of several days', period('2024-03-01T00:00:00', '2024-03-31T23:59:59')],
    ['balances of different days', balance('OPBD', '2024-03-06') + balance('CLBD', '2024-03-07')],
    ['a single balance', balance('CLBD', '2024-03-07')],
  ])('leaves it undated with %s', async (_label, before) => {
    const { entries } = await read(undated(before));
    expect(entries[0]?.bookingDate).toBeUndefined();
  });
});

describe('camt balance dates', () => {
  const withBalances = (opening: string, closing: string): string =>
    oneEntryStatement(
      '<Amt Ccy="CHF">12.50</Amt>\n<CdtDbtInd>DBIT</CdtDbtInd>\n<Sts>BOOK</Sts>\n<BookgDt><Dt>2024-03-02</Dt></BookgDt>',
      'CH9300762011623852957',
    ).replace(
      '<Ntry>',
      `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>${opening}</Bal>\n` +
        `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="CHF">87.50</Amt><CdtDbtInd>CRDT</CdtDbtInd>${closing}</Bal>\n<Ntry>`,
    );

  it('reads a balance without a date, with a warning at the balance; it still reconciles', async () => {
    const { outcome, issues } = await read(withBalances('', '<Dt><Dt>2024-03-02</Dt></Dt>'));
    expect(issues).toEqual([['warning', 'MISSING_ELEMENT', 8, 1, 'Document/BkToCstmrStmt/Stmt[1]/Bal[1]/Dt']]);
    expect(outcome.issues[0]?.message).toBe(
      'expected the balance date <Dt><Dt> (or <DtTm>) in <Bal>; the OPBD balance is read without a date (a journal dates it by the statement period, else by its rows)',
    );
    const end = outcome.records.find((record) => record.kind === 'statement-end');
    expect(end?.kind === 'statement-end' && end.statement.balances.map((b) => [b.type, b.date])).toEqual([
      ['OPBD', undefined],
      ['CLBD', '2024-03-02'],
    ]);
  });

  it('gives no warning for dated balances', async () => {
    const { issues } = await read(
      withBalances('<Dt><Dt>2024-03-01</Dt></Dt>', '<Dt><DtTm>2024-03-02T18:00:00</DtTm></Dt>'),
    );
    expect(issues).toEqual([]);
  });
});
