import { Decimal } from '../decimal';

/** A number as a bank writes it: `1'234.50`, `-1.234,50`, `USD 100`, `€40.00`, `(12.00)`, `12,00-`. */
export interface ParsedAmount {
  value: Decimal;
  /** A currency written in the cell (`USD 100`, `€40`), when there is one. */
  currency?: string;
  /**
   * A thousands separator the profile does not declare (`,` in Revolut's `-1,050.00`), read
   * because the decimal mark after the groups leaves no doubt: the caller warns.
   */
  grouping?: string;
}

/** A number whose sign or currency is written twice, differently: which is meant is unknown. */
export interface UnclearAmount {
  unclear: string;
}

const SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', CHF: 'CHF' };
const SYMBOL_TEXTS = Object.keys(SYMBOLS);
const GROUPINGS = [',', '.', "'", ' '];

/** Characters of the longest cell read as an amount (`-1.234.567.890,12 EUR` is 21). */
const MAX_AMOUNT_LENGTH = 100;

/**
 * `undefined` for an empty cell, `null` for one that is not a number. Signs, parentheses,
 * currency codes and symbols are taken off both ends in any order (`€ -12,00`, `-12,00 €`,
 * `EUR-12,00`, `12,00-`); one sign or one pair of parentheses makes the number negative. Two
 * signs (`--12,00`, `-€-12,00`, `(-12,00)`) or two currencies (`€ 12,00 USD`) are unclear:
 * toggling the sign per mark, as this once did, read `--12,00` as +12.00 without a word.
 */
export function parseAmount(
  cell: string,
  decimal: '.' | ',',
  thousands: string | undefined,
): ParsedAmount | UnclearAmount | undefined | null {
  const text = cell.trim().replace(/\u00a0|\u202f/g, ' ');
  if (text === '') return undefined;
  // No amount is this long; the patterns below would try a long cell of blanks in quadratic time.
  if (text.length > MAX_AMOUNT_LENGTH) return null;
  const marks = peelMarks(text);
  if (marks === undefined) return null;
  const { signs, currencies } = marks;
  let digits = marks.number;
  if (signs.length > 1)
    return { unclear: `it has more than one sign (${signs.join(' and ')}): whether it is negative is unclear` };
  if (new Set(currencies).size > 1)
    return { unclear: `it names two currencies (${currencies.join(' and ')}): which the amount is in is unclear` };
  let grouping: string | undefined;
  if (thousands !== undefined && digits.includes(thousands)) {
    const grouped = ungroup(digits, decimal, thousands);
    if (grouped === undefined) return null;
    digits = grouped;
  } else {
    // A separator the profile does not declare, before the decimal mark: `-1,050.00` can only
    // be 1050 (`1,050` alone could be 1.050 and stays refused).
    const other = GROUPINGS.find((g) => g !== decimal && g !== thousands && digits.includes(g));
    if (other !== undefined) {
      const at = digits.indexOf(decimal);
      const grouped = at > digits.lastIndexOf(other) ? ungroup(digits, decimal, other) : undefined;
      if (grouped === undefined) return null;
      digits = grouped;
      grouping = other;
    }
  }
  if (decimal === ',') digits = digits.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(digits) && !/^\.\d+$/.test(digits)) return null;
  const value = Decimal.tryParse(signs[0] === '-' || signs[0] === '()' ? `-${digits}` : digits);
  if (!value) return null;
  return {
    value,
    ...(currencies[0] === undefined ? {} : { currency: currencies[0] }),
    ...(grouping === undefined ? {} : { grouping }),
  };
}

/**
 * The marks around a number: signs (`-`, `+`, `()` for a pair of parentheses) and currencies
 * (codes, symbols as codes), taken off the front and the back; undefined for parentheses that
 * do not pair. Each step takes at least one character off a cell of at most 100.
 */
