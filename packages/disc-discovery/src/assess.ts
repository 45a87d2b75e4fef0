import { analyse, emptyMetrics } from '@disc/scoring';
import type { APlusAnalysis } from '@disc/types';
import { preliminaryScore } from '@disc/screening';
import type { MarketDataProvider } from '@disc/market-data';
import { gradePointOf, scoreOfRecord, type MonitorInput } from '@disc/monitoring';
import { defaultScreens } from './screening-score';

/** Today's grade of one symbol plus the signals its alerts need (what `GET /monitor` persists). */
export interface Assessment extends MonitorInput {
  analysis: APlusAnalysis;
  criteria_breaches: string[];
}

/** Scores a symbol under the criteria in force (moderate risk tolerance); undefined when the
 * provider does not know it. Throws InsufficientDataError when it cannot be scored at all. */
export async function assess(provider: MarketDataProvider, symbol: string, now: Date): Promise<Assessment | undefined> {
  const instrument = await provider.getInstrument(symbol);
  if (!instrument) return undefined;
  const [metrics, context] = await Promise.all([provider.metricsFor(symbol), provider.getMarketContext()]);
  const m = metrics ?? emptyMetrics();
  const assessedAt = now.toISOString();
  const screened = defaultScreens(instrument, m, context);
  const analysis = analyse(instrument, m, {
    context,
    discoveryDate: assessedAt,
    preliminaryScore: preliminaryScore(screened),
  });
  const breaches = screened.checks
    .filter((c) => !c.passed)
    .map((c) =>
      c.value === null
        ? `${c.criterion}: no data`
        : `${c.criterion}: ${String(c.value)} against the limit ${Array.isArray(c.limit) ? c.limit.join(', ') : String(c.limit)}`,
    );
  return {
    symbol: instrument.symbol,
    asset_type: instrument.asset_type,
    analysis,
    point: gradePointOf(now, analysis.final_grade, scoreOfRecord(analysis)),
    criteria_breaches: breaches,
    volatility_90d: m.volatility_90d,
    volatility_1y: m.volatility,
    assessed_at: assessedAt,
  };
}
