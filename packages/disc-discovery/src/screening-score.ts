import { criteriaInForce, preliminaryScore, screen, type ScreenResult } from '@disc/screening';
import type { Instrument, MarketContext, PriceMetrics, RiskTolerance } from '@disc/types';

/**
 * The hard screens of an instrument under the default criteria in force for its type (adjusted
 * to the market context and the risk tolerance, docs/scoring.md), for a symbol scored outside
 * a discovery run: a holding, a discovery named in an integration plan, a monitored symbol, a
 * symbol given to `APlusScoringTool`. Its `preliminaryScore` is the candidate's
 * `preliminary_score`, as discovery gives it, never the final score in its place.
 */
export function defaultScreens(
  instrument: Instrument,
  metrics: PriceMetrics,
  context: MarketContext,
  riskTolerance?: RiskTolerance,
): ScreenResult {
  const inForce = criteriaInForce(instrument.asset_type, context, riskTolerance ? { riskTolerance } : {});
  return screen(instrument, inForce.criteria, metrics);
}

/** `preliminary_score` of a symbol scored outside a discovery run (see `defaultScreens`). */
export function defaultPreliminaryScore(
  instrument: Instrument,
  metrics: PriceMetrics,
  context: MarketContext,
  riskTolerance?: RiskTolerance,
): number {
  return preliminaryScore(defaultScreens(instrument, metrics, context, riskTolerance));
}
