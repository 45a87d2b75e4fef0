// Placeholder: the camt parser work replaces this with the real exact-decimal type.
export class Decimal {
  toString(): string { return "0"; }
}
