/**
 * Currency codes as MT940, OFX and bank CSV files write them, and the warning a harmless
 * deviation raises (docs/formats.md, "Tolerance policy"): a code in lower case (`eur`) is read
 * upper-cased, and a well-formed code that ISO 4217 does not list (`XYZ`) is kept as written.
 */

/**
 * ISO 4217 alphabetic codes as the runtime's ICU data lists them (`Intl.supportedValuesOf`,
 * Node 18+). Fund, precious-metal and testing codes (`XAU`, `XXX`, `CHW`) are not in it, so they
 * read with the same warning as an unknown code.
 */
let isoCodes: ReadonlySet<string> | undefined;

export function isIsoCurrency(code: string): boolean {
  isoCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return isoCodes.has(code);
}

/** A currency code as read: upper case, with what deviated from ISO 4217 when something did. */
export interface CurrencyReading {
  code: string;
  /** Lower or mixed case, or not an ISO 4217 code: the warning to report, saying how it was read. */
  deviation?: string;
}

/**
 * Reads a three-letter currency code (`EUR`; `eur` upper-cased, with a warning). Undefined for
 * anything that is not three ASCII letters: what that means is for the format to say.
 */
export function readCurrencyCode(text: string): CurrencyReading | undefined {
  if (!/^[A-Za-z]{3}$/.test(text)) return undefined;
  const code = text.toUpperCase();
  const known = isIsoCurrency(code);
  if (code === text)
    return known ? { code } : { code, deviation: `currency ${code} is not an ISO 4217 currency code; kept as written` };
  const lowerCase = `currency "${text}" is not written in capital letters as ISO 4217 codes are`;
  return {
    code,
    deviation: known
      ? `${lowerCase}; read as ${code}`
      : `${lowerCase}, nor is ${code} an ISO 4217 code; read as ${code}`,
  };
}
