// The camt.053 files of `pnpm bench:stmt`, one statement of generated bookings each:
//   - indented: one element per line, indented, plain ASCII text;
//   - dense: as banks' bulk exports write it, no indentation or line breaks between elements,
//     XML entities in names and remittance text (`&amp;`, `&apos;`, `&#x26;`), and non-ASCII
//     names written as UTF-8.
// Both carry the same bookings (amounts, dates, references), so their throughputs compare shapes.
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { writeEntries } from './camt-entries.mjs';

const NAMES = [
  'Müller &amp; Söhne GmbH',
  'Ørsted Énergie SAS',
  'Café Zürich AG',
  'Łódź Dom Sp. z o.o.',
  'O&apos;Brien &amp; Partners Ltd',
  'Bäckerei Groß',
  'Dvořák &#x26; Janáček s.r.o.',
];

function booking(i) {
  const cents = 100 + ((i * 7919) % 500000);
  const credit = i % 3 === 0;
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const day = String(1 + (i % 28)).padStart(2, '0');
  return { cents: BigInt(credit ? cents : -cents), credit, amount, day };
}

function indentedEntry(i) {
  const { cents, credit, amount, day } = booking(i);
  const party = credit
    ? `<Dbtr><Pty><Nm>Customer ${i % 997}</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>DE0210000000000${String(i % 9973).padStart(7, '0')}</IBAN></Id></DbtrAcct>`
    : `<Cdtr><Pty><Nm>Supplier ${i % 991} GmbH</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>DE0220000000000${String(i % 9967).padStart(7, '0')}</IBAN></Id></CdtrAcct>`;
  const xml = `      <Ntry>
        <NtryRef>N${i}</NtryRef>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2024-03-${day}</Dt></BookgDt>
        <ValDt><Dt>2024-03-${day}</Dt></ValDt>
        <AcctSvcrRef>ASR${i}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>E2E-${i}</EndToEndId></Refs>
          <Amt Ccy="EUR">${amount}</Amt>
          <RltdPties>${party}</RltdPties>
          <RmtInf><Ustrd>Invoice ${i} March 2024, order ${(i * 31) % 100000}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
`;
  return { xml, cents };
}

function denseEntry(i) {
  const { cents, credit, amount, day } = booking(i);
  const name = NAMES[i % NAMES.length];
  const party = credit
    ? `<Dbtr><Pty><Nm>${name} ${i % 997}</Nm><PstlAdr><Ctry>DE</Ctry><AdrLine>Hauptstraße ${i % 200}</AdrLine></PstlAdr></Pty></Dbtr><DbtrAcct><Id><IBAN>DE0210000000000${String(i % 9973).padStart(7, '0')}</IBAN></Id></DbtrAcct>`
    : `<Cdtr><Pty><Nm>${name} ${i % 991}</Nm><PstlAdr><Ctry>FR</Ctry><AdrLine>Rue de l&apos;Église ${i % 200}</AdrLine></PstlAdr></Pty></Cdtr><CdtrAcct><Id><IBAN>DE0220000000000${String(i % 9967).padStart(7, '0')}</IBAN></Id></CdtrAcct>`;
  const xml =
    `<Ntry><NtryRef>N${i}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>` +
    `<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-${day}</Dt></BookgDt><ValDt><Dt>2024-03-${day}</Dt></ValDt>` +
    `<AcctSvcrRef>ASR${i}</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${credit ? 'RCDT' : 'ICDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>` +
    `<NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs><Amt Ccy="EUR">${amount}</Amt><RltdPties>${party}</RltdPties>` +
    `<RmtInf><Ustrd>Rechnung Nr. ${i} &lt;März 2024&gt; &amp; Bestellung ${(i * 31) % 100000} – Grüße</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  return { xml, cents };
}

/** The file shapes: name and entry writer; `dense` files also drop the line breaks around the statement. */
export const CAMT_KINDS = {
  indented: { entry: indentedEntry, dense: false },
  dense: { entry: denseEntry, dense: true },
};

const money = (cents) =>
  `${cents < 0n ? -cents / 100n : cents / 100n}.${String((cents < 0n ? -cents : cents) % 100n).padStart(2, '0')}`;

/** Writes a camt.053 of about `targetBytes` of the given kind; the closing balance reconciles. Returns the entry count. */
export function generateCamt(path, targetBytes, kind) {
  const { entry, dense } = CAMT_KINDS[kind];
  const flat = (xml) => (dense ? xml.replace(/>\n\s*/g, '>') : xml);
  const temp = `${path}.tmp`;
  const fd = openSync(temp, 'w');
  const opening = 1000000000n;
  const head = flat(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2024-03-31T18:00:00Z</CreDtTm></GrpHdr>
    <Stmt>
      <Id>BENCH-1</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${money(opening)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-02-29</Dt></Dt></Bal>
`);
  const written = writeSync(fd, head);
  const closingTemplate = 400;
  const { count, balance: movement } = writeEntries(fd, entry, {
    first: 0,
    written,
    limit: targetBytes - closingTemplate,
  });
  const balance = opening + movement;
  // camt puts balances before entries; the generator learns the closing one last, so it is
  // written after them. Parsers accept balances in either place.
  writeSync(
    fd,
    flat(`      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${money(balance < 0n ? -balance : balance)}</Amt><CdtDbtInd>${balance < 0n ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>2024-03-31</Dt></Dt></Bal>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`) + (dense ? '\n' : ''),
  );
  closeSync(fd);
  renameSync(temp, path);
  return count;
}
