/**
 * German SEPA remittance in MT940 carries keywords from the DFÜ agreement (Anlage 3):
 * `EREF+` end-to-end reference, `KREF+` customer reference, `MREF+` mandate, `CRED+` creditor
 * id, `DEBT+` debtor id, `SVWZ+` the remittance text itself, `ABWA+`/`ABWE+` ultimate debtor
 * and creditor, `COAM+`/`OAMT+` amounts, `IBAN+`/`BIC+` the counterparty.
 */
const KEYWORD = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|COAM|OAMT|IBAN|BIC)\+/g;

/**
 * The longest value each keyword can have (SEPA field lengths). A keyword's value goes on into
 * the next subfields that start without a keyword, but never beyond this: what would overflow
 * it is not part of the field (it is remittance text the bank put after it).
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
};

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
}

/** Joins pieces: a cut piece is glued to the next, others end with a space; whitespace collapses. */
export function joinPieces(pieces: readonly Piece[], work?: WorkCounter): string {
  let text = '';
  pieces.forEach((piece, i) => {
    text += i === 0 || (pieces[i - 1] as Piece).cut ? piece.text : ` ${piece.text}`;
  });
  if (work) work.steps += pieces.length;
  return text.replace(/\s+/g, ' ').trim();
}

const RUNS = /\s+|\S+/g;

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

  /** The length the joined value would have with `piece` appended. */
  lengthWith(piece: Piece, work?: WorkCounter): number {
    return this.extend(piece, work).length;
  }

  add(piece: Piece, work?: WorkCounter): void {
    const next = this.extend(piece, work);
    this.pieces.push(piece);
    this.length = next.length;
    this.gap = next.gap;
  }

  private extend(piece: Piece, work?: WorkCounter): { length: number; gap: boolean } {
    if (work) work.steps++;
    const previous = this.pieces[this.pieces.length - 1];
    const text = previous === undefined || previous.cut ? piece.text : ` ${piece.text}`;
    let { length, gap } = this;
    for (const [run] of text.matchAll(RUNS)) {
      if (/^\s/.test(run)) gap = length > 0;
      else {
        length += (gap ? 1 : 0) + run.length;
        gap = false;
      }
    }
    return { length, gap };
  }
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
  for (const piece of pieces) {
    const marks = [...piece.text.matchAll(KEYWORD)];
    const firstAt = marks[0]?.index ?? piece.text.length;
    const lead = piece.text.slice(0, firstAt);
    if (lead.trim() !== '' || marks.length === 0)
      addTo(key, { text: lead, cut: marks.length === 0 ? piece.cut : false });
    marks.forEach((mark, i) => {
      key = mark[1] ?? '';
      overflowed = false;
      const to = marks[i + 1]?.index ?? piece.text.length;
      const last = i === marks.length - 1;
      valueOf(key).add(
        { text: piece.text.slice((mark.index ?? 0) + mark[0].length, to), cut: last ? piece.cut : false },
        work,
      );
    });
  }

  function addTo(current: string | undefined, piece: Piece): void {
    if (current === undefined || overflowed) return void free.push(piece);
    const value = valueOf(current);
    if (value.lengthWith(piece, work) > (MAX_LENGTH[current] ?? Infinity)) {
      overflowed = true;
      free.push(piece);
      return;
    }
    value.add(piece, work);
  }

  const result: SepaRemittance = {};
  const get = (name: string): string | undefined => {
    const value = joinPieces(values.get(name)?.pieces ?? [], work);
    return value === '' ? undefined : value;
  };
  const remittance = [get('SVWZ'), joinPieces(free, work)]
    .filter((text) => text !== undefined && text !== '')
    .join(' ');
  if (remittance !== '') result.remittanceInfo = remittance;
  const endToEnd = get('EREF');
  if (endToEnd && endToEnd !== 'NOTPROVIDED') result.endToEndId = endToEnd;
  const fields: [keyof SepaRemittance, string][] = [
    ['mandateId', 'MREF'],
    ['creditorId', 'CRED'],
    ['customerReference', 'KREF'],
    ['ultimateDebtor', 'ABWA'],
    ['ultimateCreditor', 'ABWE'],
  ];
  for (const [field, name] of fields) {
    const value = get(name);
    if (value && value !== 'NOTPROVIDED') result[field] = value;
  }
  return result;
}
