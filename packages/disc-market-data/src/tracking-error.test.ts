import { trackingError } from './tracking-error';
import { walk, weekdaysUntil } from './testing/series';

describe('trackingError', () => {
  const dates = weekdaysUntil('2026-11-20', 300);
  const index = { start: dates[0] as string, dates, closes: walk(300, 6000, 7) };

  it('is zero for a fund that moves exactly with its index, even at a different price level', () => {
    const fund = { ...index, closes: index.closes.map((c) => c / 10) };
    expect(trackingError(fund, index)).toBeCloseTo(0, 12);
  });

  it('is the annualised stdev of daily return differences', () => {
    // The fund lags the index by alternately +0.1 % and −0.1 % a day: differences of ±0.002 after the first.
    const closes = index.closes.map((c, i) => c * (i % 2 === 0 ? 1.001 : 0.999));
    const te = trackingError({ ...index, closes }, index) as number;
    const d = Math.log(0.999 / 1.001);
    const expected = Math.sqrt((d * d * 252 * 252) / 251); // 252 differences of ±d, mean ≈ 0
    expect(te).toBeCloseTo(expected, 3);
  });

  it('aligns by date and needs 60 common days', () => {
    const short = { start: dates[240] as string, dates: dates.slice(240), closes: index.closes.slice(240) };
    expect(trackingError(short, index)).toBeUndefined();
  });
});
