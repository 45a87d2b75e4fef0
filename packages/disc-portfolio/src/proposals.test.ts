import { bucketOf } from './holdings';
import { evaluateChange } from './improvement';
import { priorityFor } from './priority';
import { proposeImprovements } from './proposals';
import { analysis, etf, instrument } from './test-fixtures';

// Holdings OLD (ETF, 0.50 % expense ratio, returns +10 %, −10 %, +10 %, score 0.70) and
// FLAT (stock, flat prices, score 0.80), 50/50 of 100 000 USD. Candidate NEW (ETF, 0.05 %,
// returns +2 %, 0, +2 %, score 0.96).
const OLD = etf('OLD', 0.5, [100, 110, 99, 108.9]);
const FLAT = instrument('FLAT', 'stock', [50, 50, 50, 50]);
const NEW = etf('NEW', 0.05, [100, 102, 102, 104.04]);
const holdings = [
  { symbol: 'OLD', allocation: 50, instrument: OLD, final_score: 0.7 },
  { symbol: 'FLAT', allocation: 50, instrument: FLAT, final_score: 0.8 },
];

describe('evaluateChange (replacement)', () => {
  const { improvement, benefit } = evaluateChange(
    holdings,
    holdings[0]!,
    { analysis: analysis(NEW, 0.96), instrument: NEW },
    { portfolioValue: 100_000 },
  );

  it('prices the expense ratios and the two trades', () => {
    // 50 000 × (0.50 − 0.05) / 100 = 225 USD a year; two trades of 50 000 at 1 USD + 2 bps.
    expect(improvement.cost_analysis).toEqual({
      current_expense_ratio: 0.5,
      new_expense_ratio: 0.05,
      annual_savings: 0.45,
      annual_savings_usd: 225,
      transaction_costs: 22,
    });
  });

  it('measures the risk change of the whole portfolio', () => {
    // After: +1 %, 0, +1 % → vol 0.0916515, Sharpe 1.68 / 0.0916515 = 18.3303, no drawdown.
    expect(improvement.risk_impact.volatility_change).toBeCloseTo(0.0916515 - 0.916515, 4);
    expect(improvement.risk_impact.sharpe_improvement).toBeCloseTo(18.3303 - 4.58258, 3);
    expect(improvement.risk_impact.max_drawdown_change).toBeCloseTo(-0.05, 4);
  });

  it('counts grade steps as score gained over the 0.05 band width', () => {
    expect(improvement.expected_grade_improvement).toBeCloseTo(5.2, 10);
    expect(improvement.current_holding).toBe('OLD');
    expect(improvement.recommended_replacement.symbol).toBe('NEW');
  });

  it('ranks by first-year benefit against cost', () => {
    // 225 + 5.2 × 0.5 % × 50 000 + 13.74773 × 0.0916515 × 100 000 ≈ 127 520 USD against 22.
    expect(benefit).toBeCloseTo(225 + 1300 + 13.74773 * 0.0916515 * 100_000, -1);
    expect(improvement.implementation_priority).toBe(1);
  });
});

describe('priorityFor', () => {
  it('maps the benefit/cost ratio onto 1–5', () => {
    expect(priorityFor(500, 10)).toBe(1); // 50
    expect(priorityFor(499, 10)).toBe(2);
    expect(priorityFor(200, 10)).toBe(2); // 20
    expect(priorityFor(50, 10)).toBe(3); // 5
    expect(priorityFor(10, 10)).toBe(4); // 1
    expect(priorityFor(9, 10)).toBe(5);
    expect(priorityFor(-5, 10)).toBe(5);
    expect(priorityFor(1, 0)).toBe(1);
  });
});

describe('proposeImprovements', () => {
  const WORSE = etf('WORSE', 0.1, [100, 101, 102, 103]);
  const BOND = etf('BND2', 0.03, [100, 100.5, 100.4, 100.9], 'Intermediate Bond');
  const candidates = [
    { analysis: analysis(NEW, 0.96), instrument: NEW },
    { analysis: analysis(WORSE, 0.6), instrument: WORSE },
    { analysis: analysis(BOND, 0.95), instrument: BOND },
  ];

  it('replaces a holding only with a better candidate of the same class', () => {
    const out = proposeImprovements({ holdings, candidates });
    expect(out.map((p) => [p.current_holding, p.recommended_replacement.symbol])).toEqual([['OLD', 'NEW']]);
  });

  it('adds a candidate for an allocation class under its target', () => {
    const out = proposeImprovements({
      holdings,
      candidates,
      targetAllocation: { stocks: 60, bonds: 40, alternatives: 0 },
    });
    const addition = out.find((p) => p.current_holding === null);
    expect(addition?.recommended_replacement.symbol).toBe('BND2');
    // 40 % gap of 100 000: buys 40 000 of BND2 (1 + 8) and sells 20 000 of each holding pro rata (1 + 4 for the ETF, 1 + 10 for the stock).
    expect(addition?.cost_analysis.transaction_costs).toBeCloseTo(9 + 5 + 11, 2);
    // The slice sold had a weighted expense ratio of (0.5 + 0) / 2 = 0.25 %.
    expect(addition?.cost_analysis.current_expense_ratio).toBeCloseTo(0.25, 10);
  });

  it('classifies allocation buckets by asset type and ETF category', () => {
    expect(bucketOf(BOND)).toBe('bonds');
    expect(bucketOf(instrument('X', 'crypto', [1, 2]))).toBe('alternatives');
    expect(bucketOf(etf('GLD2', 0.4, [1, 2], 'Commodities Precious Metals'))).toBe('alternatives');
    expect(bucketOf(OLD)).toBe('stocks');
  });
});

describe('additions to an empty portfolio', () => {
  it('claim no grade steps when there is nothing to compare with', () => {
    const BOND = etf('BND3', 0.03, [100, 100.5, 100.4, 100.9], 'Treasury Bond');
    const [addition] = proposeImprovements({
      holdings: [],
      candidates: [{ analysis: analysis(BOND, 0.96), instrument: BOND }],
      targetAllocation: { bonds: 1 },
    });
    expect(addition?.current_holding).toBeNull();
    expect(addition?.expected_grade_improvement).toBe(0);
    // The whole notional 100 000 goes into BND3: one ETF buy, 1 + 20 USD.
    expect(addition?.cost_analysis.transaction_costs).toBe(21);
  });
});
