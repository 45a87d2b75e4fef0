/**
 * `NOTPROVIDED` / `NONREF`: what a SEPA scheme writes where it requires a value it did not get
 * (an end-to-end reference, a name). Every format that carries them reads them as none.
 */
export function isSepaPlaceholder(text: string): boolean {
  const value = text.trim().toUpperCase();
  return value === 'NOTPROVIDED' || value === 'NONREF';
}