function peelMarks(text: string): { signs: string[]; currencies: string[]; number: string } | undefined {
  const signs: string[] = [];
  const currencies: string[] = [];
  let open = 0;
  let close = 0;
  let rest = text;
  for (let front = true; ;) {
    rest = rest.trim();
    const edge = front ? rest.charAt(0) : rest.charAt(rest.length - 1);
    const code = (front ? /^[A-Z]{3}(?![A-Za-z])/ : /(?<![A-Za-z])[A-Z]{3}$/).exec(rest)?.[0];
    const symbol = SYMBOL_TEXTS.find((s) => (front ? rest.startsWith(s) : rest.endsWith(s)));
    let taken = 1;
    if (edge === '-' || edge === '+') signs.push(edge);
    else if (edge === '(' && front) open++;
    else if (edge === ')' && !front) close++;
    else if (code !== undefined) {
      currencies.push(code);
      taken = 3;
    } else if (symbol !== undefined) {
      currencies.push(SYMBOLS[symbol] as string);
      taken = symbol.length;
    } else if (front) {
      front = false;
      continue;
    } else break;
    rest = front ? rest.slice(taken) : rest.slice(0, -taken);
  }
  if (open !== close || open > 1) return undefined;
  if (open === 1) signs.push('()');
  return { signs, currencies, number: rest };
}

/**
 * `1.234.567,50` → `1234567,50`. The separators must group the integer digits as numbers are
 * written: the last group three digits, the others one to three (two in Indian `1,23,456`), none
 * in the fraction. So `12.50` in a decimal-comma export (`.` the thousands separator) is refused
 * rather than read as 1250.
 */
function ungroup(text: string, decimal: '.' | ',', thousands: string): string | undefined {
  const at = text.indexOf(decimal);
  const integer = at === -1 ? text : text.slice(0, at);
  const fraction = at === -1 ? '' : text.slice(at);
  if (fraction.includes(thousands)) return undefined;
  const groups = integer.split(thousands);
  const whole =
    /^\d{1,3}$/.test(groups[0] as string) &&
    groups.slice(1, -1).every((group) => /^\d{2,3}$/.test(group)) &&
    /^\d{3}$/.test(groups[groups.length - 1] as string);
  return whole ? groups.join('') + fraction : undefined;
}

/**
 * `format` with a four-digit year where it has a two-digit one (`DD.MM.YY` → `DD.MM.YYYY`), to
 * read a date written with the year in full; undefined for a format without `YY`.
 */
export function withFullYear(format: string): string | undefined {
  return /(?<!Y)YY(?!Y)/.test(format) ? format.replace(/YYYY|YY/g, 'YYYY') : undefined;
}

/** How the profile writes a number, for messages: `-12.50`, `-12,50`, `-1.234,50`. */
export function amountExample(decimal: '.' | ',', thousands: string | undefined): string {
  return thousands === undefined ? `-12${decimal}50` : `-1${thousands}234${decimal}50`;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A date reader for a layout such as `DD.MM.YYYY`, `MM/DD/YYYY`, `YYYYMMDD`, `MMM D, YYYY`. */
export function dateReader(format: string): (cell: string) => string | undefined | null {
  const order: ('Y' | 'y' | 'M' | 'b' | 'D')[] = [];
  const pattern = format.replace(/YYYY|YY|MMM|MM|M|DD|D|[.*+?^${}()|[\]\\]/g, (token) => {
    switch (token) {
      case 'YYYY':
        order.push('Y');
        return '(\\d{4})';
      case 'YY':
        order.push('y');
        return '(\\d{2})';
      case 'MMM':
        order.push('b');
        return '([A-Za-z]{3})[a-z]*\\.?';
      case 'MM':
        order.push('M');
        return '(\\d{2})';
      case 'M':
        order.push('M');
        return '(\\d{1,2})';
      case 'DD':
        order.push('D');
        return '(\\d{2})';
      case 'D':
        order.push('D');
        return '(\\d{1,2})';
      default:
        return `\\${token}`;
    }
  });
  // A time after the date (`2024-03-01 10:15:42`, `…T14:32:11.123Z`, `, 10:00:00 AM`) is ignored.
  const regex = new RegExp(`^${pattern}(?:[ T,].*)?$`);
  return (cell) => {
    const text = cell.trim();
    if (text === '') return undefined;
    const match = regex.exec(text);
    if (!match) return null;
    let year = 0;
    let month = 0;
    let day = 0;
    order.forEach((kind, i) => {
      const part = match[i + 1] as string;
      if (kind === 'Y') year = Number(part);
      else if (kind === 'y') year = 2000 + Number(part);
      else if (kind === 'M') month = Number(part);
      else if (kind === 'b') month = MONTHS.indexOf(part.toLowerCase()) + 1;
      else day = Number(part);
    });
    const date = new Date(Date.UTC(year, month - 1, day));
    if (month < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
    return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  };
}
