import { parseString, type Entry } from '@stmt/parser';

/** A camt.054 notification of one QR-bill credit: a QR reference, the payer's message, and the given detail. */
const notification = (
  detail: string,
  entryRef = '<AcctSvcrRef>EREF-1</AcctSvcrRef>',
): string => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>M</MsgId><CreDtTm>2022-12-22T18:02:51</CreDtTm></GrpHdr>
<Ntfctn><Id>N</Id><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>
<Ntry><Amt Ccy="CHF">97.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2022-12-22</Dt></BookgDt>${entryRef}
<NtryDtls><TxDtls>${detail}</TxDtls></NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;

async function entries(xml: string): Promise<Entry[]> {
  const found: Entry[] = [];
  for await (const record of parseString(xml, { onIssue: () => undefined }))
    if (record.kind === 'entry') found.push(record.entry);
  return found;
}

const QR_REMITTANCE =
  '<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>210000000003139471430009017</Ref></CdtrRefInf>' +
  "<AddtlRmtInf>Déduction faite de 3% d'escompte</AddtlRmtInf></Strd></RmtInf>";

describe('camt remittance and placeholders', () => {
  it("adds the payer's message (<Strd><AddtlRmtInf>) to the remittance, after the reference", async () => {
    const [entry] = await entries(notification(QR_REMITTANCE));
    expect(entry?.details[0]?.remittanceInfo).toBe("210000000003139471430009017 Déduction faite de 3% d'escompte");
  });

  it('adds it after the unstructured text, unless that text already holds it', async () => {
    const both = (message: string): string =>
      `<RmtInf><Ustrd>Order 1234567</Ustrd><Strd><AddtlRmtInf>${message}</AddtlRmtInf></Strd></RmtInf>`;
    expect((await entries(notification(both('Thanks'))))[0]?.details[0]?.remittanceInfo).toBe('Order 1234567 Thanks');
    expect((await entries(notification(both('Order 1234567'))))[0]?.details[0]?.remittanceInfo).toBe('Order 1234567');
  });

  it('reads NOTPROVIDED as no name and NONREF as no reference', async () => {
    const detail =
      '<Refs><AcctSvcrRef>NONREF</AcctSvcrRef></Refs><RltdPties><Dbtr><Nm>NOTPROVIDED</Nm></Dbtr>' +
      '<DbtrAcct><Id><IBAN>CH5604835012345678009</IBAN></Id></DbtrAcct></RltdPties>';
    const [entry] = await entries(notification(detail, '<AcctSvcrRef>NONREF</AcctSvcrRef>'));
    expect(entry?.accountServicerReference).toBeUndefined();
    expect(entry?.details[0]?.accountServicerReference).toBeUndefined();
    expect(entry?.details[0]?.debtor).toEqual({ iban: 'CH5604835012345678009' });
  });

  it('reads the line breaks and indentation of pretty-printed remittance text as one space', async () => {
    const pretty = '<RmtInf><Ustrd>Rechnung 4711\n                                vom 01.03.  Danke</Ustrd></RmtInf>';
    expect((await entries(notification(pretty)))[0]?.details[0]?.remittanceInfo).toBe(
      'Rechnung 4711 vom 01.03.  Danke',
    );
  });
});
