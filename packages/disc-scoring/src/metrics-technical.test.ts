import { movingAverageSeries, simpleMovingAverage } from './metrics-technical';

describe('movingAverageSeries', () => {
  it('is null until a full window is behind a close, then the trailing mean', () => {
    expect(movingAverageSeries([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(movingAverageSeries([1, 2], 3)).toEqual([null, null]);
  });

  it('agrees with simpleMovingAverage at every point of a long series', () => {
    const closes = Array.from({ length: 400 }, (_, i) => 100 + Math.sin(i / 7) * 10 + i / 20);
    const series = movingAverageSeries(closes, 200);
    for (const i of [199, 250, 399])
      expect(series[i]).toBeCloseTo(simpleMovingAverage(closes.slice(0, i + 1), 200)!, 9);
  });
});
