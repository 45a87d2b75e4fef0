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
  if (!isIban(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code <= 0x39 ? code - 0x30 : code - 0x41 + 10;
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder === 1;
}

/** ISO 9362 shape: 4 bank letters, 2 country letters, 2 location characters, optional 3-character branch. */
export function isBic(text: string): boolean {
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(text);
}
