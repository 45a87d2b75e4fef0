import { isAsciiDigit } from '../characters';
import { noteProblem, type EntryInformation } from './information';
import { isBic, isCheckedIban, isIban } from './identifiers';
import { joinPieces, SEPA_FIELDS, splitSepaKeywords, type Piece, type WorkCounter } from './sepa-keywords';

/**
 * German (ZKA/DFÜ agreement) and Polish `:86:` start with a three-digit transaction code and
 * then subfields `?NN`; Polish banks often use `~` instead of `?`. The code may be missing.
 */
export const SUBFIELD_START = /^\s*(\d{3})?\s?([?~])\d{2}/;

/** A first line that holds only the transaction code, and a line that starts with a subfield mark. */
const CODE_ONLY = /^\s*\d{3}\s*$/;
const MARK_FIRST = /^[?~]\d{2}/;

/**
 * The lines of a `:86:` in subfields, ready for `parseSubfieldInformation`, or undefined when it
 * is not in subfields: the code and the first mark on the first line (`166?00…`), or the code
 * alone on it and the marks from the next line on (Banque Raiffeisen: `229` / `?00BONIFICATION`).
 */
export function subfieldLines(lines: readonly string[]): readonly string[] | undefined {
  const first = lines[0] ?? '';
  if (SUBFIELD_START.test(first)) return lines;
  if (lines.length > 1 && CODE_ONLY.test(first) && MARK_FIRST.test(lines[1] as string))
    return [first.trim(), ...lines.slice(1)];
  return undefined;
}

/**
 * German subfields ?20–?29, ?60–?63 and the name ?32/?33 carry at most 27 characters each: a
 * piece of exactly 27 was cut at that width; a longer one's bank does not cut at 27.
 */
const SUBFIELD_WIDTH = 27;

const hasText = (piece: Piece): boolean => /\S/.test(piece.text);

/** The remittance subfields, in the order their text is read. */
const REMITTANCE_TAGS = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'] as const;

/**
 * Reads the subfields: ?00 booking text, ?10 primanota, ?20–?29 and ?60–?63 remittance,
 * ?30 bank code or BIC, ?31 account or IBAN, ?32–?33 name, ?34 text key extension, and ?38 the
 * IBAN that Polish banks add. Lines are joined without separator first, because banks wrap
 * wherever the line ends, even inside a subfield tag (`?2115617?` / `22INFO`). Unlike free
 * text, the subfield marks and not the line ends delimit the values, so a line break that falls
 * inside a subfield is a wrap whatever the line's length (a bank that breaks a line there, at 65
 * characters or at another width, cut the value).
 */
