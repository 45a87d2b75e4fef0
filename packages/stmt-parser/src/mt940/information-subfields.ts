import type { EntryInformation } from './information';
import { isBic, isIban } from './identifiers';
import { splitSepaKeywords } from './sepa-keywords';

/**
 * German (ZKA/DFÜ agreement) and Polish `:86:` start with a three-digit transaction code and
 * then subfields `?NN`; Polish banks often use `~` instead of `?`. The code may be missing.
 */
export const SUBFIELD_START = /^\s*(\d{3})?\s?([?~])\d{2}/;

const QUESTION_SUBFIELD = /\?(\d{2})/g;
const TILDE_SUBFIELD = /~(\d{2})/g;

/** German subfields ?20–?29 and ?60–?63 carry at most 27 characters each. */
const REMITTANCE_PIECE_WIDTH = 27;

const REMITTANCE_TAGS = new Set(['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63']);

/**
 * Reads the subfields: ?00 booking text, ?10 primanota, ?20–?29 and ?60–?63 remittance,
 * ?30 bank code or BIC, ?31 account or IBAN, ?32–?33 name, ?34 text key extension, and ?38 the
 * IBAN that Polish banks add. Lines are joined without separator first, because banks wrap
 * wherever the 65-character line ends, even inside a subfield tag (`?2115617?` / `22INFO`).
 */
export function parseSubfieldInformation(text: string): EntryInformation {
  const start = SUBFIELD_START.exec(text);
  const separator = start?.[2] ?? '?';
  const info: EntryInformation = { counterparty: {}, style: 'subfields' };
  if (start?.[1]) info.transactionCode = start[1];
  const body = text.slice(text.indexOf(separator));

  const subfields = new Map<string, string[]>();
  const marks = [...body.matchAll(separator === '~' ? TILDE_SUBFIELD : QUESTION_SUBFIELD)];
  marks.forEach((mark, i) => {
    const from = (mark.index ?? 0) + mark[0].length;
    const to = marks[i + 1]?.index ?? body.length;
    const tag = mark[1] ?? '';
    subfields.set(tag, [...(subfields.get(tag) ?? []), body.slice(from, to)]);
  });
  const one = (tag: string): string | undefined => {
    const value = subfields.get(tag)?.join('').trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const bookingText = one('00');
  if (bookingText) info.bookingText = bookingText;

  const pieces = [...subfields.entries()].filter(([tag]) => REMITTANCE_TAGS.has(tag)).sort(([a], [b]) => a.localeCompare(b)).flatMap(([, values]) => values);
  const remittance = joinPieces(pieces);
  if (remittance !== '') {
    const sepa = splitSepaKeywords(remittance);
    if (sepa.remittanceInfo) info.remittanceInfo = sepa.remittanceInfo;
    if (sepa.endToEndId) info.endToEndId = sepa.endToEndId;
    if (sepa.mandateId) info.mandateId = sepa.mandateId;
  }

  const bank = one('30');
  const account = one('31');
  const iban = [one('38'), account].find((value) => value !== undefined && isIban(value));
  if (iban) info.counterparty.iban = iban.replace(/\s/g, '');
  else if (account) info.counterparty.otherAccountId = bank && !isBic(bank) ? `${bank}/${account}` : account;
  if (bank && isBic(bank)) info.counterparty.bic = bank;
  const name = joinPieces([one('32'), one('33')].filter((part) => part !== undefined));
  if (name !== '') info.counterparty.name = name;
  return info;
}

/** A piece that fills its 27 characters was cut by the bank; a shorter one ended a phrase. */
function joinPieces(pieces: readonly string[]): string {
  let text = '';
  let previous: string | undefined;
  for (const piece of pieces) {
    if (previous === undefined) text = piece;
    else text += (previous.length >= REMITTANCE_PIECE_WIDTH ? '' : ' ') + piece;
    previous = piece;
  }
  return text.replace(/\s+/g, ' ').trim();
}
