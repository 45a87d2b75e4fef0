import { parseAssetType, type AssetType, type InvestmentCandidate } from '@disc/types';
import { criteriaInForce, passesScreens, preliminaryScore, regionOf, screen } from '@disc/screening';
import type { MarketDataProvider } from '@disc/market-data';
import { defaultProvider } from './default-provider';
import { systemClock, type Clock } from './clock';
import { TopK } from './top-k';
import { checkMaxResults, checkRequestObject } from './inputs';
import { DiscoveryValidationError } from '@disc/types';

export interface ScreeningToolOptions {
  provider?: MarketDataProvider;
  clock?: Clock;
}

/** `market_region` values that mean "no region filter". */
const ANY_REGION = new Set(['', 'ALL', 'ANY', '*']);

/**
 * Hard screens only (the contract's `screen_etfs`, docs/decisions/0003-discovery-service-contract.md): the instruments that pass the criteria in
 * force, best `preliminary_score` first, as InvestmentCandidates. No final scoring.
 * `criteria` are validated and completed with the contract's defaults; fields the caller sets
 * are not moved by market adjustments.
 */
export class MarketScreeningTool {
  readonly provider: MarketDataProvider;
  private readonly clock: Clock;

  constructor(options: ScreeningToolOptions = {}) {
    this.provider = options.provider ?? defaultProvider();
    this.clock = options.clock ?? systemClock;
  }

  screenEtfs(
    criteria: Record<string, unknown> = {},
    marketRegion?: string,
    maxResults = 20,
  ): Promise<InvestmentCandidate[]> {
    return this.screen('etf', criteria, marketRegion, maxResults);
  }

  screenStocks(
    criteria: Record<string, unknown> = {},
    marketRegion?: string,
    maxResults = 20,
  ): Promise<InvestmentCandidate[]> {
    return this.screen('stock', criteria, marketRegion, maxResults);
  }

  screenCrypto(criteria: Record<string, unknown> = {}, maxResults = 20): Promise<InvestmentCandidate[]> {
    return this.screen('crypto', criteria, undefined, maxResults);
  }

  /** `marketRegion` keeps instruments of that region (case-insensitive; 'ALL' or omitted: any). */
  async screen(
    assetType: string,
    criteria: Record<string, unknown> = {},
    marketRegion?: string,
    maxResults = 20,
  ): Promise<InvestmentCandidate[]> {
    const type: AssetType = parseAssetType(assetType);
    const checkedCriteria = checkRequestObject(criteria, '/criteria', 'Invalid screening criteria');
    if (marketRegion !== undefined && marketRegion !== null && typeof marketRegion !== 'string') {
      throw new DiscoveryValidationError('Invalid market_region: /market_region must be a string', {
        details: { errors: [{ path: '/market_region', message: 'must be a string' }] },
      });
    }
    const limit = checkMaxResults(maxResults);
    const [context, universe] = await Promise.all([this.provider.getMarketContext(), this.provider.universe(type)]);
    const inForce = criteriaInForce(type, context, { criteria: checkedCriteria });
    // Crypto networks have no home region: a region does not filter them (as in discovery).
    const region =
      type !== 'crypto' && marketRegion && !ANY_REGION.has(marketRegion.trim().toUpperCase())
        ? marketRegion.trim().toLowerCase()
        : undefined;
    const top = new TopK<InvestmentCandidate>(limit);
    const discoveryDate = this.clock().toISOString();
    for (const { instrument, metrics } of universe) {
      if (region !== undefined && regionOf(instrument)?.toLowerCase() !== region) continue;
      if (!passesScreens(instrument, inForce.criteria, metrics)) continue;
      const result = screen(instrument, inForce.criteria, metrics);
      const score = preliminaryScore(result);
      if (!top.admits(score)) continue;
      top.offer(score, {
        symbol: instrument.symbol,
        name: instrument.name,
        asset_type: instrument.asset_type,
        current_price: instrument.current_price,
        market_cap: instrument.market_cap,
        preliminary_score: score,
        discovery_date: discoveryDate,
      });
    }
    return top.sorted();
  }

  screen_etfs(
    criteria?: Record<string, unknown>,
    market_region?: string,
    max_results?: number,
  ): Promise<InvestmentCandidate[]> {
    return this.screenEtfs(criteria, market_region, max_results);
  }
  screen_stocks(
    criteria?: Record<string, unknown>,
    market_region?: string,
    max_results?: number,
  ): Promise<InvestmentCandidate[]> {
    return this.screenStocks(criteria, market_region, max_results);
  }
  screen_crypto(criteria?: Record<string, unknown>, max_results?: number): Promise<InvestmentCandidate[]> {
    return this.screenCrypto(criteria, max_results);
  }
}
