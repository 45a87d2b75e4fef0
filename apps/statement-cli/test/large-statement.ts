/** A camt.053 with `entries` entries (about 345 bytes each; 26,000 make more than 8 MiB), booking dates cycling through March. */
export function largeStatement(entries: number): string {
  const rows: string[] = [];
  for (let i = 0; i < entries; i++) {
    const direction = i % 3 === 0 ? 'CRDT' : 'DBIT';
    const party =
      direction === 'CRDT'
        ? `<Dbtr><Pty><Nm>Kunde ${i % 97}</Nm></Pty></Dbtr>`
        : `<Cdtr><Pty><Nm>Lieferant ${i % 89} GmbH</Nm></Pty></Cdtr>`;
    rows.push(`    <Ntry><NtryRef>N${i}</NtryRef><Amt Ccy="EUR">${(i % 5000) + 1}.${String(i % 100).padStart(2, '0')}</Amt><CdtDbtInd>${direction}</CdtDbtInd>
      <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-${String(1 + (i % 28)).padStart(2, '0')}</Dt></BookgDt>
      <NtryDtls><TxDtls><RltdPties>${party}</RltdPties><RmtInf><Ustrd>Rechnung ${i} Miete Strom März</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
  <Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
    <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-02-29</Dt></Dt></Bal>
${rows.join('')}  </Stmt>
</BkToCstmrStmt></Document>
`;
}
