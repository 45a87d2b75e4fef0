import { Decimal } from '../decimal';
import type { IssueSink } from '../issues';
import { isIsoCurrency, readCurrencyCode } from '../issues-currency';
import type { CreditDebit, Money } from '../types';
import type { ElementStack } from './element-stack';

/** A currency the statement gives for amounts without a `Ccy` attribute, and where (`the account currency (<Acct><Ccy>)`). */
export interface ImpliedCurrency {
  code: string;
  source: string;
}

/**
 * Converts the text of a leaf element into a typed value, or reports an issue located at
 * that element and answers `undefined`. Every check is what the ISO 20022 schema type says
 * (ActiveOrHistoricCurrencyAndAmount, ISODate, ISODateTime, CreditDebitCode, TrueFalseIndicator).
 */
export class ValueReader {
  /**
   * @param impliedCurrency The currency the statement gives where an `<Amt>` has no `Ccy`
   * attribute (the account's, or the entry's for amounts inside it), or `undefined`.
   */
  constructor(
    private readonly issues: IssueSink,
    private readonly stack: ElementStack,
    private readonly impliedCurrency: () => ImpliedCurrency | undefined = () => undefined,
  ) {}

  /** A reader whose errors are warnings ending in `consequence` (`IssueSink.downgraded`): for values no row depends on. */
  downgraded(consequence: string): ValueReader {
    return new ValueReader(this.issues.downgraded(consequence), this.stack, this.impliedCurrency);
  }

  /**
   * `<Amt Ccy="EUR">8.850</Amt>`: unsigned decimal plus a three-letter currency attribute. Without
   * the attribute, the amount is in the currency the statement gives (`impliedCurrency`), with a
   * warning (docs/formats.md, tolerance policy); only when it gives none is it an error.
   */
  money(text: string, currency: string | undefined): Money | undefined {
    const amount = this.decimal(text, 'amount');
    if (!amount) return undefined;
    // `-0.00`: the text is looked at first, so a plain amount's Decimal stays as parsed (no cached arithmetic).
    if (text.includes('-') && text.trim().startsWith('-') && amount.isZero())
      this.issues.warning(
        'INVALID_AMOUNT',
        `expected an unsigned amount (the sign is given by <CdtDbtInd>), found ${JSON.stringify(text)}: a zero, read as ${amount.toString()}`,
        this.here(),
      );
    if (amount.isNegative()) {
      this.issues.error(
        'INVALID_AMOUNT',
        `expected an unsigned amount (the sign is given by <CdtDbtInd>), found ${JSON.stringify(text)}`,
        this.here(),
      );
      return undefined;
    }
    if (currency === undefined) {
      const implied = this.impliedCurrency();
      if (implied) {
        this.issues.warning(
          'MISSING_ELEMENT',
          `<${this.stack.name()}> has no Ccy attribute; read in ${implied.code}, ${implied.source}`,
          this.here(),
        );
        return { amount, currency: implied.code };
      }
      this.issues.error(
        'MISSING_ELEMENT',
        `expected a Ccy attribute naming the currency of <${this.stack.name()}>`,
        this.here(),
      );
      return undefined;
    }
    const code = this.currencyCode(currency);
    return code === undefined ? undefined : { amount, currency: code };
  }

  /**
   * The `Ccy` attribute (ActiveOrHistoricCurrencyCode), or `undefined` after an error when it is
   * not three letters: which currency is meant cannot be told. Lower case is read in upper case,
   * and a code ISO 4217 does not list as written, with a warning (as in every format: `readCurrencyCode`).
   */
  private currencyCode(written: string): string | undefined {
    if (isIsoCurrency(written)) return written; // the usual case
    // White space around the code (`Ccy=" EUR"`) leaves no doubt which currency is meant.
    const currency = xmlTrim(written);
    const reading = readCurrencyCode(currency);
    if (currency !== written && reading)
      this.issues.warning(
        'INVALID_VALUE',
        `the Ccy attribute ${JSON.stringify(written)} has white space around the code; read as ${currency.toUpperCase()}`,
        this.here(),
      );
    if (!reading) {
      this.issues.error(
        'INVALID_VALUE',
        `expected an ISO 4217 currency code such as "EUR" in the Ccy attribute, found ${JSON.stringify(written)}`,
        this.here(),
      );
      return undefined;
    }
    if (reading.deviation)
      this.issues.warning('INVALID_VALUE', `in the Ccy attribute, ${reading.deviation}`, this.here());
    return reading.code;
  }

