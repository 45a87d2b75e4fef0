import { isIsoDate, isIsoDateTime, readXsDecimal } from './values';

describe('ISO 20022 date checks', () => {
  it.each(['2024-02-29', '2023-12-31', '2024-03-28Z', '2024-03-28+01:00', '2024-03-28-05:30'])(
    'accepts the date %s',
    (text) => {
      expect(isIsoDate(text)).toBe(true);
    },
  );

  it.each([
    '2023-02-29',
    '2024-13-01',
    '2024-04-31',
    '2024-3-28',
    '28.03.2024',
    '2024-03-28T10:00:00',
    '2024-03-28+1:00',
    '',
  ])('rejects the date %j', (text) => {
    expect(isIsoDate(text)).toBe(false);
  });

  it.each([
    '2024-03-28T10:15:00',
    '2024-03-28T10:15:00Z',
    '2024-03-28T10:15:00.123+01:00',
    '2025-07-24T06:10:29.000000000',
  ])('accepts the date-time %s', (text) => {
    expect(isIsoDateTime(text)).toBe(true);
  });

  it.each(['2024-03-28', '2024-03-28T24:00:00', '2024-02-30T10:00:00', '2024-03-28 10:15:00'])(
    'rejects the date-time %j',
    (text) => {
      expect(isIsoDateTime(text)).toBe(false);
    },
  );
});

describe('ISO 20022 amounts and rates (xs:decimal)', () => {
  it.each([
    ['1234.50', '1234.50', 2],
    ['+34.00', '34.00', 2],
    ['34.', '34', 0],
    ['.50', '0.50', 2],
    ['+.5', '0.5', 1],
    ['+0', '0', 0],
    ['-.50', '-0.50', 2],
    ['-34.', '-34', 0],
    ['+007.50', '7.50', 2],
  ])('reads %j exactly as %s, scale %i', (text, read, scale) => {
    const value = readXsDecimal(text);
    expect(value?.toString()).toBe(read);
    expect(value?.scale).toBe(scale);
  });

  it('keeps the sign of a negative value for the caller to judge', () => {
    expect(readXsDecimal('-.50')?.isNegative()).toBe(true);
    expect(readXsDecimal('+.50')?.isNegative()).toBe(false);
  });

  it.each([
    '',
    '.',
    '+',
    '-',
    '+.',
    '-.',
    '+-1',
    '--1',
    '1e3',
    '12,50',
    ' 1',
    '1 ',
    '1.2.3',
    '1..',
    '+ 1',
    'INF',
    'NaN',
  ])('refuses %j', (text) => {
    expect(readXsDecimal(text)).toBeUndefined();
  });
});
