import { isAsciiCapital, isAsciiDigit, isAsciiLetter } from '../characters';
import type { CreditDebit } from '../types';
import { clampYymmdd, entryDateNear, readSwiftAmount, readYymmdd, type Deviation } from './values';

/** The subfields of a `:61:` statement line (SWIFT MT940 field 61). */
export interface StatementLine {
  valueDate: string;
  entryDate?: string;
  creditDebit: CreditDebit;
  /** RC (reversal of credit, so a debit) and RD (reversal of debit, so a credit). */
  reversal: boolean;
  /** Third letter of the currency code (e.g. `R`), which some banks put after the mark. */
  fundsCode?: string;
  amountText: string;
  /** `N`/`F`/`S` plus three characters, e.g. `NTRF`; none when the bank left it out. */
  transactionType?: string;
  customerReference?: string;
  bankReference?: string;
  supplementaryDetails?: string;
  /** Where the supplementary details begin: the index in the field's lines, and the 0-based position in that line. */
  supplementaryAt?: { line: number; offset: number };
  /** What deviated from the SWIFT syntax and how it was read; reported as warnings. */
  deviations: Deviation[];
}

export type StatementLineProblem = {
  code: 'INVALID_DATE' | 'INVALID_AMOUNT' | 'INVALID_VALUE';
  message: string;
  offset: number;
};

const NO_REFERENCE = 'NONREF';

function reference(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' || trimmed === NO_REFERENCE ? undefined : trimmed;
}

/**
 * Parses `YYMMDD[MMDD](C|D|RC|RD)[funds code]amount(N|F|S)XXX reference[//bank reference]`
 * plus the optional supplementary line; a missing type is read with a warning (see
 * `missingType`). `offset` in a problem is the 0-based position in the first line, so callers
 * can turn it into a column.
 */
