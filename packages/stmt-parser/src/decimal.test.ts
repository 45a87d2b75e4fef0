import fc from 'fast-check';
import { Decimal } from '@stmt/parser';

/** A decimal literal from integer units and a scale, e.g. (-1234n, 2) → "-12.34". */
function literal(units: bigint, scale: number): string {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return units < 0n ? `-${text}` : text;
}

const decimalArb = fc
  .record({ units: fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), scale: fc.integer({ min: 0, max: 8 }) })
  .map(({ units, scale }) => ({ text: literal(units, scale), units, scale }));

describe('Decimal', () => {
  it('keeps the scale it was written with', () => {
    const d = Decimal.parse('8.850');
    expect(d.scale).toBe(3);
    expect(d.toString()).toBe('8.850');
    expect(JSON.stringify({ amount: d })).toBe('{"amount":"8.850"}');
  });

  it('accepts a leading minus and prints sums with the larger scale', () => {
    expect(Decimal.parse('-1.5').plus(Decimal.parse('0.25')).toString()).toBe('-1.25');
    expect(Decimal.parse('10').minus(Decimal.parse('0.001')).toString()).toBe('9.999');
    expect(Decimal.parse('1.10').plus(Decimal.parse('2.2')).toString()).toBe('3.30');
  });

  it.each(['', '-', '1,50', '1.', '.5', '+1', '1e3', ' 1', '1 ', 'NaN', '--1', '1.2.3', '١٢'])('rejects %j', (junk) => {
    expect(() => Decimal.parse(junk)).toThrow(RangeError);
    expect(Decimal.tryParse(junk)).toBeUndefined();
  });

  it('never prints negative zero and drops redundant leading zeros', () => {
    expect(Decimal.parse('-0.00').toString()).toBe('0.00');
    expect(Decimal.parse('007.50').toString()).toBe('7.50');
    expect(Decimal.parse('0.5').negated().plus(Decimal.parse('0.5')).toString()).toBe('0.0');
    expect(Decimal.zero(2).toString()).toBe('0.00');
  });

  it('compares by value, not by scale', () => {
    expect(Decimal.parse('1.50').eq(Decimal.parse('1.5'))).toBe(true);
    expect(Decimal.parse('-2').cmp(Decimal.parse('1'))).toBe(-1);
    expect(Decimal.parse('2.000').cmp(Decimal.parse('2'))).toBe(0);
    expect(Decimal.parse('-3.1').abs().toString()).toBe('3.1');
    expect(Decimal.parse('-3.1').isNegative()).toBe(true);
    expect(Decimal.parse('0.000').isZero()).toBe(true);
  });

  it('round-trips every canonical literal exactly (property)', () => {
    fc.assert(
      fc.property(decimalArb, ({ text, scale }) => {
        const d = Decimal.parse(text);
        expect(d.toString()).toBe(
          text === literal(0n, scale) || !text.startsWith('-0') ? text.replace(/^-(0(\.0+)?)$/, '$1') : text,
        );
        expect(d.scale).toBe(scale);
      }),
    );
  });

  it('adds and subtracts exactly: associativity and inverse (property)', () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, decimalArb, (a, b, c) => {
        const [x, y, z] = [Decimal.parse(a.text), Decimal.parse(b.text), Decimal.parse(c.text)];
        expect(
          x
            .plus(y)
            .plus(z)
            .eq(x.plus(y.plus(z))),
        ).toBe(true);
        expect(x.plus(y).minus(y).eq(x)).toBe(true);
        expect(x.minus(y).plus(z).eq(x.plus(z).minus(y))).toBe(true);
        expect(x.plus(y).scale).toBe(Math.max(a.scale, b.scale));
      }),
    );
  });

  it('sums like integer arithmetic on the smallest unit (property)', () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, (a, b) => {
        const scale = Math.max(a.scale, b.scale);
        const units = a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale);
        expect(Decimal.parse(a.text).plus(Decimal.parse(b.text)).toString()).toBe(
          literal(units, scale).replace(/^-(0(\.0+)?)$/, '$1'),
        );
      }),
    );
  });
});
