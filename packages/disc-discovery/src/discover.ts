import { parseAssetType, reportedMarketContext, type DiscoveryResult } from '@disc/types';
import { proposeImprovements, type HoldingView } from '@disc/portfolio';
import type { MarketDataProvider } from '@disc/market-data';
import { secondsSince } from './clock';
import { discoverInUniverse, type Ranked } from './discover-core';
import { scoreSymbols } from './holdings-scoring';
import { checkPortfolioContext, discoveryOptions, type DiscoverRequest, type PortfolioContext } from './requests';
import type { TransactionCostModel } from '@disc/portfolio';
import type { Instrument, MarketContext, RiskTolerance } from '@disc/types';
import { peerIndexOf, type Grading } from './grading';
import { checkRequestObject } from './inputs';

export interface DiscoverDeps {
  provider: MarketDataProvider;
  now: Date;
  costModel?: TransactionCostModel;
  /** 'peer' grades (and ranks, and floors) by percentile within the peer group. */
  grading?: Grading;
}

/** One discovery (`POST /discover/{asset_type}` of docs/decisions/0003-discovery-service-contract.md):
 * validated request in, the contract's
 * Discovery result out. */
export async function discover(
  assetTypeInput: string,
  request: DiscoverRequest,
  deps: DiscoverDeps,
): Promise<DiscoveryResult> {
  const started = performance.now();
  const assetType = parseAssetType(assetTypeInput);
  request = checkRequestObject(request, '', 'Invalid discover request');
  const options = discoveryOptions(request.custom_criteria);
  checkPortfolioContext(request.portfolio_context);
  const discoveryDate = deps.now.toISOString();
  const [context, universe] = await Promise.all([deps.provider.getMarketContext(), deps.provider.universe(assetType)]);
  const peerKey = { regime: context.regime, riskTolerance: options.riskTolerance };
  const peers = deps.grading === 'peer' ? peerIndexOf(universe, peerKey) : undefined;
  const core = discoverInUniverse(assetType, universe, context, options, discoveryDate, peers);
  const improvements = request.portfolio_context
    ? await improvementsFor(request.portfolio_context, core.candidates, {
        ...deps,
        context,
        riskTolerance: options.riskTolerance,
        discoveryDate,
      })
    : [];
  return {
    discovery_date: discoveryDate,
    asset_type: assetType,
    total_screened: core.screened,
    execution_time_seconds: secondsSince(started),
    a_plus_candidates: core.candidates.map((c) => c.analysis),
    portfolio_improvements: improvements,
    market_context: reportedMarketContext(context),
  };
}

async function improvementsFor(
  portfolio: PortfolioContext,
  candidates: readonly Ranked[],
  deps: DiscoverDeps & { context: MarketContext; riskTolerance: RiskTolerance; discoveryDate: string },
): Promise<DiscoveryResult['portfolio_improvements']> {
  const holdings = portfolio.current_holdings ?? [];
  if (holdings.length === 0 && !portfolio.target_allocation) return [];
  const peersOf =
    deps.grading === 'peer'
      ? async (i: Instrument) =>
          peerIndexOf(await deps.provider.universe(i.asset_type), {
            regime: deps.context.regime,
            riskTolerance: deps.riskTolerance,
          })
      : undefined;
  const scored = await scoreSymbols(
    deps.provider,
    holdings.map((h) => h.symbol),
    deps.context,
    deps.riskTolerance,
    deps.discoveryDate,
    peersOf,
  );
  const views = holdings.map((h): HoldingView => {
    const s = scored.get(h.symbol.toUpperCase());
    return {
      symbol: h.symbol,
      allocation: h.allocation,
      ...(s ? { instrument: s.instrument } : {}),
      ...(s?.analysis?.final_score !== undefined ? { final_score: s.analysis.final_score } : {}),
    };
  });
  return proposeImprovements({
    holdings: views,
    candidates: candidates.map((c) => ({ analysis: c.analysis, instrument: c.instrument })),
    ...(portfolio.target_allocation ? { targetAllocation: portfolio.target_allocation } : {}),
    ...(portfolio.total_value !== undefined ? { portfolioValue: portfolio.total_value } : {}),
    ...(deps.context.risk_free_rate !== undefined ? { riskFreeRate: deps.context.risk_free_rate } : {}),
    ...(deps.costModel ? { costModel: deps.costModel } : {}),
  });
}