  /** An xs:decimal (`readXsDecimal`), or `undefined` after an `INVALID_AMOUNT` error. */
  decimal(text: string, what: 'amount' | 'exchange rate'): Decimal | undefined {
    const value = readXsDecimal(this.trimmed(text));
    if (!value) {
      const example = what === 'amount' ? '"1234.50"' : '"1.0827"';
      this.issues.error(
        'INVALID_AMOUNT',
        `expected an ${what} such as ${example}, found ${JSON.stringify(text)}`,
        this.here(),
      );
    }
    return value;
  }

  /** `<Dt>` is an ISODate, `<DtTm>` (and the `…DtTm` siblings) an ISODateTime; the text is kept as written. */
  date(text: string, withTime: boolean): string | undefined {
    const value = this.trimmed(text);
    // An xs:date may carry a time zone (`2017-04-01+02:00`, `2017-04-01Z`): the day is the same, and
    // the column holds the day alone.
    if (withTime ? isIsoDateTime(value) : isIsoDate(value)) return withTime ? value : value.slice(0, 10);
    // A shape a careful reader still reads unambiguously (`11:17:11:735`, a space for `T`, a
    // time in a <Dt>): read it, with a warning (docs/formats.md, tolerance policy).
    const repaired = repairDateTime(value);
    const read = repaired === undefined ? undefined : withTime ? repaired : repaired.slice(0, 10);
    if (read !== undefined && (withTime ? isIsoDateTime(read) || isIsoDate(read) : isIsoDate(read))) {
      this.issues.warning(
        'INVALID_DATE',
        END_OF_DAY.test(value)
          ? endOfDayMessage(this.stack.name(), text, read)
          : `<${this.stack.name()}> ${JSON.stringify(text)} is not an ISO ${withTime ? 'date-time' : 'date'}; read as ${read}`,
        this.here(),
      );
      return read;
    }
    const expected = withTime ? 'a date-time such as "2024-03-31T18:30:00+01:00"' : 'a date such as "2024-03-31"';
    this.issues.error(
      'INVALID_DATE',
      `expected ${expected} in <${this.stack.name()}>, found ${JSON.stringify(text)}`,
      this.here(),
    );
    return undefined;
  }

  /**
   * A header date-time (`CreDtTm`, `FrDtTm`, `ToDtTm`): no row needs it, so a shape banks write
   * instead of ISODateTime (`2019-08-09T11:17:11:735`, a space for the `T`, no seconds) is read
   * with a warning, and one that cannot be read is left out with a warning.
   */
  headerDateTime(text: string): string | undefined {
    const value = this.trimmed(text);
    if (isIsoDateTime(value)) return value;
    const repaired = repairDateTime(value);
    const element = this.stack.name();
    if (repaired) {
      this.issues.warning(
        'INVALID_DATE',
        END_OF_DAY.test(value)
          ? endOfDayMessage(element, text, repaired)
          : `<${element}> ${JSON.stringify(text)} is not an ISO date-time; read as ${repaired}`,
        this.here(),
      );
      return repaired;
    }
    this.issues.warning(
      'INVALID_DATE',
      `<${element}> ${JSON.stringify(text)} is not a date-time; left out (no row needs it)`,
      this.here(),
    );
    return undefined;
  }

  creditDebit(text: string): CreditDebit | undefined {
    const value = this.trimmed(text);
    if (value === 'CRDT' || value === 'DBIT') return value;
    // In another case (`dbit`), as an entry status or currency in lower case is read.
    const upper = value.toUpperCase();
    if (upper === 'CRDT' || upper === 'DBIT') {
      this.issues.warning(
        'INVALID_VALUE',
        `the direction ${JSON.stringify(value)} in <CdtDbtInd> is not written in capital letters as ISO 20022 codes are; read as ${upper}`,
        this.here(),
      );
      return upper;
    }
    this.issues.error(
      'INVALID_VALUE',
      `expected CRDT or DBIT in <CdtDbtInd>, found ${JSON.stringify(text)}`,
      this.here(),
    );
    return undefined;
  }

