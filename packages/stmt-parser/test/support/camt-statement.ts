/**
 * A camt.053.001.04 document of one statement with one `<Ntry>` on line 8, whose children are
 * `entry` (one child a line reads best), for tests about a single entry.
 */
export function oneEntryStatement(entry: string, iban = 'DE89370400440532013000'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04">
<BkToCstmrStmt>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2024-03-03T08:00:00</CreDtTm></GrpHdr>
<Stmt>
<Id>S1</Id>
<Acct><Id><IBAN>${iban}</IBAN></Id></Acct>
<Ntry>
${entry}
</Ntry>
</Stmt>
</BkToCstmrStmt>
</Document>
`;
}
