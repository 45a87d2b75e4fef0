import type { Party } from '../types';
import { noteProblem, type EntryInformation } from './information';
import { isBic, isIban } from './identifiers';
import { isSepaPlaceholder } from '../placeholders';
import { withoutTrailing } from '../text';

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

/** The keywords whose value a field of the row reads (`ORDP`/`BENM` only as an account, see `leadingAccount`). */
const READ_KEYWORDS = new Set([
  'TRTP',
  'IBAN',
  'BIC',
  'NAME',
  'CNTP',
  'ACCW',
  'REMI',
  'EREF',
  'MARF',
  'CSID',
  'CDTRREF',
  'PURP',
  'RTRN',
  'ULTC',
  'ULTD',
]);

export function parseDutchInformation(text: string): EntryInformation | undefined {
  const values = new Map<string, string>();
  const marks = [...text.matchAll(KEYWORD)];
  if (marks.length === 0 || (marks[0]?.index ?? -1) > 0) return undefined;
  // Text no field reads: a keyword's second value, and the value of a keyword no field reads.
  let unread = false;
  marks.forEach((mark, i) => {
    const from = (mark.index ?? 0) + mark[0].length;
    const to = marks[i + 1]?.index ?? text.length;
    const key = mark[1] ?? '';
    const value = withoutTrailing(text.slice(from, to), '/').trim();
    if (!values.has(key)) values.set(key, value);
    else if (value !== '') unread = true;
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
  const remittance = remittanceText(get('REMI'));
  if (remittance) info.remittanceInfo = remittance;
  const iban = identifier(info, 'IBAN', get('IBAN') ?? (cntpAccount || accwAccount), isIban);
  if (iban && isIban(iban)) info.counterparty.iban = iban.replace(/\s/g, '');
  else if (iban) info.counterparty.otherAccountId = iban;
  const bic = identifier(info, 'BIC', get('BIC') ?? (cntpBic || accwBic), isBic);
  if (bic && isBic(bic)) info.counterparty.bic = bic;
  else if (bic) noteProblem(info, `the /BIC/ value ${JSON.stringify(bic)} is no BIC: left out`);
  const name = get('NAME') ?? (cntpName !== '' ? cntpName : undefined);
  if (name) info.counterparty.name = name;

  const endToEnd = get('EREF');
  if (endToEnd && !isSepaPlaceholder(endToEnd)) info.endToEndId = endToEnd;
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

  // Komercijalna Banka Skopje writes `/ORDP/account` or `/BENM/account`, then the name and the
  // text on lines of their own that begin with `/`, which are not keywords: the account is the
  // ordering party's or the beneficiary's, and the rest is read by no keyword.
  for (const [key, role] of [
    ['ORDP', 'orderingParty'],
    ['BENM', 'beneficiary'],
  ] as const) {
    const value = get(key);
    const account = value === undefined ? undefined : leadingAccount(value);
    if (account) info[role] = account.party;
    if (value !== undefined && value !== account?.text) unread = true;
  }
  for (const [key, value] of values)
    if (value !== '' && !READ_KEYWORDS.has(key) && key !== 'ORDP' && key !== 'BENM') unread = true;
  // Text must not vanish: when the keywords give the row neither a remittance nor a counterparty
  // name while the text holds more than they read, the whole text is the remittance, as free text.
  if (unread && !info.remittanceInfo && !info.counterparty.name) info.remittanceInfo = text;
  return info;
}

/**
 * An account or BIC value as its keyword gives it; when it is not one but begins with one, up to
 * a `/` or a blank, that beginning, the rest being text no keyword this reader knows took (a
 * misspelt `/NAXME/` runs the name into the BIC): kept in the remittance, with a warning.
 */
function identifier(
  info: EntryInformation,
  key: string,
  value: string | undefined,
  valid: (text: string) => boolean,
): string | undefined {
  if (value === undefined || valid(value)) return value;
  const cut = /[/\s]/.exec(value);
  const head = cut === null ? undefined : value.slice(0, cut.index);
  if (head === undefined || !valid(head)) return value;
  const rest = value.slice(head.length);
  noteProblem(
    info,
    `the /${key}/ value is followed by ${JSON.stringify(rest.trim())}, which starts with no keyword this reader knows: kept in the remittance`,
    rest.replace(/^[/\s]+/, ''),
  );
  return head;
}

/** A bank account number: digits, perhaps grouped by dashes (`300000000460495`, `160309522-70100246004`). */
const ACCOUNT_NUMBER = /^\d[\d-]{4,32}\d$/;

/**
 * The account a value begins with, up to a blank or `/`: an IBAN, or an account number. The
 * party takes it as its IBAN or its other account id; `text` is that account as written.
 */
function leadingAccount(value: string): { party: Party; text: string } | undefined {
  const text = /^[^\s/]+/.exec(value)?.[0] ?? '';
  if (isIban(text)) return { party: { iban: text }, text };
  if (ACCOUNT_NUMBER.test(text)) return { party: { otherAccountId: text }, text };
  return undefined;
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
