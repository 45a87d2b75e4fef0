import { parseString, type Entry, type ParseIssue } from '@stmt/parser';

/** A camt.054.001.08 notification of one entry whose own amount and direction are `head`, with two details. */
const notification = (
  head: string,
  second = '<Amt Ccy="CHF">2.53</Amt><CdtDbtInd>CRDT</CdtDbtInd>',
): string => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>M</MsgId><CreDtTm>2023-01-06T10:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N</Id><Acct><Id><IBAN>CH2909000000250094239</IBAN></Id></Acct>
<Ntry>${head}<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2023-01-06</Dt></BookgDt><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn></BkTxCd>
<NtryDtls><Btch><NbOfTxs>2</NbOfTxs></Btch>
<TxDtls><Amt Ccy="CHF">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></TxDtls>
<TxDtls>${second}</TxDtls></NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;

async function read(xml: string): Promise<{ entries: Entry[]; issues: ParseIssue[]; error?: string }> {
  const entries: Entry[] = [];
  const issues: ParseIssue[] = [];
  try {
    for await (const record of parseString(xml, { onIssue: (issue) => issues.push(issue) }))
      if (record.kind === 'entry') entries.push(record.entry);
  } catch (error) {
    return { entries, issues, error: (error as Error).message };
  }
  return { entries, issues };
}

describe('camt entry without its own amount or direction', () => {
  it('takes them from its details when every detail has both in one currency, with a warning', async () => {
    const { entries, issues, error } = await read(notification(''));
    expect(error).toBeUndefined();
    expect(entries[0]?.money.amount.toString()).toBe('12.53');
    expect(entries[0]).toMatchObject({ creditDebit: 'CRDT', money: { currency: 'CHF' } });
    expect(issues.filter((issue) => issue.severity !== 'note')).toMatchObject([
      {
        code: 'MISSING_ELEMENT',
        severity: 'warning',
        message: expect.stringMatching(/expected <Amt> and <CdtDbtInd> in <Ntry>; .* 12\.53 CHF CRDT/),
      },
    ]);
  });

  it('takes the direction alone when the amount it has matches the details', async () => {
    const { entries, issues } = await read(notification('<Amt Ccy="CHF">12.53</Amt>'));
    expect(entries[0]?.creditDebit).toBe('CRDT');
    expect(issues.filter((issue) => issue.severity !== 'note').map((issue) => issue.message)).toEqual([
      expect.stringMatching(/expected <CdtDbtInd> in <Ntry>; its transaction details give it/),
    ]);
  });

  it('still refuses the entry when the details cannot give it', async () => {
    for (const xml of [
      notification('', '<Amt Ccy="EUR">2.53</Amt><CdtDbtInd>CRDT</CdtDbtInd>'),
      notification('', '<Amt Ccy="CHF">2.53</Amt>'),
      notification('<Amt Ccy="CHF">99.00</Amt>'),
      notification('<CdtDbtInd>DBIT</CdtDbtInd>'),
    ]) {
      const { issues, error } = await read(xml);
      expect(error ?? issues.find((issue) => issue.severity === 'error')?.message).toMatch(/expected <(Amt|CdtDbtInd)/);
    }
  });
});
