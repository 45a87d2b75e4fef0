import Big from 'big.js';
import { isAsciiDigit } from './characters';

/**
 * An exact decimal that remembers the scale it was written with, so `8.850` prints as
 * `8.850` and a sum prints with the largest scale of its terms. Money never passes through
 * a JavaScript float (docs/decisions/0002-exact-decimals.md).
 * Arithmetic is big.js; this class only adds the scale and a strict parser.
 */
export class Decimal {
  /**
   * The big.js value, created on first arithmetic. A parsed amount that is only printed
   * again (most of them) keeps its source text and never pays for a Big.
   */
  private big: Big | undefined;
  /** Canonical source text (no redundant leading zeros, no `-0`), when parsed from text. */
  private readonly text: string | undefined;

  private constructor(
    value: Big | undefined,
    text: string | undefined,
    /** Digits after the decimal point, as written (or the larger of two operands). */
    readonly scale: number,
  ) {
    this.big = value;
    this.text = text;
  }

  /**
   * Parses `-?digits(.digits)?`: what ISO 20022 amounts, MT940 (after swapping the comma)
   * and OFX write. Exponents, `.5`, `5.`, signs other than a leading `-` and spaces are
   * rejected with a RangeError, so junk never becomes a plausible amount.
   */
  static parse(text: string): Decimal {
    const parsed = Decimal.tryParse(text);
    if (!parsed) throw new RangeError(`not a decimal number: ${JSON.stringify(text)}`);
    return parsed;
  }

  /** Like `parse`, but answers `undefined` instead of throwing. */
  static tryParse(text: string): Decimal | undefined {
    const scale = scaleOf(text);
    if (scale < 0) return undefined;
    return isCanonical(text) ? new Decimal(undefined, text, scale) : new Decimal(new Big(text), undefined, scale);
  }

  static zero(scale = 0): Decimal {
    return new Decimal(ZERO, undefined, scale);
  }

  private get value(): Big {
    return (this.big ??= new Big(this.text as string));
  }

  plus(o: Decimal): Decimal {
    return new Decimal(this.value.plus(o.value), undefined, Math.max(this.scale, o.scale));
  }

  minus(o: Decimal): Decimal {
    return new Decimal(this.value.minus(o.value), undefined, Math.max(this.scale, o.scale));
  }

  negated(): Decimal {
    return new Decimal(this.value.times(-1), undefined, this.scale);
  }

  abs(): Decimal {
    return new Decimal(this.value.abs(), undefined, this.scale);
  }

  cmp(o: Decimal): -1 | 0 | 1 {
    return this.value.cmp(o.value);
  }

  eq(o: Decimal): boolean {
    return this.value.eq(o.value);
  }

  isZero(): boolean {
    return this.value.eq(0);
  }

  isNegative(): boolean {
    if (this.text !== undefined) return this.text.charCodeAt(0) === MINUS;
    return this.value.lt(0);
  }

  /** Plain notation with exactly `scale` decimals; zero is never printed as `-0`. */
  toString(): string {
    if (this.text !== undefined) return this.text;
    return (this.isZero() ? ZERO : this.value).toFixed(this.scale);
  }

  /** Decimals serialise as their exact string, never as a JSON number. */
  toJSON(): string {
    return this.toString();
  }
}

const ZERO = new Big(0);
const DIGIT_0 = 48;
const MINUS = 45;
const DOT = 46;

/** Scale of a well-formed decimal literal, or -1. A char loop: this runs once per amount. */
function scaleOf(text: string): number {
  let i = text.charCodeAt(0) === MINUS ? 1 : 0;
  const intStart = i;
  while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i++;
  if (i === intStart) return -1;
  if (i === text.length) return 0;
  if (text.charCodeAt(i) !== DOT) return -1;
  const fracStart = ++i;
  while (i < text.length && isAsciiDigit(text.charCodeAt(i))) i++;
  if (i !== text.length || i === fracStart) return -1;
  return i - fracStart;
}

/**
 * Whether a well-formed literal already prints as `toString` would: no redundant leading
 * zero (`007.5`) and no negative zero (`-0.00`).
 */
function isCanonical(text: string): boolean {
  const start = text.charCodeAt(0) === MINUS ? 1 : 0;
  if (text.charCodeAt(start) !== DIGIT_0) return true;
  const next = text.charCodeAt(start + 1);
  if (start + 1 < text.length && next !== DOT) return false; // "07"
  if (start === 0) return true; // "0", "0.50"
  for (let i = start + 2; i < text.length; i++) if (text.charCodeAt(i) !== DIGIT_0) return true;
  return false; // "-0", "-0.00"
}
