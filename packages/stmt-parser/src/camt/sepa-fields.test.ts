import { parseString, type TransactionDetail } from '@stmt/parser';

const DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2024-05-02T08:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">49.90</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>true</RvslInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-05-02</Dt></BookgDt>
<NtryDtls><TxDtls><Refs><EndToEndId>E2E-9</EndToEndId><MndtId>MANDATE-42</MndtId></Refs>
<RltdPties><Cdtr><Pty><Nm>Gym GmbH</Nm></Pty></Cdtr><UltmtCdtr><Pty><Nm>Gym Franchise 12</Nm></Pty></UltmtCdtr><UltmtDbtr><Pty><Nm>Member Junior</Nm></Pty></UltmtDbtr></RltdPties>
<Purp><Cd>GDDS</Cd></Purp>
<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>
<RtrInf><Rsn><Cd>MD06</Cd></Rsn></RtrInf>
</TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>`;

/** The creditor id the first transaction detail of `xml` is read with. */
async function creditorId(xml: string): Promise<string | undefined> {
  const details: TransactionDetail[] = [];
  for await (const record of parseString(xml, { onIssue: () => undefined }))
    if (record.kind === 'entry') details.push(...record.entry.details);
  return details[0]?.creditorId;
}

describe('camt SEPA fields', () => {
  it('reads mandate, creditor reference, purpose, return reason and ultimate parties of a transaction', async () => {
    const details: TransactionDetail[] = [];
    for await (const record of parseString(DOCUMENT, { onIssue: () => undefined }))
      if (record.kind === 'entry') details.push(...record.entry.details);
    expect(details[0]).toMatchObject({
      mandateId: 'MANDATE-42',
      creditorReference: 'RF18539007547034',
      purposeCode: 'GDDS',
      returnReasonCode: 'MD06',
      ultimateCreditor: { name: 'Gym Franchise 12' },
      ultimateDebtor: { name: 'Member Junior' },
    });
  });

  it('reads the SEPA creditor id from <CdtrSchmeId>', async () => {
    const withCreditorId = DOCUMENT.replace(
      '<Purp>',
      '<CdtrSchmeId><Id><PrvtId><Othr><Id>DE98ZZZ09999999999</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId><Purp>',
    );
    const details: TransactionDetail[] = [];
    for await (const record of parseString(withCreditorId, { onIssue: () => undefined }))
      if (record.kind === 'entry') details.push(...record.entry.details);
    expect(details[0]?.creditorId).toBe('DE98ZZZ09999999999');
  });

  it('reads the creditor id that German banks put in the creditor party, and no other id of a person there', async () => {
    const inParty = (id: string): string =>
      DOCUMENT.replace(
        '<Nm>Gym GmbH</Nm></Pty>',
        `<Nm>Gym GmbH</Nm><Id><PrvtId><Othr><Id>${id}</Id></Othr></PrvtId></Id></Pty>`,
      );
    expect(await creditorId(inParty('DE98ZZZ09999999999'))).toBe('DE98ZZZ09999999999');
    // A person's national id on a plain transfer (a Latvian bank's report) is not a creditor id.
    expect(await creditorId(inParty('121212-12121'))).toBeUndefined();
  });

  it('reads a creditor id with right check digits in the creditor organisation’s <OrgId> (ING NL), and no other id there', async () => {
    const inOrganisation = (id: string): string =>
      DOCUMENT.replace(
        '<Nm>Gym GmbH</Nm></Pty>',
        `<Nm>Gym GmbH</Nm><Id><OrgId><Othr><Id>${id}</Id><SchmeNm><Cd>SEPA</Cd></SchmeNm></Othr></OrgId></Id></Pty>`,
      );
    expect(await creditorId(inOrganisation('DE98ZZZ09999999999'))).toBe('DE98ZZZ09999999999');
    expect(await creditorId(inOrganisation('DE99ZZZ09999999999'))).toBeUndefined();
    expect(await creditorId(inOrganisation('HRB 12345'))).toBeUndefined();
  });
});
