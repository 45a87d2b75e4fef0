import type { AssetType, PortfolioImprovement } from '@disc/types';
import { expenseRatioOf, finalScoreOf, normaliseWeights, type CandidateView, type HoldingView } from './holdings';
import { portfolioRisk, type WeightedSeries } from './portfolio-risk';
import { annualBenefit, priorityFor } from './priority';
import {
  DEFAULT_TRANSACTION_COST_MODEL,
  roundCents,
  roundTo,
  tradeCost,
  type TransactionCostModel,
} from './transaction-costs';

/** One grade band is 0.05 of final score (docs/decisions/0006-grades.md). */
const GRADE_BAND_WIDTH = 0.05;

export interface ChangeOptions {
  /** Portfolio value in USD the weights apply to. */
  portfolioValue: number;
  riskFreeRate?: number;
  costModel?: TransactionCostModel;
}

export interface EvaluatedChange {
  improvement: PortfolioImprovement;
  /** First-year benefit in USD (see priority.ts); used to rank proposals. */
  benefit: number;
}

/**
 * Evaluates one change to a portfolio: `replaced` sold in full for `candidate`, or — when
 * `replaced` is null — `candidate` added at `addWeight`, funded by selling every holding
 * pro rata. Risk, cost and grade effects are all measured against the whole portfolio.
 */
export function evaluateChange(
  holdings: readonly HoldingView[],
  replaced: HoldingView | null,
  candidate: CandidateView,
  options: ChangeOptions & { addWeight?: number },
): EvaluatedChange {
  const { portfolioValue, riskFreeRate = 0, costModel = DEFAULT_TRANSACTION_COST_MODEL } = options;
  const weights = normaliseWeights(holdings.map((h) => h.allocation));
  const candidateType = candidate.instrument.asset_type;
  const typeOf = (h: HoldingView): AssetType => h.instrument?.asset_type ?? candidateType;

  let moved: number;
  let currentExpense: number;
  let currentScore: number;
  let after: WeightedSeries[];
  let transactionCosts: number;
  if (replaced !== null) {
    const index = holdings.indexOf(replaced);
    moved = weights[index] ?? 0;
    currentExpense = expenseRatioOf(replaced.instrument);
    currentScore = replaced.final_score ?? 0;
    after = holdings.flatMap((h, i) => (i === index ? [] : seriesOf(h, weights[i] ?? 0)));
    transactionCosts = tradeCost(moved * portfolioValue, typeOf(replaced), costModel);
  } else {
    moved = Math.min(1, Math.max(0, options.addWeight ?? 0));
    currentExpense = weightedAverage(holdings, weights, (h) => expenseRatioOf(h.instrument));
    // Against the scored holdings; with none to compare, the addition gains no grade steps.
    currentScore = weightedAverage(holdings, weights, (h) => h.final_score, finalScoreOf(candidate.analysis));
    after = holdings.flatMap((h, i) => seriesOf(h, (weights[i] ?? 0) * (1 - moved)));
    transactionCosts = holdings.reduce(
      (sum, h, i) => sum + tradeCost((weights[i] ?? 0) * moved * portfolioValue, typeOf(h), costModel),
      0,
    );
  }
  const positionValue = moved * portfolioValue;
  transactionCosts += tradeCost(positionValue, candidateType, costModel);
  if (candidate.instrument.prices) after.push({ weight: moved, prices: candidate.instrument.prices });

  const before = portfolioRisk(
    holdings.flatMap((h, i) => seriesOf(h, weights[i] ?? 0)),
    riskFreeRate,
  );
  const afterRisk = portfolioRisk(after, riskFreeRate);
  const both = before !== null && afterRisk !== null;
  const volatilityChange = both ? afterRisk.volatility - before.volatility : 0;
  const sharpeImprovement = both ? afterRisk.sharpe - before.sharpe : 0;
  const drawdownChange = both ? afterRisk.max_drawdown - before.max_drawdown : 0;

  const newExpense = expenseRatioOf(candidate.instrument);
  const annualSavings = (positionValue * (currentExpense - newExpense)) / 100;
  const gradeSteps = (finalScoreOf(candidate.analysis) - currentScore) / GRADE_BAND_WIDTH;
  const benefit = annualBenefit({
    annualSavings,
    gradeSteps,
    positionValue,
    sharpeImprovement,
    volatilityAfter: afterRisk?.volatility ?? 0,
    portfolioValue,
  });
  return {
    benefit,
    improvement: {
      current_holding: replaced?.symbol ?? null,
      recommended_replacement: candidate.analysis.candidate,
      expected_grade_improvement: roundTo(gradeSteps, 2),
      risk_impact: {
        volatility_change: roundTo(volatilityChange, 4),
        sharpe_improvement: roundTo(sharpeImprovement, 4),
        max_drawdown_change: roundTo(drawdownChange, 4),
      },
      cost_analysis: {
        current_expense_ratio: roundTo(currentExpense, 4),
        new_expense_ratio: roundTo(newExpense, 4),
        annual_savings: roundTo(currentExpense - newExpense, 4),
        annual_savings_usd: roundCents(annualSavings),
        transaction_costs: roundCents(transactionCosts),
      },
      implementation_priority: priorityFor(benefit, transactionCosts),
    },
  };
}

function seriesOf(h: HoldingView, weight: number): WeightedSeries[] {
  return h.instrument?.prices ? [{ weight, prices: h.instrument.prices }] : [];
}

/** Weighted mean over the holdings that have the value; `fallback` when none has it. */
function weightedAverage(
  holdings: readonly HoldingView[],
  weights: readonly number[],
  value: (h: HoldingView) => number | undefined,
  fallback = 0,
): number {
  let sum = 0;
  let weight = 0;
  holdings.forEach((h, i) => {
    const v = value(h);
    if (v === undefined) return;
    sum += v * (weights[i] ?? 0);
    weight += weights[i] ?? 0;
  });
  return weight > 0 ? sum / weight : fallback;
}
