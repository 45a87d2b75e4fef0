/** Tests of UTF-16 code units, for readers that look at text a character at a time on their hot paths. */

/** `0`–`9`. */
export const isAsciiDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** `A`–`Z`. */
export const isAsciiCapital = (code: number): boolean => code >= 0x41 && code <= 0x5a;

/** `A`–`Z` and `a`–`z`. */
export const isAsciiLetter = (code: number): boolean => isAsciiCapital(code) || (code >= 0x61 && code <= 0x7a);

/**
 * Whether a UTF-16 code unit is whitespace as `\s` in a JavaScript regular expression reads it
 * (the line terminators, the Unicode space separators and U+FEFF), as `trim` removes it.
 */
export function isJsWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
