import { Decimal } from '../decimal';
import type { Balance } from '../types';
import { markToCreditDebit, parseYymmdd, swiftAmountToDecimalText } from './values';

/** ISO balance type for each MT940/MT942 balance tag (see `Balance.type`). */
export const BALANCE_TYPES: Readonly<Record<string, string>> = {
  '60F': 'OPBD',
  '60M': 'ITBD',
  '62F': 'CLBD',
  '62M': 'ITBD',
  '64': 'CLAV',
  '65': 'FWAV',
};

export type FieldProblem = { code: 'INVALID_DATE' | 'INVALID_AMOUNT' | 'INVALID_VALUE'; message: string; offset: number };

/** `C110522EUR3236,28`: mark, YYMMDD date, currency, amount (fields 60a, 62a, 64, 65). */
export function parseBalance(tag: string, text: string): Balance | FieldProblem {
  const value = text.trim();
  const mark = value.charAt(0);
  if (mark !== 'C' && mark !== 'D') return { code: 'INVALID_VALUE', message: `balance must start with the mark C or D, found "${mark}"`, offset: 0 };
  const date = parseYymmdd(value.slice(1, 7));
  if (!date) return { code: 'INVALID_DATE', message: `balance date "${value.slice(1, 7)}" is not a YYMMDD date`, offset: 1 };
  const currency = value.slice(7, 10);
  if (!/^[A-Z]{3}$/.test(currency)) return { code: 'INVALID_VALUE', message: `expected a three-letter currency code, found "${currency}"`, offset: 7 };
  const amountText = swiftAmountToDecimalText(value.slice(10));
  if (amountText === undefined) {
    return { code: 'INVALID_AMOUNT', message: `expected an amount with a decimal comma such as 1234,56, found "${value.slice(10)}"`, offset: 10 };
  }
  return { type: BALANCE_TYPES[tag] ?? 'INFO', money: { amount: Decimal.parse(amountText), currency }, creditDebit: markToCreditDebit(mark), date };
}

/** MT942 `:90D:`/`:90C:`: number of entries, currency, sum (`3EUR1234,56`). */
export interface ReportedTotal {
  count: number;
  currency: string;
  amount: Decimal;
}

export function parseReportedTotal(text: string): ReportedTotal | FieldProblem {
  const match = /^(\d+)([A-Z]{3})(\d+,\d*)$/.exec(text.trim());
  const amountText = match ? swiftAmountToDecimalText(match[3] ?? '') : undefined;
  if (!match || amountText === undefined) {
    return { code: 'INVALID_VALUE', message: `expected number of entries, currency and sum such as 3EUR1234,56, found "${text.trim()}"`, offset: 0 };
  }
  return { count: Number(match[1]), currency: match[2] ?? '', amount: Decimal.parse(amountText) };
}

/** MT942 `:34F:` floor limit `EUR0,` or `EURD0,`: only its currency matters to us. */
export function floorLimitCurrency(text: string): string | undefined {
  return /^([A-Z]{3})[CD]?\d+,\d*$/.exec(text.trim())?.[1];
}

export function isFieldProblem(value: object): value is FieldProblem {
  return 'code' in value && 'offset' in value;
}
