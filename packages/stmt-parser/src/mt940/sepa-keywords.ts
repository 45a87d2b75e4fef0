import { isSepaPlaceholder } from '../placeholders';
import { isJsWhitespace } from '../characters';
import { collapseWhitespace } from '../text';

/**
 * German SEPA remittance in MT940 carries keywords from the DFÜ agreement (Anlage 3):
 * `EREF+` end-to-end reference, `KREF+` customer reference, `MREF+` mandate, `CRED+` creditor
 * id, `DEBT+` debtor id, `SVWZ+` the remittance text itself, `ABWA+`/`ABWE+` ultimate debtor
 * and creditor, `COAM+`/`OAMT+` amounts, `IBAN+`/`BIC+` the counterparty, `PURP+` the ISO 20022
 * purpose code (`PURP+RINP Dauerauftrag/Rate`: the code, then the bank's words for it).
 */
const KEYWORD = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|COAM|OAMT|IBAN|BIC|PURP)\+/g;

/**
 * The longest value each keyword can have (SEPA field lengths). A keyword's value goes on into
 * the next subfield that starts without a keyword only when the bank cut it there (its subfield
 * is full, or a line break falls inside it: `Piece.cut`), and never beyond this length: a value
 * that ends before its subfield does has ended, and what follows it, or would overflow it, is
 * remittance text the bank put after it. `SVWZ+` is the remittance itself, so text after it is
 * remittance either way; it goes on within its length.
 */
const MAX_LENGTH: Readonly<Record<string, number>> = {
  EREF: 35,
  KREF: 35,
  MREF: 35,
  CRED: 35,
  DEBT: 35,
  SVWZ: 140,
  ABWA: 70,
  ABWE: 70,
  COAM: 16,
  OAMT: 16,
  IBAN: 34,
  BIC: 11,
  PURP: 4,
};

/** An ISO 20022 purpose code (ExternalPurpose1Code): four capital letters or digits. */
const PURPOSE_CODE = /^\s*([A-Z0-9]{4})(?![A-Za-z0-9])/;

/** A remittance subfield (`?20`–`?29`, `?60`–`?63`) and whether the bank cut it (see `joinPieces`). */
export interface Piece {
  text: string;
  /** The piece fills its subfield or a line break falls inside it: the next piece continues it without a space. */
  cut: boolean;
}

/**
 * Counts the steps of reading one `:86:` field (a piece stored, measured or joined, a line break
 * compared), so a test can prove the work grows linearly with the field.
 */
export interface WorkCounter {
  steps: number;
}

export interface SepaRemittance {
  remittanceInfo?: string;
  endToEndId?: string;
  mandateId?: string;
  creditorId?: string;
  customerReference?: string;
  ultimateDebtor?: string;
  ultimateCreditor?: string;
  purposeCode?: string;
  /** Where the split between a keyword's value and the remittance is a guess, for warnings. */
  problems?: string[];
}

/** Joins pieces: a cut piece is glued to the next, others end with a space; whitespace collapses. */
export function joinPieces(pieces: readonly Piece[], work?: WorkCounter): string {
  if (pieces.length === 0) return '';
  let text = (pieces[0] as Piece).text;
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i] as Piece;
    text += (pieces[i - 1] as Piece).cut ? piece.text : ` ${piece.text}`;
  }
  if (work) work.steps += pieces.length;
  return collapseWhitespace(text);
}

/**
 * The pieces of one keyword's value, with the length `joinPieces` would give them, kept as
 * pieces are added: checking a keyword's length limit costs the new piece only, never a join
 * of everything before it.
 */
class KeywordValue {
  readonly pieces: Piece[] = [];
  /** Length of `joinPieces(pieces)`: characters outside whitespace, plus one per run of whitespace between them. */
  private length = 0;
  /** Whitespace follows the last non-white character: it becomes one space if more text comes. */
  private gap = false;

  /** What `measure` found: the length and gap with the piece measured last appended. */
  private nextLength = 0;
  private nextGap = false;

  /** The length the joined value would have with `piece` appended. */
  lengthWith(piece: Piece, work?: WorkCounter): number {
    this.measure(piece, work);
    return this.nextLength;
  }

  add(piece: Piece, work?: WorkCounter): void {
    this.measure(piece, work);
    this.pieces.push(piece);
    this.length = this.nextLength;
    this.gap = this.nextGap;
  }

  private measure(piece: Piece, work?: WorkCounter): void {
    if (work) work.steps++;
    const previous = this.pieces[this.pieces.length - 1];
    let { length, gap } = this;
    // Pieces join with a space unless the previous one was cut: that space opens a whitespace run.
    if (previous !== undefined && !previous.cut) gap = length > 0;
    // Character by character, as `joinPieces` collapses whitespace runs: a run between two
    // non-white characters counts one, and leading or trailing runs nothing.
    const { text } = piece;
    for (let at = 0; at < text.length; at++) {
      if (isJsWhitespace(text.charCodeAt(at))) gap = length > 0;
      else {
        length += gap ? 2 : 1;
        gap = false;
      }
    }
    this.nextLength = length;
    this.nextGap = gap;
  }
}

