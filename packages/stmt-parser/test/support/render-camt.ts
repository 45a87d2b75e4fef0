/** A statement as the property tests generate it: exact amounts as integers plus a scale. */
export interface GeneratedEntry {
  /** Amount in units of 10^-scale (so 12345n with scale 2 is "123.45"). */
  units: bigint;
  scale: number;
  creditDebit: 'CRDT' | 'DBIT';
  status: 'BOOK' | 'PDNG' | 'INFO';
}

export interface GeneratedStatement {
  currency: string;
  opening: { units: bigint; scale: number };
  entries: GeneratedEntry[];
}

/** `12345n, 2` → `"123.45"`; negative units get a leading minus. */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** Rescales to `scale` (≥ the current one) without loss. */
export function rescale(units: bigint, from: number, to: number): bigint {
  return units * 10n ** BigInt(to - from);
}

/** Opening + booked credits − booked debits, at the largest scale involved. */
export function closingBalance(statement: GeneratedStatement): { units: bigint; scale: number } {
  const scale = Math.max(statement.opening.scale, ...statement.entries.map((e) => e.scale));
  let units = rescale(statement.opening.units, statement.opening.scale, scale);
  for (const entry of statement.entries) {
    if (entry.status !== 'BOOK') continue;
    const amount = rescale(entry.units, entry.scale, scale);
    units += entry.creditDebit === 'CRDT' ? amount : -amount;
  }
  return { units, scale };
}

function balance(type: string, units: bigint, scale: number, currency: string): string {
  const creditDebit = units < 0n ? 'DBIT' : 'CRDT';
  return `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${formatUnits(units < 0n ? -units : units, scale)}</Amt><CdtDbtInd>${creditDebit}</CdtDbtInd><Dt><Dt>2024-03-28</Dt></Dt></Bal>\n`;
}

/** camt.053.001.08 XML for `statement`, with the closing balance given (or the correct one). */
export function renderCamt053(statement: GeneratedStatement, closing = closingBalance(statement)): string {
  const { currency } = statement;
  const entries = statement.entries
    .map(
      (e, i) =>
        `<Ntry><NtryRef>${i + 1}</NtryRef><Amt Ccy="${currency}">${formatUnits(e.units, e.scale)}</Amt><CdtDbtInd>${e.creditDebit}</CdtDbtInd>` +
        `<Sts><Cd>${e.status}</Cd></Sts><BookgDt><Dt>2024-03-28</Dt></BookgDt></Ntry>\n`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>\n' +
    '<GrpHdr><MsgId>PROP</MsgId><CreDtTm>2024-03-28T18:00:00Z</CreDtTm></GrpHdr>\n' +
    `<Stmt><Id>PROP-1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>${currency}</Ccy></Acct>\n` +
    balance('OPBD', statement.opening.units, statement.opening.scale, currency) +
    balance('CLBD', closing.units, closing.scale, currency) +
    entries +
    '</Stmt></BkToCstmrStmt></Document>\n'
  );
}
