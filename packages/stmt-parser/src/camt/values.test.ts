import { isIsoDate, isIsoDateTime } from './values';

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
