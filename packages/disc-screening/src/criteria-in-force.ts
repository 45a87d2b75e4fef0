import { componentWeights, REGIME_ADJUSTMENTS, RISK_TOLERANCE_MULTIPLIERS, type ComponentWeights } from '@disc/scoring';
import type { AssetType, CriteriaResult, MarketAdjustments, MarketContext, RiskTolerance } from '@disc/types';
import { resolveCriteria } from './criteria';
import type { CriteriaByAssetType } from './criteria-schemas';

/** How market conditions and risk tolerance move the default limits (docs/scoring.md).
 * Values the caller set explicitly are never moved. */
export const CRITERIA_ADJUSTMENTS = Object.freeze({
  /** Cost sensitivity (bear, sideways): the ETF expense-ratio limit tightens. */
  costSensitiveExpenseFactor: 0.8,
  /** Rising rates make debt dearer: the stock debt-to-equity limit tightens. */
  risingRatesDebtFactor: 0.8,
  /** Inflation above this level raises the revenue-growth bar by the excess (real growth). */
  inflationThreshold: 0.03,
  /** Bear or volatile markets tighten the crypto 90-day volatility limit. */
  stressedCryptoVolFactor: 0.8,
  /** Risk tolerance scales volatility and drawdown limits. */
  riskToleranceLimitFactor: { conservative: 0.8, moderate: 1, aggressive: 1.25 },
});

export interface CriteriaInForceOptions {
  /** User criteria (validated, defaults filled in); adjustments skip the fields given here. */
  criteria?: Record<string, unknown>;
  riskTolerance?: RiskTolerance;
  /** JSON Pointer of the criteria in the caller's request, for error paths (`/custom_criteria`). */
  at?: string;
}

export interface CriteriaInForce<T extends AssetType = AssetType> {
  asset_type: T;
  criteria: CriteriaByAssetType[T];
  market_adjustments: MarketAdjustments;
  /** Component weights the scoring will use in this context. */
  weights: ComponentWeights;
}

/** The screening criteria and weights in force for an asset type in a market context. */
export function criteriaInForce<T extends AssetType>(
  assetType: T,
  context: MarketContext,
  options: CriteriaInForceOptions = {},
): CriteriaInForce<T> {
  const { criteria, explicit } = resolveCriteria(assetType, options.criteria ?? {}, options.at);
  const c = { ...criteria } as Record<string, unknown>;
  const notes: string[] = [];
  const regime = REGIME_ADJUSTMENTS[context.regime];
  const tolerance = options.riskTolerance ?? 'moderate';
  const scale = (key: string, factor: number, why: string): void => {
    if (explicit.has(key) || typeof c[key] !== 'number' || factor === 1) return;
    c[key] = round(c[key] * factor);
    notes.push(`${key} × ${factor} (${why})`);
  };
  if (assetType === 'etf' && regime.cost_sensitivity_increased)
    scale(
      'max_expense_ratio',
      CRITERIA_ADJUSTMENTS.costSensitiveExpenseFactor,
      `${context.regime} market: cost sensitivity`,
    );
  if (assetType === 'stock' && context.interest_rate_environment === 'rising')
    scale('max_debt_to_equity', CRITERIA_ADJUSTMENTS.risingRatesDebtFactor, 'rising rates');
  if (
    assetType === 'stock' &&
    context.inflation_rate > CRITERIA_ADJUSTMENTS.inflationThreshold &&
    !explicit.has('min_revenue_growth')
  ) {
    const excess = round(context.inflation_rate - CRITERIA_ADJUSTMENTS.inflationThreshold);
    c.min_revenue_growth = round((c.min_revenue_growth as number) + excess);
    notes.push(
      `min_revenue_growth + ${excess} (inflation ${context.inflation_rate} above ${CRITERIA_ADJUSTMENTS.inflationThreshold})`,
    );
  }
  if (assetType === 'crypto' && (context.regime === 'bear' || context.regime === 'volatile'))
    scale('max_volatility_90d', CRITERIA_ADJUSTMENTS.stressedCryptoVolFactor, `${context.regime} market`);
  const f = CRITERIA_ADJUSTMENTS.riskToleranceLimitFactor[tolerance];
  for (const key of ['max_volatility', 'max_volatility_90d', 'max_drawdown'])
    scale(key, f, `${tolerance} risk tolerance`);
  if (typeof c.max_drawdown === 'number' && c.max_drawdown > 1) c.max_drawdown = 1;

  const tm = RISK_TOLERANCE_MULTIPLIERS[tolerance];
  if (tolerance !== 'moderate')
    notes.push(`component weights: risk × ${tm.risk}, technical × ${tm.technical} (${tolerance} risk tolerance)`);
  return {
    asset_type: assetType,
    criteria: c as unknown as CriteriaByAssetType[T],
    market_adjustments: {
      regime: context.regime,
      quality_weight_multiplier: regime.multipliers.quality,
      cost_sensitivity_increased: regime.cost_sensitivity_increased,
      risk_weight_multiplier: regime.multipliers.risk,
      notes: [regime.reason, ...notes],
    },
    weights: componentWeights(assetType, { regime: context.regime, riskTolerance: tolerance }),
  };
}

/** The spec's Criteria result (GET /criteria/{asset_type}). */
export function criteriaResult(
  assetType: AssetType,
  context: MarketContext,
  lastUpdated: Date | string,
  options: CriteriaInForceOptions = {},
): CriteriaResult {
  const inForce = criteriaInForce(assetType, context, options);
  return {
    asset_type: assetType,
    criteria: { ...inForce.criteria },
    market_adjustments: inForce.market_adjustments,
    last_updated: typeof lastUpdated === 'string' ? lastUpdated : lastUpdated.toISOString(),
  };
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
