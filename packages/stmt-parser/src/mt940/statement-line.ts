import type { CreditDebit } from '../types';
import { entryDateNear, parseYymmdd, swiftAmountToDecimalText } from './values';

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
  /** `N`/`F`/`S` plus three characters, e.g. `NTRF`. */
  transactionType: string;
  customerReference?: string;
  bankReference?: string;
  supplementaryDetails?: string;
}

export type StatementLineProblem = { code: 'INVALID_DATE' | 'INVALID_AMOUNT' | 'INVALID_VALUE'; message: string; offset: number };

const NO_REFERENCE = 'NONREF';

function reference(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' || trimmed === NO_REFERENCE ? undefined : trimmed;
}

/**
 * Parses `YYMMDD[MMDD](C|D|RC|RD)[funds code]amount(N|F|S)XXX reference[//bank reference]`
 * plus the optional supplementary line. `offset` in a problem is the 0-based position in the
 * first line, so callers can turn it into a column.
 */
export function parseStatementLine(lines: readonly string[]): StatementLine | StatementLineProblem {
  const text = lines[0] ?? '';
  const valueDate = parseYymmdd(text.slice(0, 6));
  if (!valueDate) return { code: 'INVALID_DATE', message: `value date "${text.slice(0, 6)}" is not a YYMMDD date`, offset: 0 };
  let pos = 6;
  let entryDate: string | undefined;
  if (/^\d{4}/.test(text.slice(pos))) {
    entryDate = entryDateNear(valueDate, text.slice(pos, pos + 4));
    if (!entryDate) return { code: 'INVALID_DATE', message: `entry date "${text.slice(pos, pos + 4)}" is not an MMDD date`, offset: pos };
    pos += 4;
  }
  const mark = /^(RC|RD|C|D)/.exec(text.slice(pos))?.[1];
  if (!mark) return { code: 'INVALID_VALUE', message: `expected debit/credit mark C, D, RC or RD, found "${text.slice(pos, pos + 2)}"`, offset: pos };
  pos += mark.length;
  let fundsCode: string | undefined;
  if (/^[A-Z]/.test(text.slice(pos))) {
    fundsCode = text.charAt(pos);
    pos += 1;
  }
  const amountMatch = /^\d+,\d*/.exec(text.slice(pos));
  const amountText = amountMatch ? swiftAmountToDecimalText(amountMatch[0]) : undefined;
  if (!amountMatch || amountText === undefined) {
    return { code: 'INVALID_AMOUNT', message: `expected an amount with a decimal comma such as 1234,56, found "${text.slice(pos, pos + 15)}"`, offset: pos };
  }
  pos += amountMatch[0].length;
  const transactionType = /^[NFS][A-Z0-9]{3}/.exec(text.slice(pos))?.[0];
  if (!transactionType) return { code: 'INVALID_VALUE', message: `expected a transaction type such as NTRF, found "${text.slice(pos, pos + 4)}"`, offset: pos };
  pos += 4;

  const rest = text.slice(pos);
  const split = rest.indexOf('//');
  // The customer reference is at most 16 characters; some banks (Rabobank) write the
  // counterparty after it without `//`, which then counts as supplementary detail.
  const customerPart = split >= 0 ? rest.slice(0, split) : rest.slice(0, 16);
  const bankPart = split >= 0 ? rest.slice(split + 2) : '';
  const overflow = [split < 0 ? rest.slice(16) : '', bankPart.slice(16), ...lines.slice(1)].map((s) => s.trim()).filter((s) => s !== '');

  const line: StatementLine = {
    valueDate,
    creditDebit: mark === 'C' || mark === 'RD' ? 'CRDT' : 'DBIT',
    reversal: mark.startsWith('R'),
    amountText,
    transactionType,
  };
  if (entryDate) line.entryDate = entryDate;
  if (fundsCode) line.fundsCode = fundsCode;
  const customerReference = reference(customerPart);
  if (customerReference) line.customerReference = customerReference;
  const bankReference = reference(bankPart.slice(0, 16));
  if (bankReference) line.bankReference = bankReference;
  if (overflow.length > 0) line.supplementaryDetails = overflow.join(' ');
  return line;
}

export function isStatementLineProblem(value: StatementLine | StatementLineProblem): value is StatementLineProblem {
  return 'code' in value;
}
