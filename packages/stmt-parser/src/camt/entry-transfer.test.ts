import { Decimal } from '../decimal';
import { parseString } from '../parse';
import type { Entry } from '../types';
import { EntryUnpacker, namedShapes, packEntries, unpackEntries } from './entry-transfer';

const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
<Stmt><Id>S</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-02-29</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">91.150</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-03-31</Dt></Dt></Bal>
<Ntry><Amt Ccy="EUR">8.850</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-01</Dt></BookgDt>
<Chrgs><Rcrd><Amt Ccy="EUR">0.10</Amt></Rcrd></Chrgs>
<NtryDtls><TxDtls><AmtDtls><InstdAmt><Amt Ccy="USD">9.60</Amt></InstdAmt><TxAmt><Amt Ccy="EUR">8.850</Amt><CcyXchg><SrcCcy>USD</SrcCcy><XchgRate>0.921875</XchgRate></CcyXchg></TxAmt></AmtDtls>
<RltdPties><Cdtr><Pty><Nm>Café Ünïcode</Nm></Pty></Cdtr></RltdPties></TxDtls></NtryDtls></Ntry>
<Ntry><Amt Ccy="EUR">100</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts></Ntry>
</Stmt></BkToCstmrStmt></Document>`;

async function entries(): Promise<Entry[]> {
  const found: Entry[] = [];
  for await (const record of parseString(xml)) if (record.kind === 'entry') found.push(record.entry);
  return found;
}

describe('entries crossing threads', () => {
  it('arrive equal to what was sent, optional fields left out staying out', async () => {
    const sent = await entries();
    const arrived = unpackEntries(packEntries(sent));
    expect(arrived).toEqual(sent);
    expect(JSON.stringify(arrived)).toBe(JSON.stringify(sent));
    expect(Object.keys(arrived[1] as Entry)).toEqual(Object.keys(sent[1] as Entry));
  });

  it('keep amounts exact Decimals with their written scale, ready for arithmetic', async () => {
    const [entry] = unpackEntries(packEntries(await entries()));
    const amount = entry?.money.amount as Decimal;
    expect(amount).toBeInstanceOf(Decimal);
    expect(amount.toString()).toBe('8.850');
    expect(amount.plus(Decimal.parse('0.15')).toString()).toBe('9.000');
    expect(entry?.charges[0]?.amount.toString()).toBe('0.10');
    expect(entry?.details[0]?.exchangeRate?.toString()).toBe('0.921875');
  });

  it('name each shape once: another thread unpacks later batches with the shapes it learned', async () => {
    const [withDetails, plain] = await entries();
    const elsewhere = new EntryUnpacker();
    const first = packEntries([plain as Entry]);
    elsewhere.learn(namedShapes(0) ?? []);
    expect(elsewhere.unpack(first)).toEqual([plain]);
    const known = namedShapes(0)?.length ?? 0;
    // A shape named after the last announcement: unpacked without it, the batch is refused, never misread.
    const second = packEntries([{ ...(withDetails as Entry), entryReference: 'E-1' }]);
    const announced = namedShapes(known);
    expect(announced?.length).toBeGreaterThan(known);
    expect(() => elsewhere.unpack(second)).toThrow(/did not unpack/);
    elsewhere.learn(announced ?? []);
    expect(elsewhere.unpack(second)).toEqual([{ ...withDetails, entryReference: 'E-1' }]);
    // Learned shapes stay: the first batch still unpacks, and nothing new is announced.
    expect(elsewhere.unpack(first)).toEqual([plain]);
    expect(namedShapes(announced?.length ?? 0)).toBeUndefined();
  });
});
