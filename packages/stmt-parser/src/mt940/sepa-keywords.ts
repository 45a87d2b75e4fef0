/**
 * German SEPA remittance in MT940 carries keywords from the DFÜ agreement (Anlage 3):
 * `EREF+` end-to-end reference, `MREF+` mandate, `CRED+` creditor id, `SVWZ+` the remittance
 * text itself, `ABWA+`/`ABWE+` ultimate parties, `KREF+` customer reference.
 */
const KEYWORD = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|COAM|OAMT|IBAN|BIC)\+/g;

export interface SepaRemittance {
  remittanceInfo?: string;
  endToEndId?: string;
  mandateId?: string;
}

export function splitSepaKeywords(text: string): SepaRemittance {
  const marks = [...text.matchAll(KEYWORD)];
  if (marks.length === 0) return { remittanceInfo: text };
  const values = new Map<string, string>();
  marks.forEach((mark, i) => {
    const from = (mark.index ?? 0) + mark[0].length;
    const to = marks[i + 1]?.index ?? text.length;
    values.set(mark[1] ?? '', text.slice(from, to).trim());
  });
  const result: SepaRemittance = {};
  const leading = text.slice(0, marks[0]?.index ?? 0).trim();
  const remittance = values.get('SVWZ') ?? (leading !== '' ? leading : undefined);
  if (remittance) result.remittanceInfo = remittance;
  const endToEnd = values.get('EREF');
  if (endToEnd && endToEnd !== 'NOTPROVIDED') result.endToEndId = endToEnd;
  const mandate = values.get('MREF');
  if (mandate) result.mandateId = mandate;
  return result;
}
