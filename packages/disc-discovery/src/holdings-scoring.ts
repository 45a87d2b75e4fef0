import { analyse, emptyMetrics, type PeerIndex } from '@disc/scoring';
import {
  DiscoveryError,
  type APlusAnalysis,
  type Instrument,
  type MarketContext,
  type RiskTolerance,
} from '@disc/types';
import type { MarketDataProvider } from '@disc/market-data';
import { defaultPreliminaryScore } from './screening-score';

export interface ScoredSymbol {
  instrument: Instrument;
  analysis?: APlusAnalysis;
}

/**
 * Looks up symbols the caller holds or names and scores each one the way discovery scores
 * candidates (same regime and risk tolerance), without the hard screens: a holding that fails
 * a screen still has a score to compare against. Its `preliminary_score` is its headroom under
 * the default criteria in force (`defaultScreens`). Unknown symbols are left out; symbols too
 * thin to score keep their instrument without an analysis.
 */
export async function scoreSymbols(
  provider: MarketDataProvider,
  symbols: readonly string[],
  context: MarketContext,
  riskTolerance: RiskTolerance,
  discoveryDate: string,
  /** Peer grading: the index of the instrument's universe, so holdings compare like candidates. */
  peersOf?: (instrument: Instrument) => Promise<PeerIndex>,
): Promise<Map<string, ScoredSymbol>> {
  const out = new Map<string, ScoredSymbol>();
  for (const symbol of new Set(symbols.map((s) => s.toUpperCase()))) {
    const instrument = await provider.getInstrument(symbol);
    if (!instrument) continue;
    const metrics = (await provider.metricsFor(symbol)) ?? emptyMetrics();
    const peers = peersOf ? await peersOf(instrument) : undefined;
    try {
      out.set(symbol, {
        instrument,
        analysis: analyse(instrument, metrics, {
          context,
          riskTolerance,
          discoveryDate,
          preliminaryScore: defaultPreliminaryScore(instrument, metrics, context, riskTolerance),
          ...(peers ? { peers } : {}),
        }),
      });
    } catch (error) {
      if (!(error instanceof DiscoveryError) || error.code !== 'INSUFFICIENT_DATA') throw error;
      out.set(symbol, { instrument });
    }
  }
  return out;
}
