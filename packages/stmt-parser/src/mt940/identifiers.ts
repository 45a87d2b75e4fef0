/** ISO 13616 shape: country, two check digits, up to 30 alphanumerics (spaces allowed in print form). */
export function isIban(text: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(text.replace(/\s/g, ''));
}

/**
 * An IBAN whose check digits are right (ISO 13616 / ISO 7064 mod 97-10: the country and check
 * digits moved to the end, letters as 10–35, the number modulo 97 is 1). Shape alone
 * (`isIban`) cannot tell `NL20INGB0001234567` from `NL20INGB0001234567EUR`; the check digits can.
 */
export function isCheckedIban(text: string): boolean {
  const compact = text.replace(/\s/g, '');
  return isIban(compact) && mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

/**
 * An IBAN with right check digits that starts `text`, written without spaces, and the text after
 * it on the same line (de Volksbank's `NL49RABO0166416932 gerrits glas en schilderwerk`);
 * undefined when there is no such IBAN or nothing follows it.
 */
export function leadingIban(text: string): { iban: string; rest: string } | undefined {
  const match = /^\s*([A-Z]{2}\d{2}[A-Z0-9]{10,30})\s+(\S.*)$/.exec(text);
  if (!match || !isCheckedIban(match[1] as string)) return undefined;
  return { iban: match[1] as string, rest: (match[2] as string).replace(/\s+/g, ' ').trimEnd() };
}

/**
 * A SEPA creditor identifier whose check digits are right (EPC262-08): country, two check digits,
 * a three-character business code the check leaves out, then the national identifier; the check
 * is that of an IBAN over the national identifier, the country and the check digits
 * (`DE98ZZZ09999999999`, `NL11ZZZ111123333111`).
 */
export function isSepaCreditorId(text: string): boolean {
  const match = /^([A-Z]{2}\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/.exec(text.replace(/\s/g, '').toUpperCase());
  return match !== null && mod97(`${match[2] as string}${match[1] as string}`) === 1;
}

/** ISO 7064 mod 97-10 of digits and capital letters, letters counted as 10–35. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    const value = code <= 0x39 ? code - 0x30 : code - 0x41 + 10;
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder;
}

/** ISO 9362 shape: 4 bank letters, 2 country letters, 2 location characters, optional 3-character branch. */
export function isBic(text: string): boolean {
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(text);
}
