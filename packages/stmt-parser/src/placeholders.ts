/**
 * `NOTPROVIDED` / `NONREF`: what a SEPA scheme writes where it requires a value it did not get
 * (an end-to-end reference, a name). Every format that carries them reads them as none.
 */
export function isSepaPlaceholder(text: string): boolean {
  const value = text.trim();
  // Names and references of any other length are told apart without an upper-cased copy.
  if (value.length !== NONREF.length && value.length !== NOTPROVIDED.length) return false;
  const upper = value.toUpperCase();
  return upper === NOTPROVIDED || upper === NONREF;
}

const NOTPROVIDED = 'NOTPROVIDED';
const NONREF = 'NONREF';