/** The fields read from keywords other than `SVWZ+` and `EREF+`, and their keyword. */
const KEYWORD_FIELDS: readonly (readonly [Exclude<keyof SepaRemittance, 'problems'>, string])[] = [
  ['mandateId', 'MREF'],
  ['creditorId', 'CRED'],
  ['customerReference', 'KREF'],
  ['ultimateDebtor', 'ABWA'],
  ['ultimateCreditor', 'ABWE'],
  ['purposeCode', 'PURP'],
];

/** The fields `splitSepaKeywords` may give, in the order it gives them. */
export const SEPA_FIELDS: readonly Exclude<keyof SepaRemittance, 'problems'>[] = [
  'remittanceInfo',
  'endToEndId',
  ...KEYWORD_FIELDS.map(([field]) => field),
];

/** The keywords in `text`, in order (an `exec` loop: `matchAll` copies the expression on every call). */
function keywordsIn(text: string): RegExpExecArray[] {
  const marks: RegExpExecArray[] = [];
  KEYWORD.lastIndex = 0;
  for (let mark = KEYWORD.exec(text); mark; mark = KEYWORD.exec(text)) marks.push(mark);
  return marks;
}

/** The keyword fields of the remittance subfields; text without keyword is the remittance information. */
export function splitSepaKeywords(pieces: readonly Piece[], work?: WorkCounter): SepaRemittance {
  const values = new Map<string, KeywordValue>();
  const valueOf = (name: string): KeywordValue => {
    let value = values.get(name);
    if (!value) values.set(name, (value = new KeywordValue()));
    return value;
  };
  const free: Piece[] = [];
  let key: string | undefined;
  let overflowed = false;
  /** Keywords whose value was taken on into a following subfield without a keyword. */
  let continued: Set<string> | undefined;
  for (const piece of pieces) {
    // Every keyword ends in `+`: most pieces of free text have none, and skip the search.
    const marks = piece.text.includes('+') ? keywordsIn(piece.text) : [];
    const firstAt = marks[0]?.index ?? piece.text.length;
    const lead = piece.text.slice(0, firstAt);
    if (lead.trim() !== '' || marks.length === 0)
      addTo(key, { text: lead, cut: marks.length === 0 ? piece.cut : false });
    for (let i = 0; i < marks.length; i++) {
      const mark = marks[i] as RegExpExecArray;
      key = mark[1] ?? '';
      overflowed = false;
      const to = marks[i + 1]?.index ?? piece.text.length;
      const last = i === marks.length - 1;
      const text = piece.text.slice((mark.index ?? 0) + mark[0].length, to);
      const cut = last ? piece.cut : false;
      if (key === 'PURP') {
        // The code is the value; the words after it (`RINP Dauerauftrag/Rate`) are remittance
        // text, and so is the whole when no code follows the keyword.
        const code = PURPOSE_CODE.exec(text);
        if (code) valueOf(key).add({ text: code[1] as string, cut: false }, work);
        const rest = code ? text.slice(code[0].length) : mark[0] + text;
        if (rest.trim() !== '') free.push({ text: rest, cut });
        overflowed = true;
        continue;
      }
      valueOf(key).add({ text, cut }, work);
    }
  }

  function addTo(current: string | undefined, piece: Piece): void {
    if (current === undefined || overflowed) return void free.push(piece);
    const value = valueOf(current);
    if ((current !== 'SVWZ' && !endsCut(value)) || value.lengthWith(piece, work) > (MAX_LENGTH[current] ?? Infinity)) {
      overflowed = true;
      free.push(piece);
      return;
    }
    if (current !== 'SVWZ' && piece.text.trim() !== '') (continued ??= new Set()).add(current);
    value.add(piece, work);
  }

  /**
   * Whether the bank cut the value (its last piece) at its subfield's end, so that the next
   * subfield goes on with it. `NOTPROVIDED` is a whole value, however it ends.
   */
  function endsCut(value: KeywordValue): boolean {
    const last = value.pieces[value.pieces.length - 1];
    if (last === undefined || !last.cut) return false;
    // Only the keyword's own piece can be a placeholder: measured once per value.
    return !(value.pieces.length === 1 && isSepaPlaceholder(last.text));
  }

  const result: SepaRemittance = {};
  const get = (name: string): string | undefined => {
    const value = joinPieces(values.get(name)?.pieces ?? [], work);
    return value === '' ? undefined : value;
  };
  const remittance = get('SVWZ');
  const rest = joinPieces(free, work);
  if (remittance !== undefined || rest !== '')
    result.remittanceInfo = remittance === undefined ? rest : rest === '' ? remittance : `${remittance} ${rest}`;
  const endToEnd = get('EREF');
  if (endToEnd && !isSepaPlaceholder(endToEnd)) result.endToEndId = endToEnd;
  for (const [field, name] of KEYWORD_FIELDS) {
    const value = get(name);
    if (value && !isSepaPlaceholder(value)) result[field] = value;
  }
  // With SVWZ+ the remittance has its keyword, and text without one goes on the value before it;
  // without SVWZ+, that text might be the remittance written without its keyword.
  if (!values.has('SVWZ') && continued !== undefined)
    result.problems = [...continued].map(
      (name) =>
        `the ${name}+ value fills its subfield, and the next subfield, which has no keyword, is read as its continuation (${name}+ "${get(name) ?? ''}"); with no SVWZ+ in the field, that text may instead be remittance information`,
    );
  return result;
}