export function parseSubfieldInformation(lines: readonly string[], work?: WorkCounter): EntryInformation {
  const text = lines.length === 1 ? (lines[0] as string) : lines.join('');
  // Where each continuation line starts in `text`: a break inside a subfield means the bank wrapped it.
  const breaks: number[] = [];
  let at = 0;
  for (let line = 0; line < lines.length - 1; line++) breaks.push((at += (lines[line] as string).length));
  const start = SUBFIELD_START.exec(text);
  const separator = start?.[2] ?? '?';
  const info: EntryInformation = { counterparty: {}, style: 'subfields' };
  if (start?.[1]) info.transactionCode = start[1];
  const bodyStart = text.indexOf(separator);
  const body = text.slice(bodyStart);

  const subfields = new Map<string, Piece[]>();
  // Subfields come in text order, so one pass over the line breaks serves them all.
  let nextBreak = 0;
  for (let mark = nextMark(body, separator, 0); mark >= 0;) {
    const from = mark + 3;
    const following = nextMark(body, separator, from);
    const to = following < 0 ? body.length : following;
    const tag = body.slice(mark + 1, from);
    const value = body.slice(from, to);
    // A piece that fills its 27 characters, or that a line break cuts, was cut by the bank; a
    // shorter unbroken one ended a phrase. (Counting the break as part of the piece is what
    // banks do that wrap ?32 "…UL" / "PRZEMY" and go on in ?33 "SLOWA …".)
    while (nextBreak < breaks.length && (breaks[nextBreak] as number) <= bodyStart + from) {
      nextBreak++;
      if (work) work.steps++;
    }
    // A wrapped piece that ends where a line ends ended its phrase there: the next mark starts its
    // own line (`?20Gehalt Oktob` / `er` / `?21Firma …` reads "Gehalt Oktober Firma …").
    let last = nextBreak;
    while (last < breaks.length && (breaks[last] as number) < bodyStart + to) last++;
    const wrapped = last > nextBreak && breaks[last] !== bodyStart + to;
    let pieces = subfields.get(tag);
    if (!pieces) subfields.set(tag, (pieces = []));
    pieces.push({ text: value, cut: value.length === SUBFIELD_WIDTH || wrapped });
    if (work) work.steps++;
    mark = following;
  }
  const one = (tag: string): string | undefined => {
    const pieces = subfields.get(tag);
    if (pieces === undefined) return undefined;
    let value = (pieces[0] as Piece).text;
    for (let i = 1; i < pieces.length; i++) value += (pieces[i] as Piece).text;
    value = value.trim();
    return value === '' ? undefined : value;
  };

  const bookingText = one('00');
  if (bookingText) info.bookingText = bookingText;

  const pieces: Piece[] = [];
  for (const tag of REMITTANCE_TAGS) {
    const values = subfields.get(tag);
    if (values) for (const piece of values) pieces.push(piece);
  }
  if (pieces.some(hasText)) {
    const sepa = splitSepaKeywords(pieces, work);
    for (const field of SEPA_FIELDS) {
      const value = sepa[field];
      if (value !== undefined) info[field] = value;
    }
    for (const problem of sepa.problems ?? []) noteProblem(info, problem);
  }

  // A separator that starts no subfield (`?3X`) runs what follows into the subfield before it.
  subfields.forEach((values, tag) => {
    for (const piece of values)
      if (piece.text.includes(separator))
        return noteProblem(
          info,
          `a "${separator}" in ${separator}${tag} starts no subfield (${separator} and two digits): read as part of ${separator}${tag}`,
        );
  });
  const bank = one('30');
  const account = leadingAccount(info, separator, one('31'));
  const listed = one('38');
  const iban =
    listed !== undefined && isIban(listed) ? listed : account !== undefined && isIban(account) ? account : undefined;
  if (iban) info.counterparty.iban = iban.replace(/\s/g, '');
  else if (account) info.counterparty.otherAccountId = bank && !isBic(bank) ? `${bank}/${account}` : account;
  if (iban && !isCheckedIban(iban))
    noteProblem(info, `the IBAN ${JSON.stringify(iban)} has wrong check digits: kept as written`);
  if (bank && isBic(bank)) info.counterparty.bic = bank;
  else if (bank && iban && !/^\d{8}$/.test(bank))
    noteProblem(info, `${separator}30 ${JSON.stringify(bank)} is neither a BIC nor a bank code: left out`);
  const first = subfields.get('32');
  const second = subfields.get('33');
  const name = joinPieces(first && second ? [...first, ...second] : (first ?? second ?? []));
  if (name !== '') info.counterparty.name = name;
  return info;
}

/**
 * The account of `?31`; when it is no IBAN but begins with one, up to a blank or a stray
 * separator, that IBAN, the rest being kept in the remittance with a warning.
 */
function leadingAccount(info: EntryInformation, separator: string, account: string | undefined): string | undefined {
  if (account === undefined || isIban(account)) return account;
  const head = account.split(separator === '?' ? /[?\s]/ : /\s/, 1)[0] ?? '';
  if (head === account || !isIban(head)) return account;
  const rest = account.slice(head.length).trim();
  noteProblem(info, `${separator}31 holds ${JSON.stringify(rest)} after the IBAN: kept in the remittance`, rest);
  return head;
}

/** Where the next subfield mark (`?` or `~` and two digits) at or after `from` starts, or -1. */
function nextMark(body: string, separator: string, from: number): number {
  for (let at = body.indexOf(separator, from); at >= 0; at = body.indexOf(separator, at + 1)) {
    if (isAsciiDigit(body.charCodeAt(at + 1)) && isAsciiDigit(body.charCodeAt(at + 2))) return at;
  }
  return -1;
}
