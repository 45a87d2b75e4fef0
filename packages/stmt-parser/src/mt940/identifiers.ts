/** ISO 13616 shape: country, two check digits, up to 30 alphanumerics (spaces allowed in print form). */
export function isIban(text: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(text.replace(/\s/g, ''));
}

/** ISO 9362 shape: 4 bank letters, 2 country letters, 2 location characters, optional 3-character branch. */
export function isBic(text: string): boolean {
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(text);
}
