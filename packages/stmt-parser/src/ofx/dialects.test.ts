import { parseString, type Entry, type ParseIssue } from '@stmt/parser';

const HEADER = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n';

function statement(curdef: string, acctid: string, transactions: string): string {
  return `<STMTTRNRS><TRNUID>1<STMTRS><CURDEF>${curdef}<BANKACCTFROM><BANKID>1<ACCTID>${acctid}<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20240131\n${transactions}</BANKTRANLIST></STMTRS></STMTTRNRS>`;
}

const trn = (amount: string, fitid: string): string =>
  `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20240102<TRNAMT>${amount}<FITID>${fitid}</STMTTRN>\n`;

/** Entries, and the warnings and errors (the note that OFX cannot be reconciled is left out here). */
async function read(body: string, notes: ParseIssue[] = []): Promise<{ entries: Entry[]; issues: ParseIssue[] }> {
  const issues: ParseIssue[] = [];
  const entries: Entry[] = [];
  const text = `${HEADER}<OFX><BANKMSGSRSV1>${body}</BANKMSGSRSV1></OFX>\n`;
  for await (const record of parseString(text, {
    fileName: 'bank.ofx',
    onIssue: (issue) => (issue.severity === 'note' ? notes : issues).push(issue),
  }))
    if (record.kind === 'entry') entries.push(record.entry);
  return { entries, issues };
}

describe('OFX dialects', () => {
  it('reads TRNAMT with a plus sign or thousands separators, each with a warning at the element', async () => {
    const { entries, issues } = await read(
      statement('EUR', '42', trn('+12.00', 'a') + trn('-1,234.50', 'b') + trn('1.234,50', 'c')),
    );
    expect(entries.map((e) => `${e.creditDebit} ${e.money.amount.toString()}`)).toEqual([
      'CRDT 12.00',
      'DBIT 1234.50',
      'CRDT 1234.50',
    ]);
    expect(issues[0]?.message).toBe(
      `amount "+12.00" has a '+' sign, which OFX does not write (a positive amount is unsigned); read as a credit of 12.00`,
    );
    expect(issues.map((i) => [i.severity, i.location.line, i.location.path])).toEqual([
      ['warning', 8, 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/BANKTRANLIST/STMTTRN[1]/TRNAMT'],
      ['warning', 9, 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/BANKTRANLIST/STMTTRN[2]/TRNAMT'],
      ['warning', 10, 'OFX/BANKMSGSRSV1/STMTTRNRS[1]/STMTRS/BANKTRANLIST/STMTTRN[3]/TRNAMT'],
    ]);
  });

  it('refuses a transaction whose TRNAMT is empty or null, naming it', async () => {
    const { entries, issues } = await read(
      statement('EUR', '42', trn('', 'x1') + trn('null', 'x2') + trn('1.00', 'ok')),
    );
    expect(entries.map((e) => e.accountServicerReference)).toEqual(['ok']);
    expect(issues.map((i) => [i.severity, i.message])).toEqual([
      ['error', 'transaction "x1" has an empty <TRNAMT>: its amount is unknown, so it cannot be converted'],
      ['error', 'transaction "x2" has <TRNAMT>null: its amount is unknown, so it cannot be converted'],
    ]);
  });

  it('takes the currency of a statement with an empty <CURDEF> from the other statement of the file', async () => {
    const { entries, issues } = await read(
      statement('CHF', '1', trn('1.00', 'a')) + statement('', '2', trn('2.00', 'b')),
    );
    expect(entries.map((e) => e.money.currency)).toEqual(['CHF', 'CHF']);
    expect(issues).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringMatching(/<CURDEF>.*CHF/) }),
    ]);
  });

  it('still refuses an empty <CURDEF> when no other currency is known', async () => {
    const { issues } = await read(statement('', '2', trn('2.00', 'b')));
    expect(issues.map((i) => i.severity)).toEqual(['error']);
  });

  it('notes once per statement with transactions that OFX gives no opening balance to reconcile with', async () => {
    const notes: ParseIssue[] = [];
    await read(statement('EUR', '42', trn('1.00', 'a')) + statement('EUR', '43', ''), notes);
    expect(notes.map((n) => [n.severity, n.message])).toEqual([
      ['note', 'OFX gives no opening balance: no reconciliation possible'],
    ]);
  });

  it('converts a statement without <ACCTID>, with a warning', async () => {
    const { entries, issues } = await read(statement('EUR', '', trn('3.00', 'z')).replace('<ACCTID>', ''));
    expect(entries.map((e) => [e.money.amount.toString(), e.statementId])).toEqual([['3.00', '']]);
    expect(issues.map((i) => [i.severity, i.message])).toEqual([
      ['warning', expect.stringMatching(/<ACCTID>.*no account/)],
    ]);
  });
});
