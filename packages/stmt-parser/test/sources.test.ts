import { parseStream, parseString, type StatementRecord } from '@stmt/parser';
import { collect } from './support/outcome';

const statement = (
  declaration: string,
  namespace = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02',
  root = 'BkToCstmrStmt',
) =>
  `${declaration}<Document${namespace ? ` xmlns="${namespace}"` : ''}><${root}><GrpHdr><MsgId>M</MsgId></GrpHdr>` +
  `<Stmt><Id>S</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ownr><Nm>Jürgen Müller</Nm></Ownr></Acct>` +
  `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-01</Dt></Dt></Bal>` +
  `<Ntry><Amt Ccy="EUR">2.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt></Ntry></Stmt></${root}></Document>`;

async function records(iterable: AsyncIterable<StatementRecord>): Promise<StatementRecord[]> {
  const out: StatementRecord[] = [];
  for await (const record of iterable) out.push(record);
  return out;
}

const ownerOf = (all: StatementRecord[]) =>
  all[0]?.kind === 'statement-start' ? all[0].statement.account.ownerName : undefined;

describe('input sources and encodings', () => {
  it('takes a JavaScript string as decoded text, whatever its declaration says', async () => {
    expect(ownerOf(await records(parseString(statement('<?xml version="1.0" encoding="ISO-8859-1"?>'))))).toBe(
      'Jürgen Müller',
    );
  });

  it('decodes bytes by the declaration, and by options.encoding when given', async () => {
    const latin1 = Buffer.from(statement('<?xml version="1.0" encoding="ISO-8859-1"?>'), 'latin1');
    expect(ownerOf(await records(parseString(latin1)))).toBe('Jürgen Müller');
    const undeclared = Buffer.from(statement(''), 'latin1');
    expect(ownerOf(await records(parseString(undeclared, { encoding: 'iso-8859-1' })))).toBe('Jürgen Müller');
  });

  it('reads a document without namespace by its message element, with no version', async () => {
    const all = await records(parseString(statement('', '')));
    expect(all[0]).toMatchObject({ kind: 'statement-start', statement: { format: 'camt.053', statementId: 'S' } });
    expect(all[0]?.kind === 'statement-start' && all[0].statement.version).toBeUndefined();
  });

  it('refuses a namespace that contradicts the message element', async () => {
    const { error } = await collect(
      (async function* () {
        yield statement('', 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.08');
      })(),
    );
    expect(error).toMatchObject({
      code: 'UNSUPPORTED_MESSAGE',
      location: { line: 1, column: 66, path: 'Document/BkToCstmrStmt' },
    });
  });

  it('reports the booked movement of an unbalanced statement only once both balances are known', async () => {
    const { issues } = await collect(
      (async function* () {
        yield statement('').replace(
          '</Stmt>',
          '<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2024-03-01</Dt></Dt></Bal></Stmt>',
        );
      })(),
    );
    expect(issues).toEqual([]); // 1.00 − 2.50 = −1.50, written as a DBIT closing balance after the entries
  });

  it('stops reading when the consumer stops', async () => {
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 1000; i++) {
        pulled++;
        yield i === 0
          ? statement('').replace('</Stmt>', '')
          : '<Ntry><Amt Ccy="EUR">1</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts></Ntry>';
      }
    }
    for await (const record of parseStream(source())) if (record.kind === 'entry') break;
    expect(pulled).toBeLessThan(100); // the first 4 KiB are read ahead for format sniffing, then one chunk at a time
  });
});
