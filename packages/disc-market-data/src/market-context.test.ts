import { regimeOf } from './market-context';

describe('regime rules', () => {
  it.each([
    [-0.05, -0.1, 35, 'stable', 'bear'],
    [0.02, 0.01, 30, 'stable', 'volatile'],
    [0.02, 0.05, 25, 'rising', 'volatile'],
    [0.03, 0.06, 14, 'falling', 'bull'],
    [0.005, 0.01, 16, 'stable', 'sideways'],
    [-0.03, 0.01, 18, 'stable', 'sideways'],
  ] as const)('trend %p, 6m momentum %p, VIX %p %s → %s', (trend, mom, vix, vixTrend, regime) => {
    expect(regimeOf(trend, mom, vix, vixTrend)).toBe(regime);
  });
});
