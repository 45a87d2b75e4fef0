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
export function joinPieces(pieces: readonly Piece[]): string {
  let text = '';
  pieces.forEach((piece, i) => {
    text += i === 0 || (pieces[i - 1] as Piece).cut ? piece.text : ` ${piece.text}`;
  });
  return text.replace(/\s+/g, ' ').trim();
}

/** The keyword fields of the remittance subfields; text without keyword is the remittance information. */
export function splitSepaKeywords(pieces: readonly Piece[]): SepaRemittance {
  const values = new Map<string, Piece[]>();
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
      values.set(key, [
        ...(values.get(key) ?? []),
        { text: piece.text.slice((mark.index ?? 0) + mark[0].length, to), cut: last ? piece.cut : false },
      ]);
    });
  }

  function addTo(current: string | undefined, piece: Piece): void {
    if (current === undefined || overflowed) return void free.push(piece);
    const pieces = values.get(current) ?? [];
    if (joinPieces([...pieces, piece]).length > (MAX_LENGTH[current] ?? Infinity)) {
      overflowed = true;
      free.push(piece);
      return;
    }
    values.set(current, [...pieces, piece]);
  }

  const result: SepaRemittance = {};
  const get = (name: string): string | undefined => {
    const value = joinPieces(values.get(name) ?? []);
    return value === '' ? undefined : value;
  };
  const remittance = [get('SVWZ'), joinPieces(free)].filter((text) => text !== undefined && text !== '').join(' ');
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
