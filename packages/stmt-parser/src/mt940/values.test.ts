import { entryDateNear, parseDateTimeWithOffset, parseYymmdd, swiftAmountToDecimalText } from './values';

describe('SWIFT values', () => {
  it('reads two-digit years 80–99 as 19xx and 00–79 as 20xx', () => {
    expect(parseYymmdd('991231')).toBe('1999-12-31');
    expect(parseYymmdd('240229')).toBe('2024-02-29');
    expect(parseYymmdd('230229')).toBeUndefined();
  });

  it('puts 29 February in the nearest leap year', () => {
    expect(entryDateNear('2024-03-01', '0229')).toBe('2024-02-29');
    expect(entryDateNear('2022-03-01', '0229')).toBeUndefined(); // no leap year in 2021–2023
  });

  it('converts decimal commas without touching the scale', () => {
    expect(swiftAmountToDecimalText('0,')).toBe('0');
    expect(swiftAmountToDecimalText('000000000473,17')).toBe('473.17');
    expect(swiftAmountToDecimalText('1,500')).toBe('1.500');
    expect(swiftAmountToDecimalText('12.50')).toBeUndefined();
  });

  it('turns the MT942 :13D: local time into UTC', () => {
    expect(parseDateTimeWithOffset('2404021530+0200')).toBe('2024-04-02T13:30:00Z');
    expect(parseDateTimeWithOffset('2401010030-0130')).toBe('2024-01-01T02:00:00Z');
    expect(parseDateTimeWithOffset('2404022530+0200')).toBeUndefined();
  });
});