  /**
   * `<Sts>` (v01–v07), `<Sts><Cd>` or `<Sts><Prtry>` (v08+): BOOK, PDNG, INFO or FUTR
   * (ExternalEntryStatus1Code). Only a BOOK entry counts towards the balances and reaches a
   * journal, so whatever else is read is said, with a warning at the element:
   * - one of the codes in another case is read in upper case, so a `book` entry is booked (and
   *   reconciled) as a `BOOK` one;
   * - the word a code abbreviates (`BOOKED`, `Pending`, `INFORMATION`, `future`) is read as the code;
   * - any other text (`OTHR`, a proprietary status) is kept as written: its row is not booked.
   */
  entryStatus(text: string): string {
    const value = this.trimmed(text);
    if (ENTRY_STATUSES.has(value) || value === '') return value; // the usual case; an empty one is missing
    const upper = value.toUpperCase();
    const code = ENTRY_STATUSES.has(upper) ? upper : SPELLED_OUT_STATUSES.get(upper);
    const status = JSON.stringify(value);
    if (code === undefined) {
      this.issues.warning(
        'INVALID_VALUE',
        `the entry status ${status} is not one of the ISO 20022 codes BOOK, PDNG, INFO and FUTR; kept as written, so the entry is not counted as booked (it counts towards no balance and journal output leaves it out)`,
        this.here(),
      );
      return value;
    }
    this.issues.warning(
      'INVALID_VALUE',
      code === upper
        ? `the entry status ${status} is not written in capital letters as ISO 20022 codes are; read as ${code}`
        : `the entry status ${status} is not an ISO 20022 code; read as ${code}, the code it spells out`,
      this.here(),
    );
    return code;
  }

  indicator(text: string): boolean | undefined {
    const value = this.trimmed(text);
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    // In another case (`TRUE`, `False`): what is meant is plain, as with a code in lower case.
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === 'false') {
      this.issues.warning(
        'INVALID_VALUE',
        `<${this.stack.name()}> ${JSON.stringify(value)} is not written in lower case as XML Schema booleans are; read as ${lower}`,
        this.here(),
      );
      return lower === 'true';
    }
    this.issues.error(
      'INVALID_VALUE',
      `expected true or false in <${this.stack.name()}>, found ${JSON.stringify(text)}`,
      this.here(),
    );
    return undefined;
  }

  /**
   * `text` without the white space around it. XML's is space, tab, line feed and carriage return;
   * other white space there (a no-break space after an amount) is no part of the value either,
   * so it is trimmed too, with a warning.
   */
  private trimmed(text: string): string {
    const value = text.trim();
    if (value.length === text.length) return value; // the usual case
    const xml = xmlTrim(text);
    if (xml.length !== value.length) {
      // The first or the last character left by XML's trimming is the other white space.
      const other = xml.startsWith(value) ? xml.charCodeAt(xml.length - 1) : xml.charCodeAt(0);
      const code = other.toString(16).toUpperCase().padStart(4, '0');
      const name = code === '00A0' ? 'a no-break space (U+00A0)' : `the white space U+${code}`;
      this.issues.warning(
        'INVALID_VALUE',
        `<${this.stack.name()}> ${JSON.stringify(text)} has ${name} around its value, which is not white space in XML; read as ${JSON.stringify(value)}`,
        this.here(),
      );
    }
    return value;
  }

  private here() {
    return this.stack.location();
  }
}

const XML_SPACE = /[ \t\r\n]/;