export function parseStatementLine(lines: readonly string[]): StatementLine | StatementLineProblem {
  const text = lines[0] ?? '';
  const deviations: Deviation[] = [];
  const value = readYymmdd(text.slice(0, 6), 'value date', 0);
  if (!value)
    return { code: 'INVALID_DATE', message: `value date "${text.slice(0, 6)}" is not a YYMMDD date`, offset: 0 };
  if (value.deviation) deviations.push(value.deviation);
  const valueDate = value.date;
  let pos = 6;
  let entryDate: string | undefined;
  // An entry date that is no date at all (`1612`) is read as none when the rest of the line
  // reads as the SWIFT syntax has it: then this problem is reported only if it does not.
  let unreadEntryDate: StatementLineProblem | undefined;
  const fail = (problem: StatementLineProblem): StatementLineProblem => unreadEntryDate ?? problem;
  if (text.startsWith('0000', pos)) {
    // Citi writes the optional entry date as zeros: no date, like a blank one.
    deviations.push({ message: 'the entry date is 0000; the entry is booked on its value date', offset: pos });
    pos += 4;
  } else if (digitsAt(text, pos, 4)) {
    const mmdd = text.slice(pos, pos + 4);
    entryDate = entryDateNear(valueDate, mmdd);
    if (!entryDate) {
      // 30 February and the like: the last day of that month, in the value date's year.
      const clamped = clampYymmdd(`${valueDate.slice(2, 4)}${mmdd}`);
      if (clamped) {
        entryDate = entryDateNear(valueDate, clamped.slice(5, 7) + clamped.slice(8, 10));
        deviations.push({
          message: `entry date "${mmdd}" does not exist; read as ${entryDate ?? clamped}, the last day of that month`,
          offset: pos,
        });
      } else {
        // The entry date is optional: one that is no MMDD date is read like a blank one.
        unreadEntryDate = { code: 'INVALID_DATE', message: `entry date "${mmdd}" is not an MMDD date`, offset: pos };
        deviations.push({
          message: `entry date "${mmdd}" is not an MMDD date; read as if there were none: the entry is booked on its value date ${valueDate}`,
          offset: pos,
        });
      }
    }
    pos += 4;
  } else if (/^ +(?=R?[CD])/.test(text.slice(pos))) {
    // ASN Bank and Citi leave the optional entry date blank instead of omitting it.
    const blanks = /^ +/.exec(text.slice(pos))?.[0].length ?? 0;
    deviations.push({ message: 'the entry date is blank; the entry is booked on its value date', offset: pos });
    pos += blanks;
  }
  const mark = markAt(text, pos);
  if (!mark)
    return fail({
      code: 'INVALID_VALUE',
      message: `expected debit/credit mark C, D, RC or RD, found "${text.slice(pos, pos + 2)}"`,
      offset: pos,
    });
  pos += mark.length;
  let fundsCode: string | undefined;
  if (isAsciiCapital(text.charCodeAt(pos))) {
    fundsCode = text.charAt(pos);
    pos += 1;
  }
  const amountAt = pos;
  // Built only when needed: this runs for every entry.
  const unreadAmount = (): StatementLineProblem => ({
    code: 'INVALID_AMOUNT',
    message: `expected an amount with a decimal comma such as 1234,56, found "${text.slice(amountAt, amountAt + 15)}"`,
    offset: amountAt,
  });
  const amount = readSwiftAmount(text.slice(pos), pos);
  if (!amount) return fail(unreadAmount());
  if (amount.deviation) deviations.push(amount.deviation);
  const amountText = amount.amountText;
  pos += amount.length;
  // Commerzbank and Deutsche Bank exports set the type apart from the amount: `D12,35 NRTI`.
  let gap = 0;
  while (text.charCodeAt(pos + gap) === 0x20) gap++;
  if (!isAsciiLetter(text.charCodeAt(pos + gap))) gap = 0;
  if (gap > 0) {
    deviations.push({
      message: 'blank between the amount and the transaction type; read as if it were not there',
      offset: pos,
    });
    pos += gap;
  }
  const missing = missingType(text.slice(pos));
  let transactionType = missing ? undefined : plainTypeAt(text, pos);
  if (missing) {
    // The references follow the amount: they are read below, from here.
    deviations.push({ message: missing, offset: pos });
  } else if (!transactionType) {
    // `S   `, `MCI0`: four characters all the same, as the bank's own code.
    const odd = /^[A-Za-z][A-Za-z0-9 ]{0,3}/.exec(text.slice(pos))?.[0];
    // An amount without its comma is read as whole only when a plain type follows it: before an
    // odd one (`D1x0,00NTRF`) both would be guesses, and the row's amount likely wrong.
    if (odd && amount.deviation) return fail(unreadAmount());
    if (!odd)
      return fail({
        code: 'INVALID_VALUE',
        message: `expected a transaction type such as NTRF, found "${text.slice(pos, pos + 4)}"`,
        offset: pos,
      });
    transactionType = odd.trimEnd();
    deviations.push({
      message: `transaction type "${odd}" is not N, F or S followed by three letters or digits; kept as "${transactionType}"`,
      offset: pos,
    });
    pos += odd.length;
  } else {
    pos += 4;
  }
  // After an unread entry date the line must read plainly up to here, the date aside: another
  // departure (an amount without its comma, a type left out) would be a second guess.
  if (unreadEntryDate && deviations.length > 1) return unreadEntryDate;

  const rest = text.slice(pos);
  const split = rest.indexOf('//');
  // The customer reference runs up to `//`; without `//`, and the bank reference after `//`,
  // run to the end of the line, unless text set apart by blanks follows (see `splitReference`).
  const customer = split >= 0 ? { reference: rest.slice(0, split), extra: '' } : splitReference(rest);
  const bank = split >= 0 ? splitReference(rest.slice(split + 2)) : { reference: '', extra: '' };
  overlong('customer reference', customer.reference, pos, deviations);
  overlong('bank reference', bank.reference, pos + split + 2, deviations);
  const overflow: string[] = [];
  for (const extra of [customer.extra, bank.extra, ...lines.slice(1)]) {
    const kept = extra.trim();
    if (kept !== '') overflow.push(kept);
  }
  const firstLineExtra = customer.extra.trim() !== '' ? customer.extra : bank.extra;
  const supplementaryAt =
    firstLineExtra.trim() !== ''
      ? { line: 0, offset: text.length - firstLineExtra.trimStart().length }
      : continuationAt(lines);

  const line: StatementLine = {
    valueDate,
    creditDebit: mark === 'C' || mark === 'RD' ? 'CRDT' : 'DBIT',
    reversal: mark.startsWith('R'),
    amountText,
    deviations,
  };
  if (transactionType) line.transactionType = transactionType;
  if (entryDate) line.entryDate = entryDate;
  if (fundsCode) line.fundsCode = fundsCode;
  const customerReference = reference(customer.reference);
  if (customerReference) line.customerReference = customerReference;
  const bankReference = reference(bank.reference);
  if (bankReference) line.bankReference = bankReference;
  if (overflow.length > 0) line.supplementaryDetails = overflow.join(' ');
  if (overflow.length > 0 && supplementaryAt) line.supplementaryAt = supplementaryAt;
  return line;
}

