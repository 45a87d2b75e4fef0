import { portfolioRisk, riskOfReturns } from './portfolio-risk';
import { tradeCost, DEFAULT_TRANSACTION_COST_MODEL } from './transaction-costs';

// Hand computation: A returns +10 %, −10 %, +10 %; B is flat. 50/50 daily-rebalanced gives
// +5 %, −5 %, +5 %: mean 1/60, sample variance ((1/30)² + (1/15)² + (1/30)²)/2 = 1/300,
// sd 0.0577350, annualised × √252 = 0.916515; Sharpe (rf 0) = (252/60) / 0.916515 = 4.58258;
// value path 1 → 1.05 → 0.9975 → 1.047375, so the drawdown is 0.0525/1.05 = 0.05.
const A = { start: '2024-01-01', closes: [100, 110, 99, 108.9] };
const B = { start: '2024-01-01', closes: [50, 50, 50, 50] };

describe('portfolioRisk', () => {
  it('matches the hand-computed 50/50 portfolio', () => {
    const risk = portfolioRisk([
      { weight: 1, prices: A },
      { weight: 1, prices: B },
    ]);
    expect(risk?.volatility).toBeCloseTo(0.916515, 5);
    expect(risk?.sharpe).toBeCloseTo(4.58258, 4);
    expect(risk?.max_drawdown).toBeCloseTo(0.05, 10);
    expect(risk?.observations).toBe(3);
  });

  it('subtracts the risk-free rate in the Sharpe ratio', () => {
    const risk = portfolioRisk(
      [
        { weight: 0.5, prices: A },
        { weight: 0.5, prices: B },
      ],
      0.2,
    );
    expect(risk?.sharpe).toBeCloseTo((4.2 - 0.2) / 0.916515, 4);
  });

  it('aligns series of different lengths on their latest closes', () => {
    const longer = { start: '2023-12-29', closes: [80, 100, 110, 99, 108.9] };
    const risk = portfolioRisk([
      { weight: 1, prices: longer },
      { weight: 1, prices: B },
    ]);
    expect(risk?.volatility).toBeCloseTo(0.916515, 5);
  });

  it('returns null when no position has a usable price history', () => {
    expect(portfolioRisk([{ weight: 1, prices: { start: '2024-01-01', closes: [1] } }])).toBeNull();
  });

  it('gives zero volatility and Sharpe for a flat series', () => {
    expect(riskOfReturns([0, 0, 0])).toEqual({ volatility: 0, sharpe: 0, max_drawdown: 0, observations: 3 });
  });
});

describe('tradeCost', () => {
  it('charges the commission plus the half spread of the asset type', () => {
    expect(tradeCost(50_000, 'etf')).toBeCloseTo(1 + 10, 10); // 2 bps of 50 000
    expect(tradeCost(10_000, 'stock')).toBeCloseTo(1 + 5, 10); // 5 bps
    expect(tradeCost(-4_000, 'crypto')).toBeCloseTo(1 + 10, 10); // 25 bps, sells too
    expect(tradeCost(0, 'etf')).toBe(0);
    expect(tradeCost(1000, 'etf', { ...DEFAULT_TRANSACTION_COST_MODEL, commission_per_trade: 0 })).toBeCloseTo(0.2, 10);
  });
});