/** `text` without XML white space (space, tab, line feed, carriage return) around it. */
function xmlTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && XML_SPACE.test(text.charAt(start))) start++;
  while (end > start && XML_SPACE.test(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}

/** A date-time at 24:00:00, the end of its day (XML Schema 1.0 allows it; the next day's 00:00). */
const END_OF_DAY = /T24:00(?::00(?:[.,]0+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

function endOfDayMessage(element: string, text: string, read: string): string {
  return `<${element}> ${JSON.stringify(text)} writes midnight as 24:00:00, the end of the day (XML Schema 1.0 allows it, ISO 20022 does not use it); read as ${read}, the next day's start`;
}

const ENTRY_STATUSES: ReadonlySet<string> = new Set(['BOOK', 'PDNG', 'INFO', 'FUTR']);

/** The words the entry status codes abbreviate, in upper case, as some banks write them. */
const SPELLED_OUT_STATUSES: ReadonlyMap<string, string> = new Map([
  ['BOOKED', 'BOOK'],
  ['PENDING', 'PDNG'],
  ['INFORMATION', 'INFO'],
  ['FUTURE', 'FUTR'],
]);

/**
 * An xs:decimal, the type of every ISO 20022 amount and rate: an optional sign, then digits with
 * an optional point, where the digits on one side of the point may be missing (`+34.00`, `34.`,
 * `.50`). Read exactly, with the scale the text gives (`34.` is `34`, `.50` is `0.50`); anything
 * else (`12,50`, `1e3`, `.`, a space inside) is `undefined`. The sign is kept: what a negative
 * value means is the caller's to judge.
 */
export function readXsDecimal(text: string): Decimal | undefined {
  const value = Decimal.tryParse(text); // the usual case: `-?digits(.digits)?`
  if (value || !XS_DECIMAL.test(text)) return value;
  const sign = text[0] === '-' ? '-' : '';
  let unsigned = text[0] === '-' || text[0] === '+' ? text.slice(1) : text;
  if (unsigned.endsWith('.')) unsigned = unsigned.slice(0, -1);
  if (unsigned.startsWith('.')) unsigned = `0${unsigned}`;
  return Decimal.tryParse(sign + unsigned);
}

const XS_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

// ISODateTime allows fractions of any length (banks write nanoseconds) and an optional offset.
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-](0\d|1[0-4]):[0-5]\d)?$/;

/**
 * `YYYY-MM-DD` naming a real calendar day, optionally with the time zone that xs:date allows
 * (`Z`, `+01:00`). Char codes, not a regex: this runs for two dates per entry.
 */
export function isIsoDate(text: string): boolean {
  if (
    text.length !== 10 &&
    !(text.length === 11 && text.endsWith('Z')) &&
    !(text.length === 16 && isOffset(text.slice(10)))
  )
    return false;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  return year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function isOffset(text: string): boolean {
  return (
    (text[0] === '+' || text[0] === '-') &&
    text[3] === ':' &&
    digits(text, 1, 3) >= 0 &&
    digits(text, 1, 3) <= 14 &&
    digits(text, 4, 6) >= 0 &&
    digits(text, 4, 6) <= 59
  );
}

/** The number written in `text[from, to)`, or -1 if any character is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/** `2019-08-09T11:17:11:735` → `2019-08-09T11:17:11.735`; a space for `T`; `HH:MM` → `HH:MM:00`; a date alone. */
export function repairDateTime(text: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2}))?(?:[:.,](\d+))?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
    text,
  );
  if (!match) return undefined;
  const [, written, time, seconds, fraction, zone] = match;
  if (time === undefined) return isIsoDate(written as string) ? written : undefined;
  // 24:00:00 (XML Schema 1.0) is the end of the day: the next day's 00:00:00.
  const endOfDay = time === '24:00' && (seconds ?? '00') === '00' && /^0*$/.test(fraction ?? '');
  const date = endOfDay ? nextDay(written as string) : written;
  const hhmm = endOfDay ? '00:00' : time;
  if (date === undefined) return undefined;
  const offset =
    zone === undefined || zone === 'Z' || zone.includes(':') ? (zone ?? '') : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const repaired = `${date}T${hhmm}:${seconds ?? '00'}${fraction === undefined ? '' : `.${fraction}`}${offset}`;
  return isIsoDateTime(repaired) ? repaired : undefined;
}

/** The day after the real calendar day `YYYY-MM-DD`, or undefined when `day` is none. */
function nextDay(day: string): string | undefined {
  if (!isIsoDate(day)) return undefined;
  let year = digits(day, 0, 4);
  let month = digits(day, 5, 7);
  let date = digits(day, 8, 10) + 1;
  if (date > daysInMonth(year, month)) {
    date = 1;
    if (++month > 12) {
      month = 1;
      year++;
    }
  }
  if (year > 9999) return undefined;
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`;
}

export function isIsoDateTime(text: string): boolean {
  const m = ISO_DATE_TIME.exec(text);
  return m !== null && isIsoDate(m[1] as string);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
