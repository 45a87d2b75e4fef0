import { Decimal } from '../decimal';
import { readCurrencyCode } from '../issues-currency';
import type { Balance } from '../types';
import { markToCreditDebit, readSwiftAmount, readYymmdd, swiftAmountToDecimalText, type Deviation } from './values';

/** ISO balance type for each MT940/MT942 balance tag (see `Balance.type`). */
export const BALANCE_TYPES: Readonly<Record<string, string>> = {
  '60F': 'OPBD',
  '60M': 'ITBD',
  '62F': 'CLBD',
  '62M': 'ITBD',
  '64': 'CLAV',
  '65': 'FWAV',
};

export type FieldProblem = {
  code: 'INVALID_DATE' | 'INVALID_AMOUNT' | 'INVALID_VALUE';
  message: string;
  offset: number;
  /** A balance whose amount alone cannot be read: the currency written before it (the statement's currency may depend on it). */
  currency?: string;
};

/** A balance and what in it deviated from the SWIFT syntax (reported as warnings). */
export interface ParsedBalance {
  balance: Balance;
  deviations: Deviation[];
  /** The amount as written (`3236,28`, or `15` for a whole amount without comma). */
  amountText: string;
}

/**
 * `C110522EUR3236,28`: mark, YYMMDD date, currency, amount (fields 60a, 62a, 64, 65). With
 * `knownCurrency` (the statement's, from an earlier balance or `:25:`) a balance whose currency
 * is missing or not three letters (seen on `:62M:`/`:60M:` pages) is read in that currency.
 */
export function parseBalance(tag: string, text: string, knownCurrency?: string): ParsedBalance | FieldProblem {
  const value = text.trim();
  const deviations: Deviation[] = [];
  const mark = value.charAt(0);
  if (mark !== 'C' && mark !== 'D')
    return { code: 'INVALID_VALUE', message: `balance must start with the mark C or D, found "${mark}"`, offset: 0 };
  const date = readYymmdd(value.slice(1, 7), 'balance date', 1);
  if (!date)
    return { code: 'INVALID_DATE', message: `balance date "${value.slice(1, 7)}" is not a YYMMDD date`, offset: 1 };
  if (date.deviation) deviations.push(date.deviation);
  // The currency is what stands between the date and the first digit of the amount, unless
  // three letters stand there followed by what is no digit (`EUR-1000,00`): then the letters are
  // the currency, and the rest is an amount that cannot be read.
  let written = /^\D*/.exec(value.slice(7))?.[0] ?? '';
  const letters = /^[A-Za-z]{3}(?=[^A-Za-z\s])/.exec(written)?.[0];
  if (letters !== undefined && readCurrencyCode(letters)) written = letters;
  const reading = readCurrencyCode(written);
  let currency = reading?.code ?? written;
  const amountAt = 7 + written.length;
  if (reading?.deviation !== undefined) deviations.push({ message: reading.deviation, offset: 7 });
  if (!reading) {
    if (!knownCurrency)
      return {
        code: 'INVALID_VALUE',
        message: `expected a three-letter currency code, found "${value.slice(7, 10)}"`,
        offset: 7,
      };
    // Missing (the amount follows the date) or odd (`EU`, `   `): the statement's currency.
    deviations.push({
      message:
        written.trim() === ''
          ? `the balance has no currency; read in the statement's currency ${knownCurrency}`
          : `currency "${written}" is not a three-letter code; read in the statement's currency ${knownCurrency}`,
      offset: 7,
    });
    currency = knownCurrency;
  }
  const amount = readSwiftAmount(value.slice(amountAt), amountAt);
  if (!amount || amount.length !== value.length - amountAt) {
    const signed = /^[-+]/.test(value.slice(amountAt))
      ? ' (a SWIFT amount has no sign: the mark C or D before the date gives it)'
      : '';
    return {
      code: 'INVALID_AMOUNT',
      message: `the balance amount "${value.slice(amountAt)}" is unreadable: expected an amount with a decimal comma such as 1234,56${signed}`,
      offset: amountAt,
      currency,
    };
  }
  if (amount.deviation) deviations.push(amount.deviation);
  const balance: Balance = {
    type: BALANCE_TYPES[tag] ?? 'INFO',
    money: { amount: Decimal.parse(amount.amountText), currency },
    creditDebit: markToCreditDebit(mark),
    date: date.date,
  };
  return { balance, deviations, amountText: value.slice(amountAt) };
}

/** MT942 `:90D:`/`:90C:`: number of entries, currency, sum (`3EUR1234,56`). */
export interface ReportedTotal {
  count: number;
  currency: string;
  amount: Decimal;
  /** The currency in lower case or not an ISO 4217 code (reported as a warning). */
  deviation?: Deviation;
}

export function parseReportedTotal(text: string): ReportedTotal | FieldProblem {
  const match = /^(\d+)([A-Za-z]{3})(\d+,\d*)$/.exec(text.trim());
  const amountText = match ? swiftAmountToDecimalText(match[3] ?? '') : undefined;
  const reading = readCurrencyCode(match?.[2] ?? '');
  if (!match || amountText === undefined || !reading) {
    return {
      code: 'INVALID_VALUE',
      message: `expected number of entries, currency and sum such as 3EUR1234,56, found "${text.trim()}"`,
      offset: 0,
    };
  }
  const total: ReportedTotal = { count: Number(match[1]), currency: reading.code, amount: Decimal.parse(amountText) };
  if (reading.deviation !== undefined)
    total.deviation = {
      message: reading.deviation,
      offset: text.length - text.trimStart().length + (match[1] ?? '').length,
    };
  return total;
}

/**
 * MT942 `:34F:` floor limit `EUR0,` or `EURD0,`: only its currency matters to us. `PLN0` (no
 * comma), a currency in lower case or one ISO 4217 does not list give deviations.
 */
export function floorLimitCurrency(text: string): { currency: string; deviations: Deviation[] } | undefined {
  const match = /^([A-Za-z]{3})[CD]?\d+(,\d*)?$/.exec(text.trim());
  const reading = readCurrencyCode(match?.[1] ?? '');
  if (!match || !reading) return undefined;
  const currency = reading.code;
  const deviations: Deviation[] = [];
  if (reading.deviation !== undefined) deviations.push({ message: reading.deviation, offset: 0 });
  if (match[2] === undefined)
    deviations.push({
      message: `floor limit "${text.trim()}" has no decimal comma; its currency ${currency} is the account currency`,
      offset: 3,
    });
  return { currency, deviations };
}

export function isFieldProblem(value: object): value is FieldProblem {
  return 'code' in value && 'offset' in value;
}