/** Whether `count` digits start at `pos`. */
function digitsAt(text: string, pos: number, count: number): boolean {
  for (let i = pos; i < pos + count; i++) if (!isAsciiDigit(text.charCodeAt(i))) return false;
  return true;
}

/** The debit/credit mark at `pos`: `C`, `D`, `RC` or `RD`. */
function markAt(text: string, pos: number): 'C' | 'D' | 'RC' | 'RD' | undefined {
  const first = text.charAt(pos);
  if (first === 'C' || first === 'D') return first;
  if (first !== 'R') return undefined;
  const second = text.charAt(pos + 1);
  return second === 'C' ? 'RC' : second === 'D' ? 'RD' : undefined;
}

/** A transaction type at `pos` as SWIFT writes it: `N`, `F` or `S` and three capitals or digits (`NTRF`). */
function plainTypeAt(text: string, pos: number): string | undefined {
  const first = text.charAt(pos);
  if (first !== 'N' && first !== 'F' && first !== 'S') return undefined;
  for (let i = pos + 1; i < pos + 4; i++) {
    const code = text.charCodeAt(i);
    if (!isAsciiCapital(code) && !isAsciiDigit(code)) return undefined;
  }
  return text.slice(pos, pos + 4);
}

/**
 * Why the text after the amount has no transaction type, if it has none: some banks (Penta,
 * Zenith Bank) write the customer reference `NONREF` right after the amount, or even `//` and
 * the bank reference. No transaction type begins so (`NONR` is none), so the references are
 * read as they would be after a type.
 */
function missingType(text: string): string | undefined {
  if (text.startsWith('//'))
    return 'the transaction type and the customer reference are missing: "//" follows the amount; the text after it is read as the bank reference, and the row has no bank transaction code';
  const noReference = /^NONREF/i.exec(text)?.[0];
  if (noReference)
    return `the transaction type is missing: "${noReference}" follows the amount; it is read as the customer reference, and the row has no bank transaction code`;
  return undefined;
}

/** The first continuation line with text, and where its text begins. */
function continuationAt(lines: readonly string[]): { line: number; offset: number } | undefined {
  for (let line = 1; line < lines.length; line++) {
    const text = lines[line] as string;
    if (text.trim() !== '') return { line, offset: text.length - text.trimStart().length };
  }
  return undefined;
}

/** SWIFT's width of the customer reference and of the bank reference (16x each). */
const REFERENCE_WIDTH = 16;

/**
 * A reference that runs to the end of the line, and what follows it. A reference is one run of
 * characters, kept whole however long (`2023-02-09-08.37.18.054696`, `NL29INGB0006475121`): its
 * end is not known to be anywhere else. Where the run ends within the 16 characters and text
 * follows after blanks, the field was padded to its width and the text after it is something
 * else (Rabobank's `0121470966      W.P. Jansen`), kept as supplementary details.
 */
function splitReference(text: string): { reference: string; extra: string } {
  const run = /^\s*\S*/.exec(text)?.[0] ?? '';
  if (run.trim().length > REFERENCE_WIDTH) return { reference: run, extra: text.slice(run.length) };
  return { reference: text.slice(0, REFERENCE_WIDTH), extra: text.slice(REFERENCE_WIDTH) };
}

/** A reference longer than SWIFT's 16 characters is kept whole, with a warning at it. */
function overlong(what: string, text: string, offset: number, deviations: Deviation[]): void {
  const value = text.trim();
  if (value.length <= REFERENCE_WIDTH) return;
  deviations.push({
    message: `the ${what} "${value}" is ${value.length} characters, longer than the 16 SWIFT allows; kept whole`,
    offset: offset + text.length - text.trimStart().length,
  });
}

export function isStatementLineProblem(value: StatementLine | StatementLineProblem): value is StatementLineProblem {
  return 'code' in value;
}
