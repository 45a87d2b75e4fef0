import type { EntryInformation } from './information';
import { isBic, isIban } from './identifiers';

/**
 * Keywords of the Dutch structured `:86:` (ABN AMRO, ING, Rabobank; the Dutch Payments
 * Association's MT940 format): `/TRTP/SEPA OVERBOEKING/IBAN/…/BIC/…/NAME/…/REMI/…/EREF/…`;
 * Rabobank's older layout names the counterparty's account as `/ACCW/IBAN,BIC/`.
 * Only known keywords split, so a `/` inside a value (`REMI/factuur 12/34`) survives.
 */
const KEYWORDS = [
  'TRTP',
  'IBAN',
  'BIC',
  'NAME',
  'REMI',
  'EREF',
  'MARF',
  'CSID',
  'ORDP',
  'BENM',
  'CNTP',
  'ADDR',
  'PREF',
  'RTRN',
  'ISDT',
  'CDTRREFTP',
  'CDTRREF',
  'PURP',
  'ULTC',
  'ULTD',
  'SVCL',
  'ID',
  'KREF',
  'CD',
  'ISSR',
  'ACCW',
];
const KEYWORD = new RegExp(`/(${KEYWORDS.join('|')})/`, 'g');

export function parseDutchInformation(text: string): EntryInformation | undefined {
  const values = new Map<string, string>();
  const marks = [...text.matchAll(KEYWORD)];
  if (marks.length === 0 || (marks[0]?.index ?? -1) > 0) return undefined;
  marks.forEach((mark, i) => {
    const from = (mark.index ?? 0) + mark[0].length;
    const to = marks[i + 1]?.index ?? text.length;
    const key = mark[1] ?? '';
    if (!values.has(key)) values.set(key, text.slice(from, to).replace(/\/+$/, '').trim());
  });

  const info: EntryInformation = { counterparty: {}, style: 'keyword' };
  const get = (key: string): string | undefined => {
    const value = values.get(key);
    return value === undefined || value === '' ? undefined : value;
  };
  const bookingText = get('TRTP');
  if (bookingText) info.bookingText = bookingText;

  // ING writes the counterparty positionally: /CNTP/IBAN/BIC/NAME/CITY/; Rabobank /ACCW/IBAN,BIC/.
  const [cntpAccount, cntpBic, cntpName] = (get('CNTP') ?? '').split('/').map((part) => part.trim());
  const [accwAccount, accwBic] = (get('ACCW') ?? '').split(',').map((part) => part.trim());
  const iban = get('IBAN') ?? (cntpAccount || accwAccount);
  if (iban && isIban(iban)) info.counterparty.iban = iban.replace(/\s/g, '');
  else if (iban) info.counterparty.otherAccountId = iban;
  const bic = get('BIC') ?? (cntpBic || accwBic);
  if (bic && isBic(bic)) info.counterparty.bic = bic;
  const name = get('NAME') ?? (cntpName !== '' ? cntpName : undefined);
  if (name) info.counterparty.name = name;

  const remittance = remittanceText(get('REMI'));
  if (remittance) info.remittanceInfo = remittance;
  const endToEnd = get('EREF');
  if (endToEnd && endToEnd !== 'NOTPROVIDED') info.endToEndId = endToEnd;
  const mandate = get('MARF');
  if (mandate) info.mandateId = mandate;
  const more: [keyof EntryInformation, string][] = [
    ['creditorId', 'CSID'],
    ['creditorReference', 'CDTRREF'],
    ['purposeCode', 'PURP'],
    ['returnReason', 'RTRN'],
    ['ultimateCreditor', 'ULTC'],
    ['ultimateDebtor', 'ULTD'],
  ];
  for (const [field, key] of more) {
    const value = get(key);
    if (value) (info as unknown as Record<string, string>)[field] = value;
  }
  return info;
}

/** `/REMI/USTD//text/` (unstructured) and `/REMI/STRD/CUR/reference/` (structured creditor reference). */
function remittanceText(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const unstructured = /^USTD\/\/?(.*)$/s.exec(value);
  if (unstructured) return unstructured[1]?.trim() || undefined;
  const structured = /^STRD\/CUR\/(.*)$/s.exec(value);
  if (structured) return structured[1]?.trim() || undefined;
  return value;
}
