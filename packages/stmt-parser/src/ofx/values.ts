import { isValidDate } from '../calendar';
import { isAsciiDigit } from '../characters';
import { Decimal } from '../decimal';
import type { CreditDebit } from '../types';

/** An OFX date, split into the calendar date as written and the instant it denotes. */
export interface OfxDate {
  /** `YYYY-MM-DD` in the time zone the file wrote it in (what the account holder saw). */
  date: string;
  /** UTC timestamp, when the value has a time in OFX's shape; OFX says a missing zone means GMT. */
  timestamp?: string;
  /**
   * Set when what follows the date is not a time and zone in OFX's shape (`[-03:00]`, `[GMT]`,
   * `.0000`, a time twice): what is wrong with it, for a warning. The date stands (the time zone
   * is never applied to dates); no timestamp is given.
   */
  deviation?: string;
}

const OFX_DATE =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.(\d{1,3}))?)?)?\s*(?:\[\s*([+-]?\d{1,2}(?:\.\d+)?)(?::[A-Za-z]*)?\s*\])?$/;
/** What may follow the date, read loosely: digits of a time, a fraction of a second, a bracketed zone. */
const LOOSE_REST = /^(\d*)(\.\d*)?\s*(\[[^\]]*\])?$/;
const OFX_ZONE = /^\[\s*[+-]?\d{1,2}(?:\.\d+)?(?::[A-Za-z]*)?\s*\]$/;

/**
 * OFX 1.6 §3.2.8.2: `YYYYMMDD[HHMMSS[.XXX]][[gmt offset[:tz name]]]`, e.g. `20090401122017.000[-5:EST]`.
 * The date is the first eight digits: when they are a real date and the rest is not a time and
 * zone in that shape, the date is still given, with {@link OfxDate.deviation} set. Undefined when
 * the first eight characters are not a date that exists.
 */
export function parseOfxDate(text: string): OfxDate | undefined {
  if (text.length === 8) {
    const date = plainDate(text);
    if (date !== undefined) return { date };
  }
  const value = text.trim();
  const head = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  if (!head) return isoDate(value);
  const [, y, mo, d] = head;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  const result: OfxDate = { date: `${y}-${mo}-${d}` };
  const match = OFX_DATE.exec(value);
  if (match) {
    const [, , , , h, mi, s, ms, offset] = match;
    if (h === undefined || mi === undefined) return result;
    if (isTimeOfDay(h, mi, s)) {
      const offsetMinutes = Math.round(Number(offset ?? 0) * 60);
      const local = Date.UTC(
        year,
        month - 1,
        day,
        Number(h),
        Number(mi),
        Number(s ?? 0),
        Number((ms ?? '0').padEnd(3, '0')),
      );
      const iso = new Date(local - offsetMinutes * 60_000).toISOString();
      result.timestamp = ms === undefined ? iso.replace('.000Z', 'Z') : iso;
      return result;
    }
  }
  result.deviation = describeRest(value.slice(8));
  return result;
}

/** `20240305` as `2024-03-05` when it is eight digits naming a day that exists; else undefined, and the general reading decides. */
function plainDate(text: string): string | undefined {
  for (let i = 0; i < 8; i++) if (!isAsciiDigit(text.charCodeAt(i))) return undefined;
  const year = Number(text.slice(0, 4));
  if (year < 100) return undefined; // Date.UTC reads years 0–99 as 1900–1999: the general reading keeps its answer
  if (!isValidDate(year, Number(text.slice(4, 6)), Number(text.slice(6, 8)))) return undefined;
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/**
 * `2024-03-05`: a date written as ISO 8601 does, year first, so which day it is is not in doubt.
 * It is read with a deviation; what follows it (a time) is not read.
 */
function isoDate(value: string): OfxDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?!\d)/.exec(value);
  const date = match && parseOfxDate(`${match[1]}${match[2]}${match[3]}`);
  if (!date) return undefined;
  const rest = value.slice(10);
  return {
    date: date.date,
    deviation: `it is written YYYY-MM-DD, not YYYYMMDD as OFX writes dates${rest === '' ? '' : `, and the text after it, ${JSON.stringify(rest.slice(0, 40))}, is not read`}`,
  };
}

function isTimeOfDay(h: string, mi: string, s: string | undefined): boolean {
  return Number(h) <= 23 && Number(mi) <= 59 && Number(s ?? 0) <= 60;
}

