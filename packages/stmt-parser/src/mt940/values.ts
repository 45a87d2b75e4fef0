import { isValidDate } from '../calendar';
import { isAsciiDigit } from '../characters';
import type { CreditDebit } from '../types';

/**
 * SWIFT writes two-digit years. Years 80–99 are read as 19xx, 00–79 as 20xx: bank statements
 * from before 1980 do not exist in electronic form, and this keeps the rule stable until 2079.
 */
export function fullYear(yy: number): number {
  return yy >= 80 ? 1900 + yy : 2000 + yy;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * A departure from the SWIFT syntax that was read anyway (docs/formats.md, tolerance policy):
 * what was found and how it was read; `offset` is the 0-based position in the field's first line.
 */
export interface Deviation {
  message: string;
  offset: number;
}

/**
 * `YYMMDD` whose day does not exist in its month (30 February, 31 April: banks that count
 * interest in 30-day months write them) → the month's last day. Undefined when the text is not
 * `YYMMDD` with a month 01–12 and a day 01–31.
 */
export function clampYymmdd(text: string): string | undefined {
  if (!/^\d{6}$/.test(text)) return undefined;
  const year = fullYear(Number(text.slice(0, 2)));
  const month = Number(text.slice(2, 4));
  const day = Number(text.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  let last = day;
  while (!isValidDate(year, month, last)) last--;
  return `${year}-${pad(month)}-${pad(last)}`;
}

/** A `YYMMDD` date, clamped to the month's last day (with a deviation keeping the text) when the day does not exist. */
export function readYymmdd(
  text: string,
  what: string,
  offset: number,
): { date: string; deviation?: Deviation } | undefined {
  const date = parseYymmdd(text);
  if (date) return { date };
  const clamped = clampYymmdd(text);
  if (!clamped) return undefined;
  return {
    date: clamped,
    deviation: { message: `${what} "${text}" does not exist; read as ${clamped}, the last day of that month`, offset },
  };
}

/** `YYMMDD` → `YYYY-MM-DD`, or undefined when it is not a calendar date. */
export function parseYymmdd(text: string): string | undefined {
  if (!/^\d{6}$/.test(text)) return undefined;
  const year = fullYear(Number(text.slice(0, 2)));
  const month = Number(text.slice(2, 4));
  const day = Number(text.slice(4, 6));
  return isValidDate(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : undefined;
}

/**
 * The `:61:` entry date is `MMDD` without a year. It belongs to the year that puts it closest
 * to the value date, so a value date of 30 December with an entry date of 0102 books in
 * January of the next year, and a value date of 2 January with entry date 1231 in the year before.
 */
export function entryDateNear(valueDate: string, mmdd: string): string | undefined {
  if (!/^\d{4}$/.test(mmdd)) return undefined;
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(2, 4));
  const valueYear = Number(valueDate.slice(0, 4));
  const valueTime = Date.UTC(valueYear, Number(valueDate.slice(5, 7)) - 1, Number(valueDate.slice(8, 10)));
  let bestYear: number | undefined;
  let bestDistance = 0;
  for (let year = valueYear - 1; year <= valueYear + 1; year++) {
    // 29 February exists only in leap years; other candidate years simply drop out.
    if (!isValidDate(year, month, day)) continue;
    const distance = Math.abs(Date.UTC(year, month - 1, day) - valueTime);
    if (bestYear === undefined || distance < bestDistance) {
      bestYear = year;
      bestDistance = distance;
    }
  }
  return bestYear === undefined ? undefined : `${bestYear}-${pad(month)}-${pad(day)}`;
}

/** The deviations `readSwiftAmount` gave for amounts without a decimal comma (see `isWholeAmount`). */
const wholeAmounts = new WeakSet<Deviation>();

/**
 * Whether `deviation` is `readSwiftAmount`'s for an amount written without its decimal comma. On
 * a file's last line without a line break such an amount may be one cut before its comma.
 */
export function isWholeAmount(deviation: Deviation): boolean {
  return wholeAmounts.has(deviation);
}

/**
 * A SWIFT amount at the start of `text`: digits with the decimal comma, or (Knab and others)
 * digits without it, which mean a whole amount. The second gives a deviation (`isWholeAmount`).
 */
export function readSwiftAmount(
  text: string,
  offset: number,
): { amountText: string; length: number; deviation?: Deviation } | undefined {
  // Digits, a comma and digits (`1234,56`), found without a regular expression: this runs for every entry.
  let digits = 0;
  while (isAsciiDigit(text.charCodeAt(digits))) digits++;
  if (digits > 0 && text.charCodeAt(digits) === 0x2c /* , */) {
    let end = digits + 1;
    while (isAsciiDigit(text.charCodeAt(end))) end++;
    return { amountText: swiftAmountToDecimalText(text.slice(0, end)) as string, length: end };
  }
  // Only when the transaction type or the end follows: `12.50` is a refused decimal point, not 12.
  const whole = /^\d+(?=[A-Za-z]|$)/.exec(text)?.[0];
  if (whole === undefined) return undefined;
  const amountText = swiftAmountToDecimalText(`${whole},`) as string;
  const deviation = {
    message: `amount "${whole}" has no decimal comma; read as the whole amount ${amountText}`,
    offset,
  };
  wholeAmounts.add(deviation);
  return { amountText, length: whole.length, deviation };
}

/** SWIFT amounts: digits with a mandatory decimal comma, e.g. `1234,5`, `107,`, `0,00`. */
const SWIFT_AMOUNT = /^(\d+),(\d*)$/;

/** `1234,56` → `1234.56`; `107,` → `107`; leading zeros (Rabobank pads to 15 digits) are dropped. */
export function swiftAmountToDecimalText(text: string): string | undefined {
  const match = SWIFT_AMOUNT.exec(text);
  if (!match) return undefined;
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

export function markToCreditDebit(mark: string): CreditDebit {
  return mark === 'C' ? 'CRDT' : 'DBIT';
}

/** `YYMMDDHHMM+ZZZZ` (MT942 :13D:) → UTC timestamp `YYYY-MM-DDTHH:MM:00Z`, as every timestamp we print. */
export function parseDateTimeWithOffset(text: string): string | undefined {
  const match = /^(\d{6})(\d{2})(\d{2})([+-])(\d{2})(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const date = parseYymmdd(match[1] ?? '');
  const hour = Number(match[2]);
  const minute = Number(match[3]);
  if (!date || hour > 23 || minute > 59) return undefined;
  const offsetMinutes = (match[4] === '-' ? -1 : 1) * (Number(match[5]) * 60 + Number(match[6]));
  const local = Date.parse(`${date}T${match[2]}:${match[3]}:00Z`);
  return new Date(local - offsetMinutes * 60_000).toISOString().replace('.000Z', 'Z');
}
