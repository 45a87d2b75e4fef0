import { Decimal } from '../decimal';

/** A number as a bank writes it: `1'234.50`, `-1.234,50`, `USD 100`, `€40.00`, `(12.00)`. */
export interface ParsedAmount {
  value: Decimal;
  /** A currency written in the cell (`USD 100`, `€40`), when there is one. */
  currency?: string;
}

const SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', CHF: 'CHF' };

/** Characters of the longest cell read as an amount (`-1.234.567.890,12 EUR` is 21). */
const MAX_AMOUNT_LENGTH = 100;

/** `undefined` for an empty cell, `null` for one that is not a number. */
export function parseAmount(
  cell: string,
  decimal: '.' | ',',
  thousands: string | undefined,
): ParsedAmount | undefined | null {
  let text = cell.trim().replace(/\u00a0|\u202f/g, ' ');
  if (text === '') return undefined;
  // No amount is this long; the patterns below would try a long cell of blanks in quadratic time.
  if (text.length > MAX_AMOUNT_LENGTH) return null;
  let currency: string | undefined;
  const code = /^([A-Z]{3})\s*(.+)$/.exec(text) ?? /^(.+?)\s*([A-Z]{3})$/.exec(text);
  if (code) {
    const [, a, b] = code as unknown as [string, string, string];
    const isCodeFirst = /^[A-Z]{3}$/.test(a);
    currency = isCodeFirst ? a : b;
    text = (isCodeFirst ? b : a).trim();
  }
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-') || text.startsWith('+')) {
    negative = negative !== text.startsWith('-');
    text = text.slice(1).trim();
  }
  const symbol = Object.keys(SYMBOLS).find((s) => text.startsWith(s) || text.endsWith(s));
  if (symbol !== undefined) {
    currency ??= SYMBOLS[symbol];
    text = (text.startsWith(symbol) ? text.slice(symbol.length) : text.slice(0, -symbol.length)).trim();
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  }
  if (thousands !== undefined && text.includes(thousands)) {
    const grouped = ungroup(text, decimal, thousands);
    if (grouped === undefined) return null;
    text = grouped;
  }
  if (decimal === ',') text = text.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text) && !/^\.\d+$/.test(text)) return null;
  const value = Decimal.tryParse(negative ? `-${text}` : text);
  if (!value) return null;
  return currency === undefined ? { value } : { value, currency };
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