/** What is wrong with the text after a date (`120000[-03:00]`), as a clause for a warning. */
function describeRest(rest: string): string {
  const whole = `the text after the date, ${JSON.stringify(rest)}, is not a time and time zone HHMMSS[.XXX][offset:TZ]`;
  const parts = LOOSE_REST.exec(rest);
  if (!parts) return whole;
  const [, time = '', fraction, zone] = parts;
  const problems: string[] = [];
  const clock = /^(\d{2})(\d{2})(\d{2})?$/.exec(time);
  if (time === '' ? fraction !== undefined : !clock || (fraction !== undefined && clock[3] === undefined))
    problems.push(`the time ${JSON.stringify(time + (fraction ?? ''))} is not HHMMSS[.XXX]`);
  else if (clock && !isTimeOfDay(clock[1] as string, clock[2] as string, clock[3]))
    problems.push(`the time ${JSON.stringify(time)} is not a time of day`);
  else if (fraction !== undefined && !/^\.\d{1,3}$/.test(fraction))
    problems.push(`the fraction of a second ${JSON.stringify(fraction)} has ${fraction.length - 1} digits, not 1 to 3`);
  if (zone !== undefined && !OFX_ZONE.test(zone))
    problems.push(`the time zone ${JSON.stringify(zone)} is not [offset:TZ] (such as [-5:EST])`);
  return problems.length > 0 ? problems.join(' and ') : whole;
}

export interface SignedAmount {
  amount: Decimal;
  creditDebit: CreditDebit;
  /**
   * Set when the text had thousands separators (`1,234.50`, `1.234,50`, `1 234.50` with a space
   * or a no-break space): what was read, unsigned.
   */
  grouped?: string;
  /** Set when the text had a leading `+`, which OFX never writes (a positive amount is unsigned). */
  plusSign?: true;
  /** Set when the sign came after the digits (`12.00-`), as some bank systems write it. */
  trailingSign?: true;
}

/**
 * OFX amounts are signed from the account holder's side: negative takes money out (a debit),
 * positive puts it in. The spec allows `,` as the decimal mark, and some banks write `+`, or
 * the sign after the digits (`12.00-`), which says the direction as plainly.
 *
 * Undefined for text whose value would be a guess: more than one sign (`+-10.00`, `--10.00`,
 * `- -10.00`, `-10.00-`), a sign anywhere but first or last, or a blank between digits that is not
 * thousands grouping in groups of three (`-10 .50`, `1 00.00`). Blanks between the one sign and
 * the digits are allowed.
 */
export function parseOfxAmount(text: string): SignedAmount | undefined {
  const trimmed = text.trim();
  let sign = /^[+-]/.exec(trimmed)?.[0];
  let value = sign === undefined ? trimmed : trimmed.slice(1).trimStart();
  const trailing = sign === undefined ? /[+-]$/.exec(value)?.[0] : undefined;
  if (trailing !== undefined) {
    sign = trailing;
    value = value.slice(0, -1).trimEnd();
  }
  if (/[+-]/.test(value)) return undefined;
  const grouped = ungroup(value);
  if (grouped !== undefined) value = grouped;
  else if (/\s/.test(value)) return undefined;
  else if (!value.includes('.') && /^\d+,\d+$/.test(value)) value = value.replace(',', '.');
  if (value.startsWith('.')) value = `0${value}`;
  // `10.`: a decimal point with no digits after it is the whole number, as XML Schema reads it.
  if (/^\d+\.$/.test(value)) value = value.slice(0, -1);
  const amount = Decimal.tryParse(value);
  if (!amount) return undefined;
  const signed: SignedAmount = { amount, creditDebit: sign === '-' && !amount.isZero() ? 'DBIT' : 'CRDT' };
  if (grouped !== undefined) signed.grouped = grouped;
  if (trailing !== undefined) signed.trailingSign = true;
  else if (sign === '+') signed.plusSign = true;
  return signed;
}

/**
 * `1,234.50`, `1.234,50`, `1'234.50`, `1 234.50`, `12,345` (with a decimal point elsewhere
 * impossible): digits in groups of three with one kind of separator throughout, and the other
 * kind (or none) as the decimal mark. Undefined when the text is not grouped that way (a lone
 * `12,50` is a decimal comma).
 */
function ungroup(text: string): string | undefined {
  // The separator may also be a space, a no-break space or a narrow no-break space.
  const match = /^(\d{1,3})(([,.' \u00a0\u202f])\d{3}(?:\3\d{3})*)(?:([.,])(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, head, groups, separator, decimalMark, fraction] = match;
  if (decimalMark !== undefined && decimalMark === separator) return undefined;
  // One group and no decimal mark (`1,234`, `1.234`) reads as a decimal fraction, as OFX allows.
  if (decimalMark === undefined && (groups as string).length === 4 && (separator === ',' || separator === '.'))
    return undefined;
  const whole = `${head}${(groups as string).split(separator as string).join('')}`;
  return fraction === undefined ? whole : `${whole}.${fraction}`;
}
